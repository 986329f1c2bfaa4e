import { membershipLimits, staffInvitationForm } from '../../../domain/forms/membership-forms';
import { request, useApi } from '../../hooks/use-api';
import { useForm } from '../../hooks/use-form';
import type { ApiClient } from '../../../services/api/client';
import { FormErrorSummary } from '../form/error-summary';
import { TextAreaField } from '../form/field';
import { SubmitButton } from '../form/submit-button';
import { operationErrors } from '../worlds/world-format';

const labels = { emails: '招待するメールアドレス', message: 'メッセージ' };

type InvitationBody = { emails: string[]; message?: string };

/**
 * Invites by e-mail, one address per line, up to `maxEmails` at once: staff
 * (createStaffInvitations) or attendees (createWorldInvitations), as `send` says. What was typed
 * stays after a refusal.
 */
export function InviteForm({
  label,
  schema = staffInvitationForm,
  maxEmails = membershipLimits.invitationEmails,
  send,
  onInvited,
}: {
  /** The form's accessible name ("スタッフの招待"). */
  label: string;
  schema?: typeof staffInvitationForm;
  maxEmails?: number;
  send: (
    api: ApiClient,
    body: InvitationBody,
  ) => Promise<{ data?: { items: unknown[] }; error?: unknown; response: Response }>;
  onInvited: (count: number) => void;
}) {
  const api = useApi();
  const form = useForm(schema, { emails: '', message: '' });

  const onSubmit = form.handleSubmit(async (body) => {
    const outcome = await request(() => send(api, body));
    if (!outcome.ok) return { errors: operationErrors(outcome) };
    form.reset({ emails: '', message: '' });
    onInvited(outcome.data.items.length);
  });

  return (
    <form className="form" noValidate onSubmit={onSubmit} aria-label={label}>
      <FormErrorSummary form={form} labels={labels} title="招待を送れませんでした。" />
      <TextAreaField
        {...form.field('emails')}
        label={labels.emails}
        rows={4}
        hint={`1行に1件、または読点・カンマ区切りで${maxEmails}件まで。招待メールのリンクは7日間有効です。`}
      />
      <TextAreaField
        {...form.field('message')}
        label={labels.message}
        required={false}
        rows={3}
        hint={`招待メールに添えられます。${membershipLimits.invitationMessage}文字以内。`}
      />
      <SubmitButton submitting={form.submitting} busyLabel="送信しています…">
        招待メールを送る
      </SubmitButton>
    </form>
  );
}
