import { useEffect, useState } from 'react';
import { seatWaitMutations } from '../../../services/api/stage-queries';
import { useAction } from '../../hooks/use-action';
import { request, useApi } from '../../hooks/use-api';
import type { WorldActors } from './world-actors';

type Freed = { spaceId: string; spaceName: string };

/**
 * 空いたら知らせる (docs/product.md §4): the tables this page waits at, and the seat freed for it
 * (seat.freed comes only to the first one waiting, who leaves the queue with it).
 */
export function useSeatWaits(world: WorldActors) {
  const api = useApi();
  const { errors, run } = useAction();
  const [waiting, setWaiting] = useState<ReadonlySet<string>>(() => new Set());
  const [freed, setFreed] = useState<Freed | null>(null);
  const without = (spaceId: string) => (now: ReadonlySet<string>) =>
    new Set([...now].filter((id) => id !== spaceId));

  useEffect(
    () =>
      world.messages.subscribe((message) => {
        if (message.type !== 'seat.freed') return;
        setWaiting(without(message.spaceId));
        setFreed({ spaceId: message.spaceId, spaceName: message.spaceName });
      }),
    [world.messages],
  );

  const toggle = (spaceId: string, wait: boolean) =>
    void run(async () => {
      const outcome = await request(() =>
        wait
          ? seatWaitMutations.wait(api, world.worldId, spaceId)
          : seatWaitMutations.stop(api, world.worldId, spaceId),
      );
      if (!outcome.ok) return outcome.errors;
      setWaiting(wait ? (now) => new Set([...now, spaceId]) : without(spaceId));
    });

  return { waiting, freed, errors, toggle, dismiss: () => setFreed(null) };
}

/** The freed seat, said politely and offered as a move; also the refusal of a wait. */
export function SeatWaitNotice({
  freed,
  errors,
  onMove,
  onDismiss,
}: {
  freed: Freed | null;
  errors: readonly string[];
  onMove: (spaceId: string) => void;
  onDismiss: () => void;
}) {
  return (
    <div aria-live="polite" className="seat-wait-notice">
      {errors.map((message) => (
        <p key={message} className="device-error">
          {message}
        </p>
      ))}
      {freed && (
        <p className="bell-notice">
          <span>「{freed.spaceName}」に空きが出ました。</span>
          <button
            type="button"
            className="button"
            onClick={() => {
              onMove(freed.spaceId);
              onDismiss();
            }}
          >
            「{freed.spaceName}」に移動
          </button>
          <button type="button" className="button-link" onClick={onDismiss}>
            閉じる
          </button>
        </p>
      )}
    </div>
  );
}
