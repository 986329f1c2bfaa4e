import { useMemo } from 'react';
import { guestForm, guestLimits } from '../../../domain/forms/guest-forms';
import { TIME_ZONE_LABELS } from '../../../domain/time-zone';
import type { components } from '../../../services/api/schema';
import { request, useApi } from '../../hooks/use-api';
import { useDisclosure } from '../../hooks/use-disclosure';
import { useForm, type FieldBinding } from '../../hooks/use-form';
import { FormErrorSummary } from '../form/error-summary';
import { TextField } from '../form/field';
import { SubmitButton } from '../form/submit-button';
import { operationErrors, type World } from '../worlds/world-format';
import { guestMutations } from '../../../services/api/guests-queries';

export type Guest = components['schemas']['Guest'];

const labels = { name: 'ゲストの名前', email: 'メールアドレス', expiresAt: '有効期限' };
const blank = { name: '', email: '', expiresAt: '' };

/** Registers a guest before it comes (createGuest): its own entry link, mailed when an address is given. */
export function GuestForm({
  world,
  onCreated,
}: {
  world: World;
  onCreated: (guest: Guest) => void;
}) {
  const api = useApi();
  const disclosure = useDisclosure();
  const schema = useMemo(() => guestForm(world.timeZone), [world.timeZone]);
  const form = useForm(schema, blank);

  const onSubmit = form.handleSubmit(async (body) => {
    const outcome = await request(() => guestMutations.create(api, world.id, body));
    if (!outcome.ok) return { errors: operationErrors(outcome) };
    form.reset(blank);
    disclosure.close();
    onCreated(outcome.data);
  });

  return (
    <div className="membership-subsection">
      <button type="button" className="button button-primary" {...disclosure.buttonProps}>
        ゲストを登録
      </button>
      {disclosure.open && (
        <form className="form" noValidate onSubmit={onSubmit} aria-label="ゲストの登録">
          <FormErrorSummary form={form} labels={labels} title="ゲストを登録できませんでした。" />
          <TextField
            {...form.field('name')}
            label={labels.name}
            autoComplete="off"
            hint={`ワールドの中で表示される名前。${guestLimits.name}文字以内。`}
          />
          <TextField
            {...form.field('email')}
            type="email"
            label={labels.email}
            required={false}
            autoComplete="off"
            hint="入力すると、このゲスト専用の入場用リンクをメールで送ります。"
          />
          <GuestExpiryField
            field={form.field('expiresAt')}
            zone={world.timeZone}
            label={labels.expiresAt}
          />
          <SubmitButton submitting={form.submitting} busyLabel="登録しています…">
            登録する
          </SubmitButton>
        </form>
      )}
    </div>
  );
}

/** The expiry of a guest's link, a wall-clock time of the world's zone; blank is none. */
export function GuestExpiryField({
  field,
  zone,
  label,
}: {
  field: FieldBinding;
  zone: World['timeZone'];
  label: string;
}) {
  return (
    <TextField
      {...field}
      type="datetime-local"
      label={label}
      required={false}
      autoComplete="off"
      hint={`${TIME_ZONE_LABELS[zone]}の日時。空欄なら期限なし。期限を過ぎるとリンクから入場できません。`}
    />
  );
}
