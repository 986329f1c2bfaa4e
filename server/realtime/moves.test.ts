import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBudget, createWindowedBatches } from './moves';

describe('the move budget', () => {
  it('allows a burst, then the rate, and says how long until the next move', () => {
    let now = 0;
    const budget = createBudget(3, 5, () => now);
    expect([budget.take(), budget.take(), budget.take(), budget.take()]).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(budget.wait()).toBe(200);
    now += 200;
    expect(budget.take()).toBe(true);
    expect(budget.take()).toBe(false);
  });
});

describe('windowed batches', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function batches() {
    const flushed: { at: number; ids: string[] }[] = [];
    const batch = createWindowedBatches<{ id: string; worldId: string }>(
      async (_worldId, moved) => {
        flushed.push({ at: Date.now(), ids: moved.map((m) => m.id) });
      },
      (err) => {
        throw err;
      },
      25,
      () => Date.now(),
    );
    return { batch, flushed };
  }

  it('sends a lone move at once, not a window later', async () => {
    const { batch, flushed } = batches();
    const start = Date.now();
    batch.add({ id: 'a', worldId: 'w' });
    await vi.advanceTimersByTimeAsync(1);
    expect(flushed.map((f) => f.ids)).toEqual([['a']]);
    expect(flushed[0]!.at - start).toBeLessThanOrEqual(1);
  });

  it('flushes a world at most once per window, with every move made meanwhile, each once', async () => {
    const { batch, flushed } = batches();
    const start = Date.now();
    batch.add({ id: 'a', worldId: 'w' });
    await vi.advanceTimersByTimeAsync(1);
    for (let i = 0; i < 20; i++) {
      batch.add({ id: i % 2 ? 'b' : 'c', worldId: 'w' });
      await vi.advanceTimersByTimeAsync(1);
    }
    await vi.advanceTimersByTimeAsync(100);
    expect(flushed.map((f) => f.ids)).toEqual([['a'], ['c', 'b']]);
    expect(flushed[1]!.at - flushed[0]!.at).toBeGreaterThanOrEqual(25);
    expect(flushed[1]!.at).toBeLessThanOrEqual(start + 1 + 25 + 1);
  });

  it('keeps worlds apart: a busy world does not hold back a move in another', async () => {
    const { batch, flushed } = batches();
    batch.add({ id: 'a', worldId: 'busy' });
    await vi.advanceTimersByTimeAsync(1);
    batch.add({ id: 'b', worldId: 'busy' });
    batch.add({ id: 'c', worldId: 'quiet' });
    await vi.advanceTimersByTimeAsync(1);
    expect(flushed.map((f) => f.ids)).toEqual([['a'], ['c']]);
  });
});
