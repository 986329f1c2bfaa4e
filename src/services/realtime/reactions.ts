// The reactions shown now (docs/product.md §4 リアクション, ADR 034): each sender's latest, for
// INTERACTION_LIMITS.reactionShownMs, kept from the server's batched `reactions` messages as an
// external store the views read with useSyncExternalStore. One batch is one change, however many
// reactions it holds, so a burst costs the page one render per batch.
import { INTERACTION_LIMITS, type ReactionKind } from '../../domain/interaction';
import type { RealtimeClient } from './realtime-client';

type ShownReaction = { kind: ReactionKind; spaceId: string; seq: number };

export interface ReactionStore {
  /** The sender's reaction shown now, or undefined. */
  of(userId: string): ShownReaction | undefined;
  /** The newest batch, for the screen reader's live region. */
  latest(): readonly { userId: string; kind: ReactionKind; spaceId: string }[];
  subscribe(listener: () => void): () => void;
  dispose(): void;
}

export function createReactionStore(
  realtime: Pick<RealtimeClient, 'subscribe'>,
  shownMs: number = INTERACTION_LIMITS.reactionShownMs,
): ReactionStore {
  const shown = new Map<string, ShownReaction>();
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const listeners = new Set<() => void>();
  let latest: ReturnType<ReactionStore['latest']> = [];
  let seq = 0;
  const changed = () => {
    for (const listener of listeners) listener();
  };
  const unsubscribe = realtime.subscribe((message) => {
    if (message.type !== 'reactions' || message.items.length === 0) return;
    latest = message.items;
    for (const { userId, kind, spaceId } of message.items) {
      shown.set(userId, { kind, spaceId, seq: (seq += 1) });
      clearTimeout(timers.get(userId));
      timers.set(
        userId,
        setTimeout(() => {
          timers.delete(userId);
          shown.delete(userId);
          changed();
        }, shownMs),
      );
    }
    changed();
  });
  return {
    of: (userId) => shown.get(userId),
    latest: () => latest,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      unsubscribe();
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      shown.clear();
    },
  };
}
