import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { Link, useParams } from 'react-router';
import { isAccepting, selectInvitationErrors } from '../../../machines/invitation.selectors';
import { useQueryApi } from '../../hooks/use-api-query';
import { QueryState } from '../query-state';
import { myWorldQueries } from '../../../services/api/my-worlds-queries';
import { invitationActor } from './invitation-actor';
import '../membership/membership.css';

/**
 * The mailed invitation link (/mypage/worlds/:id/invitation?token=…) opened by someone who may not
 * be a member yet: the world's card and 「参加する」 (createSelfInvitation). A member already is
 * let through by the same call (the server keeps their role), so one button serves both. Joining
 * is the invitation machine's (ADR 043).
 */
export function InvitationJoin({ token }: { token: string }) {
  const { id = '' } = useParams();
  const useInvitation = invitationActor.useProvided();
  const join = useInvitation({ kind: 'member', worldId: id, token, invitedEmail: null });
  const joining = useSelector(join, isAccepting);
  const errors = useSelector(join, selectInvitationErrors);
  const invitation = useQuery(myWorldQueries.byInvitation(useQueryApi(), token));
  const world = invitation.data;

  return (
    <div className="page" aria-busy={invitation.isPending || undefined}>
      <h1>{world ? `「${world.name}」への招待` : 'ワールドへの招待'}</h1>
      <QueryState
        query={invitation}
        what="招待"
        back={{ to: '/mypage/worlds', label: 'ワールド一覧へ' }}
      >
        {() => null}
      </QueryState>
      {world && (
        <section aria-labelledby="invitation-join-heading" className="membership-section">
          <h2 id="invitation-join-heading">ワールドに参加しますか？</h2>
          <p>
            {world.ownerName
              ? `${world.ownerName} さんのワールド（メンバー ${world.memberCount}人）に招待されています。`
              : `メンバー ${world.memberCount}人のワールドに招待されています。`}
          </p>
          {errors.length > 0 && (
            <div role="alert" className="notice">
              {errors.map((message) => (
                <p key={message}>{message}</p>
              ))}
            </div>
          )}
          <p>
            <button
              type="button"
              className="button button-primary"
              onClick={() => join.send({ type: 'invitation.accept' })}
              disabled={joining}
            >
              {joining ? '参加しています…' : '参加する'}
            </button>
          </p>
          <p>
            <Link to="/mypage/worlds">参加しないでワールド一覧へ</Link>
          </p>
        </section>
      )}
    </div>
  );
}
