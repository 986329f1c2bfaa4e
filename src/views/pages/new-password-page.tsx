import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { newPasswordForm } from '../../domain/forms/auth-forms';
import { ErrorSummary, FormErrorSummary } from '../components/form/error-summary';
import { FormPage } from '../components/form/form-page';
import { Notice } from '../components/form/notice';
import { NewPasswordFields } from '../components/form/new-password-fields';
import { SubmitButton } from '../components/form/submit-button';
import { request, useApi } from '../hooks/use-api';
import { ThenLink } from '../components/form/then-link';
import { useForm } from '../hooks/use-form';
import { accountMutations } from '../../services/api/account-queries';

const labels = {
  reset_password_token: 'リンク',
  password: '新しいパスワード',
  password_confirmation: '新しいパスワード（確認）',
};

// The server's wording for a link it refuses (server/auth/accounts.ts), used for a link
// that has no token at all.
const invalidLinkMessage =
  'リンクが無効か期限切れです。もう一度パスワードの再設定をお申し込みください。';

/** /newPassword?reset_password_token=…: sets a new password with the mailed one-time token. */
export function NewPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('reset_password_token');

  if (!token) {
    return (
      <FormPage heading="新しいパスワードの設定">
        <ErrorSummary messages={[invalidLinkMessage]} focusKey={0} title="このリンクは使えません。">
          <p>
            <Link to="/resetPassword">パスワードの再設定を申し込む</Link>
          </p>
        </ErrorSummary>
      </FormPage>
    );
  }
  return <NewPasswordForm token={token} />;
}

function NewPasswordForm({ token }: { token: string }) {
  const api = useApi();
  const form = useForm(newPasswordForm, {
    reset_password_token: token,
    password: '',
    password_confirmation: '',
  });
  const [done, setDone] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (body) => {
    const outcome = await request(() => accountMutations.resetPassword(api, body));
    if (!outcome.ok) return { errors: outcome.errors };
    setDone(outcome.data.message);
  });

  if (done) {
    return (
      <FormPage heading="新しいパスワードの設定">
        <Notice focusOnMount>
          <p>{done}</p>
          <p>
            <ThenLink />
          </p>
        </Notice>
      </FormPage>
    );
  }

  return (
    <FormPage heading="新しいパスワードの設定">
      <p>
        新しいパスワードを入力してください。変更すると、ログイン中のすべての端末でログアウトされます。
      </p>
      <form className="form" noValidate onSubmit={onSubmit}>
        <FormErrorSummary form={form} labels={labels} title="パスワードを変更できませんでした。">
          {(form.formErrors.length > 0 || form.errors.reset_password_token) && (
            <p>
              <Link to="/resetPassword">パスワードの再設定をもう一度申し込む</Link>
            </p>
          )}
        </FormErrorSummary>
        <NewPasswordFields
          password={form.field('password')}
          confirmation={form.field('password_confirmation')}
          labels={{ password: labels.password, confirmation: labels.password_confirmation }}
        />
        <SubmitButton submitting={form.submitting} busyLabel="変更しています…">
          パスワードを変更する
        </SubmitButton>
      </form>
      <ul className="form-links">
        <li>
          <Link to="/resetPassword">リンクの有効期限が切れた方</Link>
        </li>
      </ul>
    </FormPage>
  );
}
