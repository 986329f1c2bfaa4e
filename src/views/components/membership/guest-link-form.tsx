import { useMemo } from 'react';
import {
  guestLinkForm,
  membershipLimits,
  type GuestLinkBody,
} from '../../../domain/forms/membership-forms';
import { TIME_ZONE_LABELS } from '../../../domain/time-zone';
import type { ApiOutcome } from '../../hooks/use-api';
import { useDisclosure } from '../../hooks/use-disclosure';
import { useForm } from '../../hooks/use-form';
import { FormErrorSummary } from '../form/error-summary';
import { TextField } from '../form/field';
import { SubmitButton } from '../form/submit-button';
import { operationErrors, type World } from '../worlds/world-format';

const labels = { label: 'リンクの名前', expiresAt: '有効期限', maxUses: '使用回数の上限' };
const blank = { label: '', expiresAt: '', maxUses: '' };

/**
 * Issues a link anyone may enter with: a shared guest link (createWorldGuestToken) or an instant
 * entrance (createInstantEntrance), whose bodies are the same; everything is optional.
 */
export function GuestLinkForm<Link>({
  world,
  what,
  create,
  onCreated,
}: {
  world: World;
  /** "ゲスト用リンク": read in "ゲスト用リンクを発行". */
  what: string;
  create: (body: GuestLinkBody) => Promise<ApiOutcome<Link>>;
  onCreated: (link: Link) => void;
}) {
  const disclosure = useDisclosure();
  const schema = useMemo(() => guestLinkForm(world.timeZone), [world.timeZone]);
  const form = useForm(schema, blank);

  const onSubmit = form.handleSubmit(async (body) => {
    const outcome = await create(body);
    if (!outcome.ok) return { errors: operationErrors(outcome) };
    form.reset(blank);
    disclosure.close();
    onCreated(outcome.data);
  });

  return (
    <div className="membership-subsection">
      <button type="button" className="button button-primary" {...disclosure.buttonProps}>
        {what}を発行
      </button>
      {disclosure.open && (
        <form className="form" noValidate onSubmit={onSubmit} aria-label={`${what}の発行`}>
          <FormErrorSummary form={form} labels={labels} title={`${what}を発行できませんでした。`} />
          <TextField
            {...form.field('label')}
            label={labels.label}
            required={false}
            autoComplete="off"
            hint={`どこで配ったリンクか分かる名前。${membershipLimits.guestLinkLabel}文字以内。`}
          />
          <TextField
            {...form.field('expiresAt')}
            type="datetime-local"
            label={labels.expiresAt}
            required={false}
            autoComplete="off"
            hint={`${TIME_ZONE_LABELS[world.timeZone]}の日時。空欄なら期限なし。`}
          />
          <TextField
            {...form.field('maxUses')}
            type="number"
            label={labels.maxUses}
            required={false}
            autoComplete="off"
            hint={`1〜${membershipLimits.guestLinkMaxUses}回。空欄なら上限なし。`}
          />
          <SubmitButton submitting={form.submitting} busyLabel="発行しています…">
            発行する
          </SubmitButton>
        </form>
      )}
    </div>
  );
}
