import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { formatDateTime } from '../../domain/time-zone';
import type { components } from '../../services/api/schema';
import { ErrorSummary } from '../components/form/error-summary';
import { FormPage } from '../components/form/form-page';
import { Notice } from '../components/form/notice';
import { SubmitButton } from '../components/form/submit-button';
import { invitationActor } from '../components/worlds/invitation-actor';
import { useQueryApi } from '../hooks/use-api-query';
import {
  hasAccepted,
  isAccepting,
  isForAnotherAccount,
  selectInvitationErrors,
  selectInvitationFailures,
  selectSignedInEmail,
} from '../../machines/invitation.selectors';
import { toApiError } from '../../services/errors/api-error';
import { Loading } from '../components/loading';
import { staffInvitationQueries } from '../../services/api/staff-invitation-queries';

type Invitation = components['schemas']['StaffInvitationEmail'];

// The contract's TokenId: anything else cannot be a link we mailed.
const TOKEN = /^[A-Za-z0-9_-]{16,100}$/;

/** Why an invitation cannot be accepted, in words for the person who opened the mail. */
const closed: Readonly<
  Record<Exclude<Invitation['status'], 'pending'>, { title: string; body: string }>
> = {
  accepted: {
    title: 'この招待はすでに承認されています。',
    body: 'ワールド一覧からワールドを開けます。',
  },
  expired: {
    title: 'この招待の有効期限が切れています。',
    body: '招待した主催者に、招待メールの再送を依頼してください。',
  },
  revoked: {
    title: 'この招待は取り消されました。',
    body: '心当たりがある場合は、招待した主催者にお問い合わせください。',
  },
};

/** /invite-staff/:url: the mailed staff invitation, to accept as the signed-in user. */
export function InviteStaffPage() {
  const { url = '' } = useParams();
  const valid = TOKEN.test(url);
  const query = useQuery({
    ...staffInvitationQueries.byToken(useQueryApi(), url),
    // A token of the wrong shape is not asked about: it cannot be one we mailed.
    enabled: valid,
  });
  const invitation = query.data;
  const failure = !valid ? { status: 404 } : query.error ? toApiError(query.error) : null;

  return (
    <FormPage heading="スタッフ招待">
      {valid && query.isPending && <Loading label="招待を確認しています…" />}
      {!invitation &&
        failure &&
        (failure.status === 404 ? (
          <Unusable title="この招待リンクは無効です。">
            <p>
              URLが正しいか確かめてください。招待メールが再送された場合は、最新のメールのリンクを開いてください。
            </p>
          </Unusable>
        ) : (
          <div className="error-summary" role="alert">
            <p>招待を読み込めませんでした。{toApiError(query.error).messages.join(' ')}</p>
            <button type="button" className="button" onClick={() => void query.refetch()}>
              もう一度読み込む
            </button>
          </div>
        ))}
      {invitation &&
        (invitation.status === 'pending' ? (
          <Accept invitation={invitation} token={url} />
        ) : (
          <Unusable title={closed[invitation.status].title}>
            <p>
              ワールド「{invitation.worldName}」への招待（{invitation.email} 宛て）です。
              {closed[invitation.status].body}
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

/** Accepting it: the invitation machine (ADR 043). */
function Accept({ invitation, token }: { invitation: Invitation; token: string }) {
  const useInvitation = invitationActor.useProvided();
  const accept = useInvitation({
    kind: 'staff',
    worldId: invitation.worldId,
    token,
    invitedEmail: invitation.email,
  });
  const accepting = useSelector(accept, isAccepting);
  const accepted = useSelector(accept, hasAccepted);
  const otherAccount = useSelector(accept, isForAnotherAccount);
  const signedInAs = useSelector(accept, selectSignedInEmail);
  const errors = useSelector(accept, selectInvitationErrors);
  const failures = useSelector(accept, selectInvitationFailures);

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
        {invitation.invitedByName}さんから、ワールド「{invitation.worldName}
        」のスタッフとして招待されています。
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
            この招待は {invitation.email} 宛てです。いまログインしているアカウント（{signedInAs}
            ）では承認できません。招待されたメールアドレスのアカウントでログインし直してください。
          </p>
        </div>
      ) : (
        <SubmitButton
          type="button"
          submitting={accepting}
          busyLabel="承認しています…"
          onClick={() => accept.send({ type: 'invitation.accept' })}
        >
          招待を承認する
        </SubmitButton>
      )}
    </>
  );
}
