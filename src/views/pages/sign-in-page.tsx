import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { signInForm } from '../../domain/forms/auth-forms';
import { SIGN_IN_AGAIN_MESSAGE } from '../../domain/session-expiry';
import { ErrorSummary } from '../components/form/error-summary';
import { TextField } from '../components/form/field';
import { FormPage } from '../components/form/form-page';
import { SubmitButton } from '../components/form/submit-button';
import { useForm } from '../hooks/use-form';
import { useSession } from '../hooks/use-session';

const labels = { email: 'メールアドレス', password: 'パスワード' };

// The server's message for an unconfirmed account ends by telling the person to resend the
// mail; the page then offers the resend form right there.
const mentionsResend = (message: string) => message.includes('確認メールを再送信');

/**
 * /signin (optional ?worldId=): the session signs in and navigates by itself on success (back to
 * that world when one is given).
 */
export function SignInPage() {
  const [searchParams] = useSearchParams();
  const worldId = searchParams.get('worldId') ?? undefined;
  const session = useSession();
  const form = useForm(signInForm, { email: '', password: '' });
  const signingIn = session.status === 'signingIn';

  // The summary takes focus when a sign-in this page started comes back refused.
  const [refusals, setRefusals] = useState(0);
  const [wasSigningIn, setWasSigningIn] = useState(signingIn);
  if (wasSigningIn !== signingIn) {
    setWasSigningIn(signingIn);
    if (!signingIn && session.error) setRefusals((n) => n + 1);
  }

  const onSubmit = form.handleSubmit(({ email, password }) => {
    session.signIn({ email, password, worldId });
  });

  const sessionError = !signingIn ? session.error : null;
  const messages = [...form.formErrors, ...(sessionError ? [sessionError] : [])];

  return (
    <FormPage heading="ログイン">
      {session.expired && (
        <p className="notice notice-info" role="status">
          {SIGN_IN_AGAIN_MESSAGE}
        </p>
      )}
      <form className="form" noValidate onSubmit={onSubmit}>
        <ErrorSummary
          fieldErrors={form.summaryErrors}
          labels={labels}
          idOf={form.idOf}
          messages={messages}
          focusKey={form.failures + refusals}
          title="ログインできませんでした。"
        >
          {sessionError && mentionsResend(sessionError) && (
            <p>
              <Link to="/confirmation" state={{ email: form.values.email }}>
                確認メールを再送信する
              </Link>
            </p>
          )}
        </ErrorSummary>
        <TextField
          {...form.field('email')}
          label={labels.email}
          type="email"
          autoComplete="email"
        />
        <TextField
          {...form.field('password')}
          label={labels.password}
          type="password"
          autoComplete="current-password"
        />
        <SubmitButton submitting={form.submitting || signingIn} busyLabel="ログインしています…">
          ログイン
        </SubmitButton>
      </form>

      <ul className="form-links">
        <li>
          <Link to="/resetPassword">パスワードをお忘れの方</Link>
        </li>
        <li>
          <Link to="/signup">アカウントをお持ちでない方は新規登録</Link>
        </li>
        <li>
          <Link to="/confirmation" state={{ email: form.values.email }}>
            確認メールが届いていない方
          </Link>
        </li>
      </ul>
    </FormPage>
  );
}
