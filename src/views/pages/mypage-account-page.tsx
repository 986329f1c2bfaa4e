import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useState } from 'react';
import { myEmailForm, myNameForm, myPasswordForm } from '../../domain/forms/account-forms';
import { ErrorSummary, FormErrorSummary } from '../components/form/error-summary';
import { IconSection } from '../components/account/icon-section';
import { TextField } from '../components/form/field';
import { FormPage } from '../components/form/form-page';
import { Notice } from '../components/form/notice';
import { NewPasswordFields } from '../components/form/new-password-fields';
import { SubmitButton } from '../components/form/submit-button';
import { request, useApi } from '../hooks/use-api';
import { useQueryApi } from '../hooks/use-api-query';
import { toApiError } from '../../services/errors/api-error';
import { Loading } from '../components/loading';
import { useForm } from '../hooks/use-form';
import { type SessionUser, useSession } from '../hooks/use-session';
import { accountMutations, accountQueries } from '../../services/api/account-queries';

// Last on the page and with its own dialog: loaded after the rest, off the page's budget (ADR 018).
const ApiTokenSection = lazy(() =>
  import('../components/account/api-token-section').then((m) => ({
    default: m.ApiTokenSection,
  })),
);

/** /mypage/account: the signed-in user's name, icon, e-mail address, password and public API token. */
export function MypageAccountPage() {
  const session = useSession();
  const queryClient = useQueryClient();
  const options = accountQueries.me(useQueryApi());
  const me = useQuery(options);

  const { send } = session;
  const { queryKey } = options;
  // A change answers with the whole user: shown as it is, and handed to the session.
  const updated = useCallback(
    (user: SessionUser) => {
      queryClient.setQueryData(queryKey, user);
      send({ type: 'session.userUpdated', user });
    },
    [queryClient, queryKey, send],
  );

  // The session's copy is shown while the fresh one loads; the fresh one wins.
  const user = me.data ?? session.user;

  return (
    <FormPage heading="アカウント設定">
      {me.error && !me.data && (
        <ErrorSummary
          messages={toApiError(me.error).messages}
          focusKey={0}
          title="アカウント情報を読み込めませんでした。"
        >
          <p>
            <SubmitButton
              type="button"
              variant="secondary"
              submitting={me.isFetching}
              onClick={() => void me.refetch()}
            >
              もう一度読み込む
            </SubmitButton>
          </p>
        </ErrorSummary>
      )}
      {!user ? (
        me.isPending && <Loading />
      ) : (
        <>
          <section aria-labelledby="account-summary">
            <h2 id="account-summary">登録情報</h2>
            <dl className="definition-list">
              <dt>お名前</dt>
              <dd>{user.name || '（未設定）'}</dd>
              <dt>メールアドレス</dt>
              <dd>{user.email}</dd>
              {user.unconfirmedEmail && (
                <>
                  <dt>変更手続き中</dt>
                  <dd>
                    {user.unconfirmedEmail}
                    （確認待ち：このアドレスに届いたメールのリンクを開くと変更が完了します）
                  </dd>
                </>
              )}
            </dl>
          </section>
          <NameSection user={user} onUpdated={updated} />
          <IconSection user={user} onUpdated={updated} />
          <EmailSection
            user={user}
            onRequested={() => {
              // The pending address (unconfirmedEmail) is on the user now.
              void me.refetch().then(({ data }) => {
                if (data) send({ type: 'session.userUpdated', user: data });
              });
            }}
          />
          <PasswordSection user={user} />
          <Suspense fallback={<Loading />}>
            <ApiTokenSection />
          </Suspense>
        </>
      )}
    </FormPage>
  );
}

const nameLabels = { name: 'お名前' };

function NameSection({
  user,
  onUpdated,
}: {
  user: SessionUser;
  onUpdated: (user: SessionUser) => void;
}) {
  const api = useApi();
  const form = useForm(myNameForm, { name: user.name });
  const [saved, setSaved] = useState(false);

  const onSubmit = form.handleSubmit(async (body) => {
    setSaved(false);
    const outcome = await request(() => accountMutations.updateMe(api, body));
    if (!outcome.ok) return { errors: outcome.errors };
    onUpdated(outcome.data);
    form.reset({ name: outcome.data.name });
    setSaved(true);
  });

  return (
    <section className="form-section" aria-labelledby="account-name">
      <h2 id="account-name">お名前の変更</h2>
      <form className="form" noValidate onSubmit={onSubmit}>
        <FormErrorSummary form={form} labels={nameLabels} title="お名前を変更できませんでした。" />
        {saved && (
          <Notice>
            <p>お名前を変更しました。</p>
          </Notice>
        )}
        <TextField
          {...form.field('name')}
          label={nameLabels.name}
          autoComplete="name"
          hint="50文字以内"
        />
        <SubmitButton submitting={form.submitting} busyLabel="保存しています…">
          お名前を保存する
        </SubmitButton>
      </form>
    </section>
  );
}

const emailLabels = { email: '新しいメールアドレス', currentPassword: '現在のパスワード' };

function EmailSection({ user, onRequested }: { user: SessionUser; onRequested: () => void }) {
  const api = useApi();
  const form = useForm(myEmailForm, { email: '', currentPassword: '' });
  const [requested, setRequested] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (body) => {
    setRequested(null);
    const outcome = await request(() => accountMutations.changeEmail(api, body));
    if (!outcome.ok) return { errors: outcome.errors };
    form.reset({ email: '', currentPassword: '' });
    setRequested(outcome.data.message);
    onRequested();
  });

  return (
    <section className="form-section" aria-labelledby="account-email">
      <h2 id="account-email">メールアドレスの変更</h2>
      <p>
        新しいメールアドレスに確認メールをお送りします。メールに記載されたリンクを開くと変更が完了します。それまでは現在のメールアドレス（
        {user.email}）でログインしてください。
      </p>
      <form className="form" noValidate onSubmit={onSubmit}>
        <FormErrorSummary
          form={form}
          labels={emailLabels}
          title="メールアドレスを変更できませんでした。"
        />
        {requested && (
          <Notice title="確認メールを送信しました">
            <p>{requested}</p>
          </Notice>
        )}
        <TextField
          {...form.field('email')}
          label={emailLabels.email}
          type="email"
          autoComplete="email"
        />
        <TextField
          {...form.field('currentPassword')}
          label={emailLabels.currentPassword}
          type="password"
          autoComplete="current-password"
          hint="本人確認のため入力してください。"
        />
        <SubmitButton submitting={form.submitting}>確認メールを送信する</SubmitButton>
      </form>
    </section>
  );
}

const passwordLabels = {
  currentPassword: '現在のパスワード',
  password: '新しいパスワード',
  passwordConfirmation: '新しいパスワード（確認）',
};

function PasswordSection({ user }: { user: SessionUser }) {
  const api = useApi();
  const form = useForm(myPasswordForm, {
    currentPassword: '',
    password: '',
    passwordConfirmation: '',
  });
  const [changed, setChanged] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (body) => {
    setChanged(null);
    const outcome = await request(() => accountMutations.changePassword(api, body));
    if (!outcome.ok) return { errors: outcome.errors };
    form.reset({ currentPassword: '', password: '', passwordConfirmation: '' });
    setChanged(outcome.data.message);
  });

  return (
    <section className="form-section" aria-labelledby="account-password">
      <h2 id="account-password">パスワードの変更</h2>
      <p>変更すると、この端末以外でログインしている端末はすべてログアウトされます。</p>
      <form className="form" noValidate onSubmit={onSubmit}>
        {/* Lets a password manager file the new password under the right account. */}
        <input
          type="email"
          name="username"
          autoComplete="username"
          value={user.email}
          readOnly
          hidden
        />
        <FormErrorSummary
          form={form}
          labels={passwordLabels}
          title="パスワードを変更できませんでした。"
        />
        {changed && (
          <Notice>
            <p>{changed}</p>
          </Notice>
        )}
        <TextField
          {...form.field('currentPassword')}
          label={passwordLabels.currentPassword}
          type="password"
          autoComplete="current-password"
        />
        <NewPasswordFields
          password={form.field('password')}
          confirmation={form.field('passwordConfirmation')}
          labels={{
            password: passwordLabels.password,
            confirmation: passwordLabels.passwordConfirmation,
          }}
        />
        <SubmitButton submitting={form.submitting} busyLabel="変更しています…">
          パスワードを変更する
        </SubmitButton>
      </form>
    </section>
  );
}
