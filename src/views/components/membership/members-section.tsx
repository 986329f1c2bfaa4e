import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '../../../domain/time-zone';
import type { components } from '../../../services/api/schema';
import { request, useApi } from '../../hooks/use-api';
import { useQueryApi } from '../../hooks/use-api-query';
import { ConfirmDialog } from '../confirm-dialog';
import { memberRoleLabels, roleLabels, type World } from '../worlds/world-format';
import { CoOwnerForm } from './co-owner-form';
import { LeaveWorld } from './leave-world';
import { ListSearch } from './list-search';
import { PagedListState } from '../query-state';
import { SectionOutcome, useSectionOutcome } from './section-outcome';
import { usePagedSearch } from './use-paged-search';
import {
  invalidateMembers,
  memberMutations,
  memberQueries,
} from '../../../services/api/members-queries';
import './membership.css';

type Member = components['schemas']['WorldMember'];
type AssignableRole = components['schemas']['UpdateWorldMemberRequest']['role'];

const assignable: readonly AssignableRole[] = ['staff', 'user'];

/**
 * Who may remove whom, as removeWorldUser allows: owners anyone but themselves (the server
 * keeps the last owner), staff only users and guests.
 */
function canRemove(viewer: World, member: Member, selfId: string): boolean {
  if (member.userId === selfId) return false;
  return viewer.role === 'owner' || member.role === 'user' || member.role === 'guest';
}

/** メンバー: the world's members, a page at a time; the owner changes roles and adds co-owners. */
export function MembersSection({
  world,
  selfId,
  onOwnRoleChanged,
}: {
  world: World;
  selfId: string;
  onOwnRoleChanged: () => void;
}) {
  const api = useApi();
  const { pageQuery, query, setPage, search } = usePagedSearch();
  const members = useQuery({
    ...memberQueries.list(useQueryApi(), world.id, pageQuery),
    placeholderData: keepPreviousData,
  });
  const queryClient = useQueryClient();
  const outcome = useSectionOutcome(() => void invalidateMembers(queryClient, world.id));
  const [removing, setRemoving] = useState<Member | null>(null);
  // An owner losing the role (perhaps oneself) is asked first: it cannot be given back by them.
  const [demoting, setDemoting] = useState<{ member: Member; role: AssignableRole } | null>(null);
  const [busy, setBusy] = useState(false);

  const changeRole = async (member: Member, role: AssignableRole) => {
    outcome.forget();
    setBusy(true);
    const answer = await request(() =>
      memberMutations.changeRole(api, world.id, member.userId, { role }),
    );
    setBusy(false);
    setDemoting(null);
    if (answer.ok && member.userId === selfId) return onOwnRoleChanged();
    outcome.settle(answer, `${member.name}さんの役割を${roleLabels[role]}に変更しました。`);
  };

  const pickRole = (member: Member, role: AssignableRole) => {
    if (member.role === 'owner') setDemoting({ member, role });
    else void changeRole(member, role);
  };

  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    outcome.forget();
    const answer = await request(() => memberMutations.remove(api, world.id, removing.userId));
    setBusy(false);
    const member = removing;
    setRemoving(null);
    outcome.settle(answer, `${member.name}さんをワールドから外しました。`);
  };

  return (
    <section aria-labelledby="members-heading" className="membership-section">
      <h2 id="members-heading">メンバー</h2>
      <SectionOutcome outcome={outcome} />
      {world.role === 'owner' && (
        <CoOwnerForm
          worldId={world.id}
          onAdded={(name) => outcome.succeed(`${name}さんを主催者に追加しました。`)}
        />
      )}
      <ListSearch id="member-search" onSearch={search} />
      <PagedListState
        query={members}
        what="メンバー"
        empty={
          query
            ? `「${query}」に一致するメンバーはいません。`
            : 'メンバーはまだいません。スタッフ招待やゲスト用リンクから人を招きましょう。'
        }
        pagerLabel="メンバーのページ"
        onPage={setPage}
      >
        {(data) => (
          <ul className="membership-list" aria-label="メンバー">
            {data.items.map((member) => (
              <li key={member.userId} className="membership-item">
                <div className="membership-item-main">
                  <span className="membership-item-name">{member.name}</span>
                  <span className="world-role">{memberRoleLabels[member.role]}</span>
                </div>
                <p className="membership-item-meta">
                  {member.email ?? 'ゲスト（メールアドレスなし）'} ・{' '}
                  {formatDateTime(member.joinedAt, world.timeZone)} 参加
                </p>
                <div className="membership-item-actions">
                  {world.role === 'owner' && member.role !== 'guest' && (
                    <RoleSelect
                      member={member}
                      disabled={busy}
                      onChange={(role) => pickRole(member, role)}
                    />
                  )}
                  {canRemove(world, member, selfId) && (
                    <button
                      type="button"
                      className="button"
                      aria-label={`${member.name}さんを外す`}
                      onClick={() => setRemoving(member)}
                    >
                      外す
                    </button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </PagedListState>
      {/* Keyed by the name, which the message after leaving quotes. */}
      <LeaveWorld key={world.name} world={world} selfId={selfId} />
      <ConfirmDialog
        open={removing !== null}
        title="メンバーを外しますか？"
        confirmLabel="外す"
        busyLabel="外しています…"
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      >
        <p>{removing?.name}さんはこのワールドに入れなくなります。もう一度招待すれば戻せます。</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={demoting !== null}
        title="主催者から外しますか？"
        confirmLabel={`${demoting ? roleLabels[demoting.role] : ''}にする`}
        busyLabel="変更しています…"
        busy={busy}
        onConfirm={() => demoting && void changeRole(demoting.member, demoting.role)}
        onCancel={() => setDemoting(null)}
      >
        <p>
          {demoting?.member.userId === selfId ? 'あなた' : `${demoting?.member.name}さん`}
          は主催者でなくなり、ワールドの編集・お支払い・メンバーの管理ができなくなります。主催者に戻すには、ほかの主催者が追加し直す必要があります。
        </p>
      </ConfirmDialog>
    </section>
  );
}

/** The member's role; 主催者 is shown but given only with 共同主催者を追加. */
function RoleSelect({
  member,
  disabled,
  onChange,
}: {
  member: Member;
  disabled: boolean;
  onChange: (role: AssignableRole) => void;
}) {
  const id = `role-${member.userId}`;
  return (
    <span className="membership-role-select">
      <label htmlFor={id}>{member.name}さんの役割</label>
      <select
        id={id}
        value={member.role}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value as AssignableRole)}
      >
        {member.role === 'owner' && <option value="owner">{roleLabels.owner}</option>}
        {assignable.map((role) => (
          <option key={role} value={role}>
            {roleLabels[role]}
          </option>
        ))}
      </select>
    </span>
  );
}
