import { useMemo } from 'react';
import {
  guestLinkForm,
  membershipLimits,
  type GuestLinkBody,
} from '../../../domain/forms/membership-forms';
import { TIME_ZONE_LABELS, toLocalInput } from '../../../domain/time-zone';
import type { ApiOutcome } from '../../hooks/use-api';
import { useDisclosure } from '../../hooks/use-disclosure';
import { useForm } from '../../hooks/use-form';
import { FormErrorSummary } from '../form/error-summary';
import { TextField } from '../form/field';
import { SubmitButton } from '../form/submit-button';
import { operationErrors, type World } from '../worlds/world-format';

const labels = { label: 'リンクの名前', expiresAt: '有効期限', maxUses: '使用回数の上限' };
const blank = { label: '', expiresAt: '', maxUses: '' };

/** What a link's settings are, as the list shows them (WorldGuestToken, InstantEntrance). */
type LinkSettings = { label: string | null; expiresAt: string | null; maxUses: number | null };

type Mode<Link> =
  | { kind: 'issue'; submit: (body: GuestLinkBody) => Promise<ApiOutcome<Link>> }
  | {
      kind: 'change';
      /** The link's settings now, and its name as the list shows it. */
      link: LinkSettings;
      name: string;
      /** null clears a setting (no name, no expiry, no limit). */
      submit: (change: LinkSettings) => Promise<ApiOutcome<Link>>;
    };

/**
 * Issues a link anyone may enter with (a shared guest link, createWorldGuestToken, or an instant
 * entrance, createInstantEntrance, whose bodies are the same; everything is optional), or changes
 * one's name, expiry and limit (updateWorldGuestToken): a field left empty clears it.
 */
export function GuestLinkForm<Link>({
  world,
  what,
  mode,
  onDone,
}: {
  world: World;
  /** "ゲスト用リンク": read in "ゲスト用リンクを発行". */
  what: string;
  mode: Mode<Link>;
  onDone: (link: Link) => void;
}) {
  const disclosure = useDisclosure();
  const schema = useMemo(() => guestLinkForm(world.timeZone), [world.timeZone]);
  const initial =
    mode.kind === 'issue'
      ? blank
      : {
          label: mode.link.label ?? '',
          expiresAt: mode.link.expiresAt ? toLocalInput(mode.link.expiresAt, world.timeZone) : '',
          maxUses: mode.link.maxUses === null ? '' : String(mode.link.maxUses),
        };
  const form = useForm(schema, initial);
  const text =
    mode.kind === 'issue'
      ? {
          open: `${what}を発行`,
          openLabel: undefined,
          form: `${what}の発行`,
          failed: `${what}を発行できませんでした。`,
          submit: '発行する',
          busy: '発行しています…',
        }
      : {
          open: '変更',
          openLabel: `「${mode.name}」を変更`,
          form: `「${mode.name}」の変更`,
          failed: '変更できませんでした。',
          submit: '変更する',
          busy: '変更しています…',
        };

  const onSubmit = form.handleSubmit(async (body) => {
    const outcome =
      mode.kind === 'issue'
        ? await mode.submit(body)
        : await mode.submit({
            label: body.label ?? null,
            expiresAt: body.expiresAt ?? null,
            maxUses: body.maxUses ?? null,
          });
    if (!outcome.ok) return { errors: operationErrors(outcome) };
    form.reset(blank);
    disclosure.close();
    onDone(outcome.data);
  });

  return (
    <div className="membership-subsection">
      <button
        type="button"
        className={mode.kind === 'issue' ? 'button button-primary' : 'button'}
        aria-label={text.openLabel}
        {...disclosure.buttonProps}
        onClick={() => {
          // A change starts from the link's settings as they are now.
          if (mode.kind === 'change' && !disclosure.open) form.reset(initial);
          disclosure.buttonProps.onClick();
        }}
      >
        {text.open}
      </button>
      {disclosure.open && (
        <form className="form" noValidate onSubmit={onSubmit} aria-label={text.form}>
          <FormErrorSummary form={form} labels={labels} title={text.failed} />
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
          <SubmitButton submitting={form.submitting} busyLabel={text.busy}>
            {text.submit}
          </SubmitButton>
        </form>
      )}
    </div>
  );
}
