import { useState } from 'react';
import { Link } from 'react-router';
import { signUpForm } from '../../domain/forms/auth-forms';
import { ErrorSummary, FormErrorSummary } from '../components/form/error-summary';
import { TextField } from '../components/form/field';
import { FormPage } from '../components/form/form-page';
import { Notice } from '../components/form/notice';
import { NewPasswordFields } from '../components/form/new-password-fields';
import { SubmitButton } from '../components/form/submit-button';
import { request, useApi } from '../hooks/use-api';
import { useForm } from '../hooks/use-form';
import { accountMutations } from '../../services/api/account-queries';

const labels = {
  name: 'お名前',
  email: 'メールアドレス',
  password: 'パスワード',
  password_confirmation: 'パスワード（確認）',
};

type Sent = { email: string; message: string };

/** /signup: creates the account; it is usable once the mailed link is opened. */
export function SignUpPage() {
  const api = useApi();
  // Kept at page level: going back from "sent" to correct the address finds the form as it was.
  const form = useForm(signUpForm, {
    name: '',
    email: '',
    password: '',
    password_confirmation: '',
  });
  const [sent, setSent] = useState<Sent | null>(null);

  const onSubmit = form.handleSubmit(async (body) => {
    const outcome = await request(() => accountMutations.signUp(api, body));
    if (!outcome.ok) return { errors: outcome.errors };
    setSent({ email: body.email, message: outcome.data.message });
  });

  if (sent) {
    return (
      <FormPage heading="新規登録">
        <Notice title="確認メールを送信しました" focusOnMount>
          <p>
            送信先：<strong>{sent.email}</strong>
          </p>
          <p>{sent.message}</p>
        </Notice>
        <ResendButton email={sent.email} />
        <ul className="form-links">
          <li>
            <button
              className="button button-secondary form-submit"
              type="button"
              onClick={() => setSent(null)}
            >
              メールアドレスを修正する
            </button>
          </li>
          <li>
            <Link to="/signin">ログイン画面へ</Link>
          </li>
        </ul>
      </FormPage>
    );
  }

  return (
    <FormPage heading="新規登録">
      <form className="form" noValidate onSubmit={onSubmit}>
        <FormErrorSummary form={form} labels={labels} title="登録できませんでした。" />
        <TextField
          {...form.field('name')}
          label={labels.name}
          autoComplete="name"
          required={false}
          hint="50文字以内"
        />
        <TextField
          {...form.field('email')}
          label={labels.email}
          type="email"
          autoComplete="email"
        />
        <NewPasswordFields
          password={form.field('password')}
          confirmation={form.field('password_confirmation')}
          labels={{ password: labels.password, confirmation: labels.password_confirmation }}
        />
        <SubmitButton submitting={form.submitting} busyLabel="登録しています…">
          登録する
        </SubmitButton>
      </form>
      <ul className="form-links">
        <li>
          <Link to="/signin">アカウントをお持ちの方はログイン</Link>
        </li>
      </ul>
    </FormPage>
  );
}

/** "Did not arrive?": sends the confirmation mail again to the address just registered. */
function ResendButton({ email }: { email: string }) {
  const api = useApi();
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; messages: string[] } | null>(null);

  const resend = async () => {
    setSending(true);
    setResult(null);
    const outcome = await request(() => accountMutations.resendConfirmation(api, { email }));
    setResult(
      outcome.ok
        ? { ok: true, messages: [outcome.data.message] }
        : { ok: false, messages: outcome.errors },
    );
    setSending(false);
  };

  return (
    <section className="form-section" aria-labelledby="signup-resend">
      <h2 id="signup-resend">メールが届かない場合</h2>
      <p>迷惑メールフォルダもご確認ください。見つからない場合は、確認メールを再送信できます。</p>
      {result && !result.ok && (
        <ErrorSummary
          messages={result.messages}
          focusKey={1}
          title="確認メールを送信できませんでした。"
        />
      )}
      {result?.ok && (
        <Notice>
          {result.messages.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </Notice>
      )}
      <p>
        <SubmitButton
          type="button"
          onClick={() => void resend()}
          submitting={sending}
          variant="secondary"
        >
          確認メールを再送信する
        </SubmitButton>
      </p>
    </section>
  );
}
