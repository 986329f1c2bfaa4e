import { useState } from 'react';
import { resendConfirmationForm } from '../../../domain/forms/auth-forms';
import { request, useApi } from '../../hooks/use-api';
import { useForm } from '../../hooks/use-form';
import { FormErrorSummary } from './error-summary';
import { TextField } from './field';
import { Notice } from './notice';
import { SubmitButton } from './submit-button';
import { accountMutations } from '../../../services/api/account-queries';

const labels = { email: 'メールアドレス' };

/** Asks for the confirmation mail again, for an address typed in (or carried over). */
export function ResendConfirmationForm({ defaultEmail = '' }: { defaultEmail?: string }) {
  const api = useApi();
  const form = useForm(resendConfirmationForm, { email: defaultEmail });
  const [sent, setSent] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (body) => {
    setSent(null);
    const outcome = await request(() => accountMutations.resendConfirmation(api, body));
    if (!outcome.ok) return { errors: outcome.errors };
    setSent(outcome.data.message);
  });

  return (
    <form className="form" noValidate onSubmit={onSubmit} aria-label="確認メールの再送信">
      <FormErrorSummary form={form} labels={labels} title="確認メールを送信できませんでした。" />
      {sent && (
        <Notice>
          <p>{sent}</p>
          <p>メールに記載されたリンクを開いて、メールアドレスの確認を完了してください。</p>
        </Notice>
      )}
      <TextField {...form.field('email')} label={labels.email} type="email" autoComplete="email" />
      <SubmitButton submitting={form.submitting}>確認メールを再送信する</SubmitButton>
    </form>
  );
}
