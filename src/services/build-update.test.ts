import { describe, expect, it, vi } from 'vitest';
import {
  BUILD_CHECK_INTERVAL_MS,
  type BuildUpdateClock,
  createBuildUpdateCheck,
} from './build-update';

function fakeClock(start = 1_700_000_000_000) {
  let now = start;
  const intervals = new Map<number, { callback: () => void; ms: number; next: number }>();
  let nextId = 1;
  const clock: BuildUpdateClock = {
    now: () => now,
    setInterval: (callback, ms) => {
      intervals.set(nextId, { callback, ms, next: now + ms });
      return nextId++;
    },
    clearInterval: (id) => void intervals.delete(id as number),
  };
  return {
    clock,
    advance(ms: number) {
      const end = now + ms;
      for (const timer of intervals.values()) {
        while (timer.next <= end) {
          now = timer.next;
          timer.next += timer.ms;
          timer.callback();
        }
      }
      now = end;
    },
  };
}

function serverSaying(id: string) {
  return vi.fn<typeof fetch>(
    async () => new Response(JSON.stringify({ id, timestamp: 1 }), { status: 200 }),
  );
}

describe('build update check', () => {
  it('asks for the latest build with the current time and finds a different id', async () => {
    const { clock } = fakeClock(1234);
    const fetch = serverSaying('new-build');
    const builds = createBuildUpdateCheck({ currentBuildId: 'old-build', fetch, clock });
    await expect(builds.check()).resolves.toBe(true);
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/builds/latest?t=1234');
    expect(builds.updateAvailable).toBe(true);
  });

  it('sees no update while the server has the running build', async () => {
    const builds = createBuildUpdateCheck({
      currentBuildId: 'b1',
      fetch: serverSaying('b1'),
      clock: fakeClock().clock,
    });
    await expect(builds.check()).resolves.toBe(false);
    expect(builds.updateAvailable).toBe(false);
  });

  it('never asks, nor reloads, under the dev server', async () => {
    const fetch = serverSaying('b2');
    const { clock, advance } = fakeClock();
    const builds = createBuildUpdateCheck({ currentBuildId: 'dev', fetch, clock });
    builds.start();
    advance(BUILD_CHECK_INTERVAL_MS * 3);
    await expect(builds.check()).resolves.toBe(false);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('checks once an hour until stopped', async () => {
    const fetch = serverSaying('b1');
    const { clock, advance } = fakeClock();
    const builds = createBuildUpdateCheck({ currentBuildId: 'b1', fetch, clock });
    const stop = builds.start();
    advance(BUILD_CHECK_INTERVAL_MS - 1);
    expect(fetch).toHaveBeenCalledTimes(0);
    advance(1);
    expect(fetch).toHaveBeenCalledTimes(1);
    advance(BUILD_CHECK_INTERVAL_MS);
    expect(fetch).toHaveBeenCalledTimes(2);
    stop();
    advance(BUILD_CHECK_INTERVAL_MS * 2);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('shrugs off a network failure or an error status', async () => {
    const failing = vi.fn<typeof fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    const builds = createBuildUpdateCheck({
      currentBuildId: 'b1',
      fetch: failing,
      clock: fakeClock().clock,
    });
    await expect(builds.check()).resolves.toBe(false);
    const erroring = vi.fn<typeof fetch>(async () => new Response('{}', { status: 503 }));
    const again = createBuildUpdateCheck({
      currentBuildId: 'b1',
      fetch: erroring,
      clock: fakeClock().clock,
    });
    await expect(again.check()).resolves.toBe(false);
  });
});
