import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '../../../domain/time-zone';
import type { components } from '../../../services/api/schema';
import { request, useApi } from '../../hooks/use-api';
import { useQueryApi } from '../../hooks/use-api-query';
import { ConfirmDialog } from '../confirm-dialog';
import { Pager, rangeLabel } from '../pager';
import type { World } from '../worlds/world-format';
import { ListState } from '../query-state';
import { SectionOutcome, useSectionOutcome } from './section-outcome';
import { InviteForm } from './invite-form';
import { invitationStatusLabels } from './invitation-status';
import {
  invalidateStaffInvitations,
  memberMutations,
  memberQueries,
} from '../../../services/api/members-queries';
import './membership.css';

type Invitation = components['schemas']['StaffInvitation'];

const PER_PAGE = 20;

/** スタッフ招待 (owners): invite by e-mail, then follow, resend and delete the invitations. */
export function StaffInvitationsSection({ world }: { world: World }) {
  const api = useApi();
  const [page, setPage] = useState(1);
  const invitations = useQuery({
    ...memberQueries.staffInvitations(useQueryApi(), world.id, { page, perPage: PER_PAGE }),
    placeholderData: keepPreviousData,
  });
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  // What the dialog asks about: one invitation, or every selected one.
  const [deleting, setDeleting] = useState<Invitation | 'selected' | null>(null);
  const [busy, setBusy] = useState(false);
  const feedback = useSectionOutcome(() => void invalidateStaffInvitations(queryClient, world.id));

  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const resend = async (invitation: Invitation) => {
    setBusy(true);
    const outcome = await request(() =>
      memberMutations.resendStaffInvitation(api, world.id, invitation.id),
    );
    setBusy(false);
    feedback.settle(outcome, `${invitation.email} に招待メールを再送しました。`);
  };

  const deleteOne = (invitation: Invitation) =>
    request(() => memberMutations.deleteStaffInvitation(api, world.id, invitation.id));

  const deleteSelected = async (ids: string[]) => {
    const outcome = await request(() => memberMutations.deleteStaffInvitations(api, world.id, ids));
    // The server counts only what it deleted (another owner may have deleted some already).
    return outcome.ok ? { ...outcome, count: outcome.data.deletedCount } : outcome;
  };

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    const ids = deleting === 'selected' ? [...selected] : [deleting.id];
    const outcome =
      deleting === 'selected'
        ? await deleteSelected(ids)
        : { ...(await deleteOne(deleting)), count: 1 };
    setBusy(false);
    setDeleting(null);
    if (outcome.ok)
      setSelected((current) => new Set([...current].filter((id) => !ids.includes(id))));
    feedback.settle(outcome, `${'count' in outcome ? outcome.count : 0}件の招待を削除しました。`);
  };

  return (
    <section aria-labelledby="staff-invitations-heading" className="membership-section">
      <h2 id="staff-invitations-heading">スタッフ招待</h2>
      <p>
        スタッフはワールドの運営（参加者の管理、ゲスト用リンク、アンケート、お知らせ）ができます。編集・お支払いは主催者だけが行えます。
      </p>
      <InviteForm
        label="スタッフの招待"
        send={(api, body) => memberMutations.inviteStaff(api, world.id, body)}
        onInvited={(count) => feedback.succeed(`${count}件の招待メールを送信しました。`)}
      />
      <SectionOutcome outcome={feedback} />
      <h3>送信した招待</h3>
      <ListState query={invitations} what="招待" empty="まだ招待していません。">
        {(data) => (
          <>
            <div className="membership-toolbar">
              <p>{rangeLabel(data.page, data.perPage, data.items.length, data.total)}</p>
              <label className="membership-check">
                <input
                  type="checkbox"
                  checked={data.items.every((item) => selected.has(item.id))}
                  onChange={(event) => {
                    for (const item of data.items) toggle(item.id, event.target.checked);
                  }}
                />
                このページをすべて選択
              </label>
              <button
                type="button"
                className="button"
                disabled={selected.size === 0 || busy}
                onClick={() => setDeleting('selected')}
              >
                選択した招待を削除（{selected.size}件）
              </button>
            </div>
            <ul className="membership-list" aria-label="送信した招待">
              {data.items.map((invitation) => (
                <li key={invitation.id} className="membership-item">
                  <label className="membership-check">
                    <input
                      type="checkbox"
                      checked={selected.has(invitation.id)}
                      onChange={(event) => toggle(invitation.id, event.target.checked)}
                    />
                    <span className="membership-item-name">{invitation.email}</span>
                  </label>
                  <p className="membership-item-meta">
                    <span className={`world-role invitation-status-${invitation.status}`}>
                      {invitationStatusLabels[invitation.status]}
                    </span>{' '}
                    {invitation.status === 'accepted' && invitation.acceptedAt
                      ? `${formatDateTime(invitation.acceptedAt, world.timeZone)} 承認`
                      : `有効期限 ${formatDateTime(invitation.expiresAt, world.timeZone)}`}
                  </p>
                  <div className="membership-item-actions">
                    {invitation.status !== 'accepted' && (
                      <button
                        type="button"
                        className="button"
                        disabled={busy}
                        aria-label={`${invitation.email} に再送`}
                        onClick={() => void resend(invitation)}
                      >
                        再送
                      </button>
                    )}
                    <button
                      type="button"
                      className="button"
                      disabled={busy}
                      aria-label={`${invitation.email} への招待を削除`}
                      onClick={() => setDeleting(invitation)}
                    >
                      削除
                    </button>
                  </div>
                </li>
              ))}
            </ul>
            <Pager
              page={data.page}
              perPage={data.perPage}
              total={data.total}
              label="招待のページ"
              onPage={setPage}
            />
          </>
        )}
      </ListState>
      <ConfirmDialog
        open={deleting !== null}
        title={
          deleting === 'selected'
            ? `選択した${selected.size}件の招待を削除しますか？`
            : '招待を削除しますか？'
        }
        confirmLabel="削除する"
        busyLabel="削除しています…"
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
      >
        <p>
          {deleting !== null && deleting !== 'selected'
            ? `${deleting.email} への招待メールのリンクは使えなくなります。`
            : '招待メールのリンクは使えなくなります。'}
          承認済みの招待は一覧から消えるだけで、スタッフはそのまま残ります。
        </p>
      </ConfirmDialog>
    </section>
  );
}
