import { useMemo } from 'react';
import { guestEditForm, guestLimits } from '../../../domain/forms/guest-forms';
import { toLocalInput } from '../../../domain/time-zone';
import { request, useApi } from '../../hooks/use-api';
import { useForm } from '../../hooks/use-form';
import { FormErrorSummary } from '../form/error-summary';
import { TextField } from '../form/field';
import { SubmitButton } from '../form/submit-button';
import { operationErrors, type World } from '../worlds/world-format';
import { GuestExpiryField, type Guest } from './guest-form';
import { guestMutations } from '../../../services/api/guests-queries';

const labels = { name: 'ゲストの名前', expiresAt: '有効期限' };

/** Changes a guest's name and the expiry of its link (updateGuest); an expiry left alone is not sent. */
export function GuestEditForm({
  world,
  guest,
  onSaved,
  onCancel,
}: {
  world: World;
  guest: Guest;
  onSaved: (guest: Guest) => void;
  onCancel: () => void;
}) {
  const api = useApi();
  const shownExpiry = guest.expiresAt ? toLocalInput(guest.expiresAt, world.timeZone) : '';
  const schema = useMemo(
    () => guestEditForm(world.timeZone, shownExpiry),
    [world.timeZone, shownExpiry],
  );
  const form = useForm(schema, { name: guest.name, expiresAt: shownExpiry });

  const onSubmit = form.handleSubmit(async (body) => {
    const outcome = await request(() => guestMutations.update(api, guest.id, body));
    if (!outcome.ok) return { errors: operationErrors(outcome) };
    onSaved(outcome.data);
  });

  return (
    <form className="form" noValidate onSubmit={onSubmit} aria-label={`${guest.name}さんの編集`}>
      <FormErrorSummary form={form} labels={labels} title="保存できませんでした。" />
      <TextField
        {...form.field('name')}
        label={labels.name}
        autoComplete="off"
        hint={`${guestLimits.name}文字以内。`}
      />
      <GuestExpiryField
        field={form.field('expiresAt')}
        zone={world.timeZone}
        label={labels.expiresAt}
      />
      <div className="membership-item-actions">
        <SubmitButton submitting={form.submitting} busyLabel="保存しています…">
          保存する
        </SubmitButton>
        <button type="button" className="button" onClick={onCancel}>
          やめる
        </button>
      </div>
    </form>
  );
}
