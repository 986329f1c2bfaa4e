// Raised hands (docs/product.md §4 挙手, ADR 034): one's own hand in the toolbar, its notice, and
// for owners and staff the queue of the space they are in, with 下げる and 発言を許可.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import {
  canRaiseHand,
  isHandBusy,
  isHandUp,
  selectHandNotice,
} from '../../../machines/hand.selectors';
import {
  interactionMutations,
  interactionQueries,
  invalidateRaisedHands,
} from '../../../services/api/interaction-queries';
import { useAction } from '../../hooks/use-action';
import { request, useApi } from '../../hooks/use-api';
import { useQueryApi } from '../../hooks/use-api-query';
import { ErrorSummary } from '../form/error-summary';
import { usePresence } from './use-world-meeting';
import type { WorldActors } from './world-actors';

/** 「手を挙げる」 / 「手を下げる」 (pressed while up). */
export function HandButton({ world }: { world: WorldActors }) {
  const { hand } = world;
  const up = useSelector(hand, isHandUp);
  const busy = useSelector(hand, isHandBusy);
  const canRaise = useSelector(hand, canRaiseHand);
  return (
    <button
      type="button"
      className="button"
      aria-pressed={up}
      disabled={busy || (!up && !canRaise)}
      onClick={() => hand.send({ type: up ? 'hand.lower' : 'hand.raise' })}
    >
      {up ? '✋ 手を下げる' : '✋ 手を挙げる'}
    </button>
  );
}

/** What happened to one's hand: the floor given, lowered by someone else, or a refusal. */
export function HandNotice({ world }: { world: WorldActors }) {
  const notice = useSelector(world.hand, selectHandNotice);
  return (
    <div role="status">
      {notice && (
        <div className="hand-notice">
          <p>{notice}</p>
          <button
            type="button"
            className="button"
            onClick={() => world.hand.send({ type: 'hand.noticeDismissed' })}
          >
            閉じる
          </button>
        </div>
      )}
    </div>
  );
}

/** Owner and staff: the hands of the space they are in, in the order they went up. */
export function HandQueue({ world, spaceId }: { world: WorldActors; spaceId: string }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const queue = useQuery(interactionQueries.raisedHands(useQueryApi(), world.worldId, spaceId));
  const { busy, errors, failures, run } = useAction();
  const items = queue.data?.items;
  const presence = usePresence(world);
  // Said to a screen reader: a hand that went up in this space.
  const [raised, setRaised] = useState('');

  useEffect(
    () =>
      world.messages.subscribe((message) => {
        // A hand went up or down, or someone of the queue moved or left (their hand went down).
        const queued = (userId: string) => items?.some((h) => h.userId === userId) ?? false;
        if (
          (message.type === 'hands.changed' && message.spaceId === spaceId) ||
          (message.type === 'presence.moved' && message.moves.some((m) => queued(m.userId))) ||
          (message.type === 'presence.left' && queued(message.userId))
        )
          void invalidateRaisedHands(queryClient, world.worldId, spaceId);
        if (message.type === 'hands.changed' && message.spaceId === spaceId && message.raised)
          setRaised(`${presence.get(message.userId)?.name ?? '参加者'}さんが手を挙げました`);
      }),
    [world, spaceId, items, queryClient, presence],
  );

  const act = (call: () => ReturnType<typeof interactionMutations.giveFloor>) =>
    void run(async () => {
      const outcome = await request(call);
      await invalidateRaisedHands(queryClient, world.worldId, spaceId);
      if (!outcome.ok) return outcome.errors;
    });

  return (
    <section className="hand-queue" aria-labelledby="hand-queue-title">
      <h2 id="hand-queue-title">挙手（{items?.length ?? 0}人）</h2>
      <p className="visually-hidden" aria-live="polite">
        {raised}
      </p>
      <ErrorSummary messages={errors} focusKey={failures} title="操作できませんでした。" />
      {items && items.length === 0 && <p>手を挙げている人はいません。</p>}
      {items && items.length > 0 && (
        <ol className="hand-queue-list" aria-label="手を挙げた順">
          {items.map((h) => (
            <li key={h.userId}>
              <span>{h.name}</span>
              <button
                type="button"
                className="button"
                disabled={busy}
                onClick={() =>
                  act(() => interactionMutations.giveFloor(api, world.worldId, spaceId, h.userId))
                }
              >
                発言を許可
                <span className="visually-hidden">（{h.name}さん）</span>
              </button>
              <button
                type="button"
                className="button"
                disabled={busy}
                onClick={() =>
                  act(() => interactionMutations.lowerHand(api, world.worldId, spaceId, h.userId))
                }
              >
                下げる
                <span className="visually-hidden">（{h.name}さんの手）</span>
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
