import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { membershipLimits, memberInvitationForm } from '../../../domain/forms/membership-forms';
import { formatDateTime } from '../../../domain/time-zone';
import { useQueryApi } from '../../hooks/use-api-query';
import { Pager, rangeLabel } from '../pager';
import { ListState, QueryState } from '../query-state';
import type { World } from '../worlds/world-format';
import { InviteForm } from './invite-form';
import { invitationStatusLabels } from './invitation-status';
import { SectionOutcome, useSectionOutcome } from './section-outcome';
import {
  invalidateMemberInvitations,
  memberMutations,
  memberQueries,
} from '../../../services/api/members-queries';
import './membership.css';

const PER_PAGE = 20;

/** 参加者の招待 (owner and staff): the member counts, inviting attendees by e-mail, the invitations sent. */
export function MemberInvitationsSection({ world }: { world: World }) {
  const queryApi = useQueryApi();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const counts = useQuery(memberQueries.counts(queryApi, world.id));
  const invitations = useQuery({
    ...memberQueries.memberInvitations(queryApi, world.id, { page, perPage: PER_PAGE }),
    placeholderData: keepPreviousData,
  });
  const feedback = useSectionOutcome(() => void invalidateMemberInvitations(queryClient, world.id));

  return (
    <section aria-labelledby="member-invitations-heading" className="membership-section">
      <h2 id="member-invitations-heading">参加者の招待</h2>
      <h3>メンバー数</h3>
      <QueryState query={counts} what="メンバー数">
        {(count) => (
          <dl className="definition-list" aria-label="メンバー数">
            <dt>主催者</dt>
            <dd>{count.owners}人</dd>
            <dt>スタッフ</dt>
            <dd>{count.staff}人</dd>
            <dt>参加者</dt>
            <dd>{count.users}人</dd>
            <dt>ゲスト</dt>
            <dd>{count.guests}人</dd>
            <dt>合計</dt>
            <dd>
              {count.total}人（いまワールドにいる人 {count.online}人）
            </dd>
          </dl>
        )}
      </QueryState>
      <p>
        招待メールのリンクをログインして開いた人が、参加者としてワールドに加わります。スタッフとして招くときは「スタッフ招待」から送ってください。
      </p>
      <InviteForm
        label="参加者の招待"
        schema={memberInvitationForm}
        maxEmails={membershipLimits.memberInvitationEmails}
        send={(api, body) => memberMutations.inviteMembers(api, world.id, body)}
        onInvited={(count) => feedback.succeed(`${count}件の招待メールを送信しました。`)}
      />
      <SectionOutcome outcome={feedback} />
      <h3>送信した招待</h3>
      <ListState query={invitations} what="招待" empty="まだ招待していません。">
        {(data) => (
          <>
            <p>{rangeLabel(data.page, data.perPage, data.items.length, data.total)}</p>
            <ul className="membership-list" aria-label="参加者への招待">
              {data.items.map((invitation) => (
                <li key={invitation.id} className="membership-item">
                  <span className="membership-item-name">{invitation.email}</span>
                  <p className="membership-item-meta">
                    <span className={`world-role invitation-status-${invitation.status}`}>
                      {invitationStatusLabels[invitation.status]}
                    </span>{' '}
                    {invitation.status === 'accepted' && invitation.acceptedAt
                      ? `${formatDateTime(invitation.acceptedAt, world.timeZone)} 承認`
                      : `有効期限 ${formatDateTime(invitation.expiresAt, world.timeZone)}`}
                  </p>
                </li>
              ))}
            </ul>
            <Pager
              page={data.page}
              perPage={data.perPage}
              total={data.total}
              label="参加者への招待のページ"
              onPage={setPage}
            />
          </>
        )}
      </ListState>
    </section>
  );
}
