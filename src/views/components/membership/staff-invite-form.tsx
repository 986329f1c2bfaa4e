import { membershipLimits, staffInvitationForm } from '../../../domain/forms/membership-forms';
import { request, useApi } from '../../hooks/use-api';
import { useForm } from '../../hooks/use-form';
import { FormErrorSummary } from '../form/error-summary';
import { TextAreaField } from '../form/field';
import { SubmitButton } from '../form/submit-button';
import { operationErrors } from '../worlds/world-format';
import { memberMutations } from '../../../services/api/members-queries';

const labels = { emails: '招待するメールアドレス', message: 'メッセージ' };

/** Invites staff by e-mail (createStaffInvitations): one address per line, up to 50 at once. */
export function StaffInviteForm({
  worldId,
  onInvited,
}: {
  worldId: string;
  onInvited: (count: number) => void;
}) {
  const api = useApi();
  const form = useForm(staffInvitationForm, { emails: '', message: '' });

  const onSubmit = form.handleSubmit(async (body) => {
    const outcome = await request(() => memberMutations.inviteStaff(api, worldId, body));
    if (!outcome.ok) return { errors: operationErrors(outcome) };
    form.reset({ emails: '', message: '' });
    onInvited(outcome.data.items.length);
  });

  return (
    <form className="form" noValidate onSubmit={onSubmit} aria-label="スタッフの招待">
      <FormErrorSummary form={form} labels={labels} title="招待を送れませんでした。" />
      <TextAreaField
        {...form.field('emails')}
        label={labels.emails}
        rows={4}
        hint={`1行に1件、または読点・カンマ区切りで${membershipLimits.invitationEmails}件まで。招待メールのリンクは7日間有効です。`}
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
