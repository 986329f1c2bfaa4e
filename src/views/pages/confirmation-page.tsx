import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useSearchParams } from 'react-router';
import { ErrorSummary } from '../components/form/error-summary';
import { FormPage } from '../components/form/form-page';
import { Notice } from '../components/form/notice';
import { ResendConfirmationForm } from '../components/form/resend-confirmation-form';
import { spendsOneTimeToken, useQueryApi } from '../hooks/use-api-query';
import { toApiError } from '../../services/errors/api-error';
import { ThenLink } from '../components/form/then-link';
import { accountQueries } from '../../services/api/account-queries';

/**
 * /confirmation?confirmation_token=…: confirms a new account or a changed address with the
 * mailed one-time token. Without a token (or when it is refused) it offers to resend the mail.
 */
export function ConfirmationPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('confirmation_token');
  const carriedEmail = emailFromState(useLocation().state);
  const confirmation = useQuery({
    ...accountQueries.confirmation(useQueryApi(), token ?? ''),
    enabled: token !== null,
    ...spendsOneTimeToken,
  });

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
      {confirmation.isPending && (
        <Notice tone="info">
          <p>メールアドレスを確認しています…</p>
        </Notice>
      )}
      {confirmation.data && (
        <Notice focusOnMount>
          <p>{confirmation.data.message}</p>
          <p>
            <ThenLink />
          </p>
        </Notice>
      )}
      {confirmation.error && (
        <>
          <ErrorSummary
            messages={toApiError(confirmation.error).messages}
            focusKey={1}
            title="メールアドレスを確認できませんでした。"
          />
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
  if (
    typeof state === 'object' &&
    state !== null &&
    'email' in state &&
    typeof state.email === 'string'
  )
    return state.email;
  return '';
}
