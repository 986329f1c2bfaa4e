import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { ErrorSummary } from '../components/form/error-summary';
import { FormPage } from '../components/form/form-page';
import { Notice } from '../components/form/notice';
import { ResendConfirmationForm } from '../components/form/resend-confirmation-form';
import { request, useApi } from '../hooks/use-api';

type Confirming = { kind: 'confirming' } | { kind: 'confirmed'; message: string } | { kind: 'failed'; errors: string[] };

/**
 * /confirmation?confirmation_token=…: confirms a new account or a changed address with the
 * mailed one-time token. Without a token (or when it is refused) it offers to resend the mail.
 */
export function ConfirmationPage() {
  const api = useApi();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('confirmation_token');
  const carriedEmail = emailFromState(useLocation().state);
  const [state, setState] = useState<Confirming>({ kind: 'confirming' });
  // The token is single-use: StrictMode's second effect run (and any re-render) must not spend
  // it again, so the token last sent is remembered across effect runs.
  const sentToken = useRef<string | null>(null);

  useEffect(() => {
    if (!token || sentToken.current === token) return;
    sentToken.current = token;
    setState({ kind: 'confirming' });
    void request(() => api.GET('/api/auth/confirmation', { params: { query: { confirmation_token: token } } })).then(
      (outcome) =>
        setState(outcome.ok ? { kind: 'confirmed', message: outcome.data.message } : { kind: 'failed', errors: outcome.errors }),
    );
  }, [api, token]);

  if (!token) {
    return (
      <FormPage heading="確認メールの再送信">
        <p>
          登録したメールアドレスを入力してください。メールアドレスの確認がまだであれば、確認用のリンクをお送りします。
        </p>
        <ResendConfirmationForm defaultEmail={carriedEmail} />
        <ul className="form-links">
          <li>
            <Link to="/signin">ログイン画面へ</Link>
          </li>
        </ul>
      </FormPage>
    );
  }

  return (
    <FormPage heading="メールアドレスの確認">
      {state.kind === 'confirming' && (
        <Notice tone="info">
          <p>メールアドレスを確認しています…</p>
        </Notice>
      )}
      {state.kind === 'confirmed' && (
        <Notice focusOnMount>
          <p>{state.message}</p>
          <p>
            <Link to="/signin">ログイン画面へ</Link>
          </p>
        </Notice>
      )}
      {state.kind === 'failed' && (
        <>
          <ErrorSummary messages={state.errors} focusKey={1} title="メールアドレスを確認できませんでした。" />
          <section className="form-section" aria-labelledby="confirmation-resend">
            <h2 id="confirmation-resend">確認メールの再送信</h2>
            <p>登録したメールアドレスを入力すると、新しい確認用のリンクをお送りします。</p>
            <ResendConfirmationForm defaultEmail={carriedEmail} />
          </section>
        </>
      )}
    </FormPage>
  );
}

/** The address the sign-in page carried over (router state, not the URL: addresses stay out of logs). */
function emailFromState(state: unknown): string {
  if (typeof state === 'object' && state !== null && 'email' in state && typeof state.email === 'string') return state.email;
  return '';
}
