import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { formatDateTime } from '../../domain/time-zone';
import type { components } from '../../services/api/schema';
import { ErrorSummary } from '../components/form/error-summary';
import { FormPage } from '../components/form/form-page';
import { Notice } from '../components/form/notice';
import { SubmitButton } from '../components/form/submit-button';
import { operationErrors } from '../components/worlds/world-format';
import { request, useApi } from '../hooks/use-api';
import { useLoaded } from '../hooks/use-loaded';
import { useSession } from '../hooks/use-session';

type Invitation = components['schemas']['StaffInvitationEmail'];

// The contract's TokenId: anything else cannot be a link we mailed.
const TOKEN = /^[A-Za-z0-9_-]{16,100}$/;

/** Why an invitation cannot be accepted, in words for the person who opened the mail. */
const closed: Readonly<Record<Exclude<Invitation['status'], 'pending'>, { title: string; body: string }>> = {
  accepted: { title: 'この招待はすでに承認されています。', body: 'ワールド一覧からワールドを開けます。' },
  expired: { title: 'この招待の有効期限が切れています。', body: '招待した主催者に、招待メールの再送を依頼してください。' },
  revoked: { title: 'この招待は取り消されました。', body: '心当たりがある場合は、招待した主催者にお問い合わせください。' },
};

/** /invite-staff/:url: the mailed staff invitation, to accept as the signed-in user. */
export function InviteStaffPage() {
  const api = useApi();
  const { url = '' } = useParams();
  const valid = TOKEN.test(url);
  const { state, reload } = useLoaded(
    () => (valid ? request(() => api.GET('/api/staff_invitation_emails/{id}', { params: { path: { id: url } } })) : Promise.resolve({ ok: false as const, status: 404, errors: [] })),
    url,
  );

  return (
    <FormPage heading="スタッフ招待">
      {state.kind === 'loading' && <p role="status">招待を確認しています…</p>}
      {state.kind === 'failed' &&
        (state.status === 404 ? (
          <Unusable title="この招待リンクは無効です。">
            <p>URLが正しいか確かめてください。招待メールが再送された場合は、最新のメールのリンクを開いてください。</p>
          </Unusable>
        ) : (
          <div className="error-summary" role="alert">
            <p>招待を読み込めませんでした。{state.errors.join(' ')}</p>
            <button type="button" className="button" onClick={reload}>
              もう一度読み込む
            </button>
          </div>
        ))}
      {state.kind === 'loaded' &&
        (state.data.status === 'pending' ? (
          <Accept invitation={state.data} token={url} />
        ) : (
          <Unusable title={closed[state.data.status].title}>
            <p>
              ワールド「{state.data.worldName}」への招待（{state.data.email} 宛て）です。{closed[state.data.status].body}
            </p>
          </Unusable>
        ))}
    </FormPage>
  );
}

function Unusable({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <div className="error-summary" role="alert">
        <h2 className="error-summary-title">{title}</h2>
        {children}
      </div>
      <p>
        <Link to="/mypage/worlds">ワールド一覧へ</Link>
      </p>
    </>
  );
}

function Accept({ invitation, token }: { invitation: Invitation; token: string }) {
  const api = useApi();
  const signedInAs = useSession().user?.email ?? '';
  const [accepting, setAccepting] = useState(false);
  const [accepted, setAccepted] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [failures, setFailures] = useState(0);
  const otherAccount = signedInAs.toLowerCase() !== invitation.email.toLowerCase();

  const accept = async () => {
    setAccepting(true);
    const outcome = await request(() =>
      api.POST('/api/mypage/worlds/{world_id}/invite_confirmations', { params: { path: { world_id: invitation.worldId } }, body: { token } }),
    );
    setAccepting(false);
    if (outcome.ok) return setAccepted(true);
    setErrors(operationErrors(outcome));
    setFailures((n) => n + 1);
  };

  if (accepted)
    return (
      <>
        <Notice title="スタッフとして参加しました。" focusOnMount>
          <p>ワールド「{invitation.worldName}」のスタッフになりました。</p>
        </Notice>
        <ul className="form-links">
          <li>
            <Link to={`/mypage/worlds/${invitation.worldId}`}>ワールドの管理ページへ</Link>
          </li>
          <li>
            <Link to={`/worlds/${invitation.worldId}`}>ワールドに入る</Link>
          </li>
          <li>
            <Link to="/mypage/worlds">ワールド一覧へ</Link>
          </li>
        </ul>
      </>
    );

  return (
    <>
      <p>
        {invitation.invitedByName}さんから、ワールド「{invitation.worldName}」のスタッフとして招待されています。
      </p>
      <dl className="definition-list">
        <dt>ワールド</dt>
        <dd>{invitation.worldName}</dd>
        <dt>招待した人</dt>
        <dd>{invitation.invitedByName}</dd>
        <dt>招待されたメールアドレス</dt>
        <dd>{invitation.email}</dd>
        <dt>有効期限</dt>
        <dd>{formatDateTime(invitation.expiresAt, 'Asia/Tokyo')}（日本時間）</dd>
      </dl>
      <ErrorSummary messages={errors} focusKey={failures} title="招待を承認できませんでした。" />
      {otherAccount ? (
        <div className="notice notice-info" role="status">
          <p>
            この招待は {invitation.email} 宛てです。いまログインしているアカウント（{signedInAs}）では承認できません。招待されたメールアドレスのアカウントでログインし直してください。
          </p>
        </div>
      ) : (
        <SubmitButton type="button" submitting={accepting} busyLabel="承認しています…" onClick={() => void accept()}>
          招待を承認する
        </SubmitButton>
      )}
    </>
  );
}
