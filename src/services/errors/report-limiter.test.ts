import { describe, expect, it, vi } from 'vitest';
import { createReportLimiter, type LimiterClock } from './report-limiter';

/** A clock whose time moves only when the test says so. */
function fakeClock() {
  let now = 0;
  let timers: { at: number; callback: () => void; id: number }[] = [];
  let nextId = 1;
  const clock: LimiterClock = {
    now: () => now,
    setTimeout: (callback, ms) => {
      const id = nextId++;
      timers.push({ at: now + ms, callback, id });
      return id;
    },
    clearTimeout: (id) => {
      timers = timers.filter((t) => t.id !== id);
    },
  };
  return {
    clock,
    advance(ms: number) {
      const end = now + ms;
      for (;;) {
        const due = timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        timers = timers.filter((t) => t !== due);
        now = due.at;
        due.callback();
      }
      now = end;
    },
  };
}

describe('report limiter', () => {
  it('sends 60 reports in a minute and queues the 61st', () => {
    const { clock } = fakeClock();
    const send = vi.fn();
    const limiter = createReportLimiter<number>({ send, clock });
    for (let i = 0; i < 60; i++) expect(limiter.submit(i)).toBe('sent');
    expect(limiter.submit(60)).toBe('queued');
    expect(send).toHaveBeenCalledTimes(60);
    expect(limiter.queued).toBe(1);
  });

  it('sends queued reports once the minute has passed, in order', () => {
    const { clock, advance } = fakeClock();
    const send = vi.fn();
    const limiter = createReportLimiter<number>({ send, clock });
    for (let i = 0; i < 62; i++) limiter.submit(i);
    advance(59_999);
    expect(send).toHaveBeenCalledTimes(60);
    advance(1);
    expect(send).toHaveBeenCalledTimes(62);
    expect(send.mock.calls.slice(60).map(([n]) => n)).toEqual([60, 61]);
    expect(limiter.queued).toBe(0);
  });

  it('keeps at most 100 waiting and drops the rest', () => {
    const { clock } = fakeClock();
    const send = vi.fn();
    const limiter = createReportLimiter<number>({ send, clock });
    for (let i = 0; i < 60 + 100; i++) limiter.submit(i);
    expect(limiter.submit(999)).toBe('dropped');
    expect(limiter.queued).toBe(100);
    expect(limiter.dropped).toBe(1);
  });

  it('drains a full queue over the following minutes at the same rate', () => {
    const { clock, advance } = fakeClock();
    const send = vi.fn();
    const limiter = createReportLimiter<number>({ send, clock });
    for (let i = 0; i < 160; i++) limiter.submit(i);
    advance(60_000);
    expect(send).toHaveBeenCalledTimes(120);
    advance(60_000);
    expect(send).toHaveBeenCalledTimes(160);
  });

  it('frees the rate as old reports leave the one-minute window', () => {
    const { clock, advance } = fakeClock();
    const send = vi.fn();
    const limiter = createReportLimiter<number>({ send, clock });
    for (let i = 0; i < 30; i++) limiter.submit(i);
    advance(30_000);
    for (let i = 0; i < 30; i++) limiter.submit(i);
    expect(limiter.submit(0)).toBe('queued');
    advance(30_000);
    expect(send).toHaveBeenCalledTimes(61);
  });
});
