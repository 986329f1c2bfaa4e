import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RealtimeServerMessage } from '../../domain/realtime';
import { createReactionStore } from './reactions';

// docs/product.md §4 リアクション: shown about 3 s, one change per batch.

const a = '00000000-0000-4000-8000-00000000000a';
const b = '00000000-0000-4000-8000-00000000000b';
const table = '00000000-0000-4000-8000-0000000000b1';

function fakeRealtime() {
  let handler: (m: RealtimeServerMessage) => void = () => {};
  return {
    subscribe(h: (m: RealtimeServerMessage) => void) {
      handler = h;
      return () => {};
    },
    deliver: (m: RealtimeServerMessage) => handler(m),
  };
}

describe('reaction store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows each sender’s reaction for 3 s, a batch being one change', () => {
    const realtime = fakeRealtime();
    const store = createReactionStore(realtime);
    const listener = vi.fn();
    store.subscribe(listener);
    realtime.deliver({
      type: 'reactions',
      items: [
        { userId: a, spaceId: table, kind: 'clap' },
        { userId: b, spaceId: table, kind: 'heart' },
      ],
    });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.of(a)?.kind).toBe('clap');
    expect(store.latest()).toHaveLength(2);
    vi.advanceTimersByTime(2999);
    expect(store.of(b)?.kind).toBe('heart');
    vi.advanceTimersByTime(1);
    expect(store.of(a)).toBeUndefined();
    expect(store.of(b)).toBeUndefined();
  });

  it('shows a new reaction of the same sender for 3 s from its arrival', () => {
    const realtime = fakeRealtime();
    const store = createReactionStore(realtime);
    realtime.deliver({ type: 'reactions', items: [{ userId: a, spaceId: table, kind: 'clap' }] });
    vi.advanceTimersByTime(2000);
    realtime.deliver({ type: 'reactions', items: [{ userId: a, spaceId: table, kind: 'party' }] });
    vi.advanceTimersByTime(2000);
    expect(store.of(a)?.kind).toBe('party');
    vi.advanceTimersByTime(1000);
    expect(store.of(a)).toBeUndefined();
  });
});
