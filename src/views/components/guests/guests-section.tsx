import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '../../../domain/time-zone';
import { request, useApi } from '../../hooks/use-api';
import { useQueryApi } from '../../hooks/use-api-query';
import { ConfirmDialog } from '../confirm-dialog';
import { CopyButton } from '../membership/copy-button';
import { ListSearch } from '../membership/list-search';
import { PagedListState } from '../query-state';
import { SectionOutcome, useSectionOutcome } from '../membership/section-outcome';
import { usePagedSearch } from '../membership/use-paged-search';
import type { World } from '../worlds/world-format';
import { GuestEditForm } from './guest-edit-form';
import { GuestForm, type Guest } from './guest-form';
import {
  guestMutations,
  guestQueries,
  invalidateGuests,
} from '../../../services/api/guests-queries';
import { invalidateMembers } from '../../../services/api/members-queries';
import '../membership/membership.css';

/** What the section last did: a message, and the guest whose link to hand on after registering. */
type Done = { message: string; guest?: Guest };

/** ゲスト: guests of the world, each with a personal link to enter and come back with. */
export function GuestsSection({ world }: { world: World }) {
  const api = useApi();
  const { pageQuery, query, setPage, search } = usePagedSearch();
  const guests = useQuery({
    ...guestQueries.list(useQueryApi(), world.id, pageQuery),
    placeholderData: keepPreviousData,
  });
  const queryClient = useQueryClient();
  // Guests are members of the world too (role ゲスト in メンバー).
  const outcome = useSectionOutcome<Done>(() => {
    void invalidateGuests(queryClient, world.id);
    void invalidateMembers(queryClient, world.id);
  });
  const [editing, setEditing] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Guest | null>(null);
  const [busy, setBusy] = useState(false);

  const remove = async () => {
    if (!removing) return;
    const guest = removing;
    setBusy(true);
    outcome.forget();
    const answer = await request(() => guestMutations.remove(api, guest.id));
    setBusy(false);
    setRemoving(null);
    outcome.settle(answer, { message: `ゲスト「${guest.name}」を削除しました。` });
  };

  return (
    <section aria-labelledby="guests-heading" className="membership-section">
      <h2 id="guests-heading">ゲスト</h2>
      <p>
        ゲストはアカウントなしで、自分専用の入場用リンクからワールドに入れます。同じリンクから何度でも入り直せるので、本人以外に渡さないよう伝えてください。
      </p>
      <GuestForm
        world={world}
        onCreated={(guest) =>
          outcome.succeed({
            message: guest.email
              ? `ゲスト「${guest.name}」を登録し、入場用リンクを ${guest.email} に送りました。`
              : `ゲスト「${guest.name}」を登録しました。入場用リンクをゲストに伝えてください。`,
            guest,
          })
        }
      />
      <SectionOutcome outcome={outcome}>
        {(done) => (
          <>
            <p>{done.message}</p>
            {done.guest && (
              <>
                <code className="membership-url">{done.guest.enterUrl}</code>
                <CopyButton
                  text={done.guest.enterUrl}
                  label={`${done.guest.name}さんのURLをコピー`}
                />
              </>
            )}
          </>
        )}
      </SectionOutcome>
      <h3>登録したゲスト</h3>
      <ListSearch id="guest-search" onSearch={search} />
      <PagedListState
        query={guests}
        what="ゲスト"
        empty={
          query
            ? `「${query}」に一致するゲストはいません。`
            : 'まだゲストはいません。「ゲストを登録」から招く人を登録しましょう。'
        }
        pagerLabel="ゲストのページ"
        onPage={setPage}
      >
        {(data) => (
          <ul className="membership-list" aria-label="ゲスト">
            {data.items.map((guest) => (
              <li key={guest.id} className="membership-item">
                <span className="membership-item-name">{guest.name}</span>
                <p className="membership-item-meta">{guestMeta(guest, world)}</p>
                <code className="membership-url">{guest.enterUrl}</code>
                {editing === guest.id ? (
                  <GuestEditForm
                    world={world}
                    guest={guest}
                    onCancel={() => setEditing(null)}
                    onSaved={(saved) => {
                      setEditing(null);
                      outcome.succeed({ message: `ゲスト「${saved.name}」を保存しました。` });
                    }}
                  />
                ) : (
                  <div className="membership-item-actions">
                    <CopyButton text={guest.enterUrl} label={`${guest.name}さんのURLをコピー`} />
                    <button
                      type="button"
                      className="button"
                      aria-label={`${guest.name}さんを編集`}
                      onClick={() => setEditing(guest.id)}
                    >
                      編集
                    </button>
                    <button
                      type="button"
                      className="button"
                      aria-label={`${guest.name}さんを削除`}
                      onClick={() => setRemoving(guest)}
                    >
                      削除
                    </button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </PagedListState>
      <ConfirmDialog
        open={removing !== null}
        title="ゲストを削除しますか？"
        confirmLabel="削除する"
        busyLabel="削除しています…"
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      >
        <p>
          {removing?.name}
          さんの入場用リンクは使えなくなり、ワールドにいる場合は退出させられます。元に戻すことはできません。
        </p>
      </ConfirmDialog>
    </section>
  );
}

/** "hanako@example.com ・ 最終入場 … ・ 有効期限なし": who the guest is and how its link stands. */
function guestMeta(guest: Guest, world: World): string {
  const address = guest.email ?? 'メールアドレスなし';
  const entered = guest.lastEnteredAt
    ? `最終入場 ${formatDateTime(guest.lastEnteredAt, world.timeZone)}`
    : '未入場';
  const expiry = guest.expiresAt
    ? `有効期限 ${formatDateTime(guest.expiresAt, world.timeZone)}`
    : '有効期限なし';
  return `${address} ・ ${entered} ・ ${expiry}`;
}
