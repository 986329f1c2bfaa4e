import { useState } from 'react';
import { Link } from 'react-router';
import { resetPasswordForm } from '../../domain/forms/auth-forms';
import { FormErrorSummary } from '../components/form/error-summary';
import { TextField } from '../components/form/field';
import { FormPage } from '../components/form/form-page';
import { Notice } from '../components/form/notice';
import { SubmitButton } from '../components/form/submit-button';
import { request, useApi } from '../hooks/use-api';
import { useForm } from '../hooks/use-form';
import { accountMutations } from '../../services/api/account-queries';

const labels = { email: 'メールアドレス' };

/** /resetPassword: mails a link to /newPassword. The answer is the same for every address. */
export function ResetPasswordPage() {
  const api = useApi();
  const form = useForm(resetPasswordForm, { email: '' });
  const [sent, setSent] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (body) => {
    setSent(null);
    const outcome = await request(() => accountMutations.requestPasswordReset(api, body));
    if (!outcome.ok) return { errors: outcome.errors };
    setSent(outcome.data.message);
  });

  return (
    <FormPage heading="パスワードの再設定">
      {sent ? (
        <Notice title="受け付けました" focusOnMount>
          <p>{sent}</p>
          <p>メールに記載されたリンクを開き、新しいパスワードを設定してください。</p>
        </Notice>
      ) : (
        <p>
          登録したメールアドレスを入力してください。パスワードを再設定するためのリンクをお送りします。
        </p>
      )}
      <form className="form" noValidate onSubmit={onSubmit}>
        <FormErrorSummary form={form} labels={labels} title="送信できませんでした。" />
        <TextField
          {...form.field('email')}
          label={labels.email}
          type="email"
          autoComplete="email"
        />
        <SubmitButton submitting={form.submitting}>
          {sent ? 'もう一度送信する' : '再設定メールを送信する'}
        </SubmitButton>
      </form>
      <ul className="form-links">
        <li>
          <Link to="/signin">ログイン画面へ戻る</Link>
        </li>
      </ul>
    </FormPage>
  );
}
