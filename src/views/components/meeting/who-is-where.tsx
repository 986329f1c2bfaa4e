import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useState } from 'react';
import { isMoving } from '../../../machines/meeting.selectors';
import { invalidateWhoIsWhere, meetingQueries } from '../../../services/api/meetings-queries';
import type { Presence } from '../../../services/realtime/presence';
import { useQueryApi } from '../../hooks/use-api-query';
import { LoadFailure } from '../load-failure';
import { usePresence } from './use-world-meeting';
import type { WorldActors } from './world-actors';
import '../form/form.css';

/** How long typing must pause before the name is looked up. */
const SETTLE_MS = 300;
/** How long the world's moves must pause before the answer shown is read again. */
const MOVES_SETTLE_MS = 1000;

/** `value` once it has stayed the same for `ms` (an IME's partial text is not looked up). */
function useSettled(value: string, ms: number) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** Who is in which space by the world's presence, as one string: any move changes it. */
export function placesOf(presence: Presence): string {
  return [...presence.values()]
    .map((member) => `${member.userId}:${member.spaceId ?? ''}`)
    .sort()
    .join(',');
}

interface Whereabouts {
  userId: string;
  userName: string;
  spaceId: string;
  spaceName: string;
}

/** What a found person's row offers: nothing for oneself, nothing when already in their space. */
export function placeAction(row: Whereabouts, self: { userId: string; spaceId: string }) {
  if (row.userId === self.userId) return 'self' as const;
  return row.spaceId === self.spaceId ? ('here' as const) : ('go' as const);
}

/**
 * 「だれがどこに」 (members of the world, not guests): a name typed finds the people whose name has
 * it, each with the space they are in and a button to move there (the map's own move); with no
 * name, 「全員の居場所を表示」 lists everyone. What is shown is read again once people have moved.
 */
export function WhoIsWhere({
  world,
  selfUserId,
  spaceId,
}: {
  world: WorldActors;
  selfUserId: string;
  spaceId: string;
}) {
  const [text, setText] = useState('');
  const [showAll, setShowAll] = useState(false);
  const q = useSettled(text.trim(), SETTLE_MS);
  const queryApi = useQueryApi();
  const asked = q !== '' || showAll;
  const everyone = useQuery({
    ...meetingQueries.whoIsWhere(queryApi, world.worldId),
    staleTime: 0,
    enabled: showAll && q === '',
  });
  const named = useQuery({
    ...meetingQueries.findWhoIsWhere(queryApi, world.worldId, q),
    staleTime: 0,
    enabled: q !== '',
  });
  const found = q ? named : everyone;
  const queryClient = useQueryClient();
  const places = useSettled(placesOf(usePresence(world)), MOVES_SETTLE_MS);
  useEffect(() => {
    void invalidateWhoIsWhere(queryClient);
  }, [places, queryClient]);
  const moving = useSelector(world.meeting, isMoving);
  const inputId = useId();
  const items = found.data?.items ?? [];

  return (
    <section className="who-is-where" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`}>だれがどこに</h2>
      <div role="search" className="who-is-where-search">
        <label htmlFor={inputId}>名前で探す</label>
        <input
          id={inputId}
          type="search"
          className="field-control"
          maxLength={100}
          autoComplete="off"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
        />
      </div>
      {q === '' && (
        <button
          type="button"
          className="button"
          aria-expanded={showAll}
          onClick={() => setShowAll(!showAll)}
        >
          {showAll ? '全員の居場所を閉じる' : '全員の居場所を表示'}
        </button>
      )}
      {asked && found.isPending && <p role="status">探しています…</p>}
      {asked && found.isError && (
        <LoadFailure error={found.error} what="居場所" onRetry={() => void found.refetch()} />
      )}
      {asked && found.isSuccess && (
        <>
          <p role="status">
            {items.length === 0
              ? q
                ? `「${q}」という名前の人は見つかりませんでした。`
                : 'まだだれもスペースにいません。'
              : q
                ? `${items.length}人見つかりました。`
                : `${items.length}人がスペースにいます。`}
          </p>
          <ul className="attendee-list who-is-where-list">
            {items.map((row) => {
              const action = placeAction(row, { userId: selfUserId, spaceId });
              return (
                <li key={row.userId}>
                  <span>
                    {row.userName}
                    {action === 'self' && '（あなた）'}：{row.spaceName}
                  </span>
                  {action === 'here' && <span className="attendee-muted">同じスペースです</span>}
                  {action === 'go' && (
                    <button
                      type="button"
                      className="button"
                      disabled={moving}
                      aria-label={`${row.userName}さんのいる${row.spaceName}へ移動`}
                      onClick={() =>
                        world.meeting.send({ type: 'meeting.move', spaceId: row.spaceId })
                      }
                    >
                      {row.spaceName}へ移動
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
