// Error-reporting limits (docs/product.md §9): at most 60 reports a minute; reports over the rate
// wait in a queue of at most 100 and go out as the minute frees up; beyond that they are dropped.
// Sentry's transport has no client-side rate of its own (its bufferSize caps concurrent
// requests, and it only obeys the server's 429s), so the limit sits in front of captureException.

export interface LimiterClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface ReportLimiterOptions<T> {
  send: (item: T) => void;
  clock?: LimiterClock;
  perMinute?: number;
  queueSize?: number;
}

export interface ReportLimiter<T> {
  /** Sends now, queues, or drops when the queue is full. Returns what happened. */
  submit(item: T): 'sent' | 'queued' | 'dropped';
  readonly queued: number;
  readonly dropped: number;
  /** Stops the pending drain; queued items are forgotten. */
  dispose(): void;
}

const REPORTS_PER_MINUTE = 60;
export const REPORT_QUEUE_SIZE = 100;
const MINUTE = 60_000;

const realClock: LimiterClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) =>
    globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

export function createReportLimiter<T>({
  send,
  clock = realClock,
  perMinute = REPORTS_PER_MINUTE,
  queueSize = REPORT_QUEUE_SIZE,
}: ReportLimiterOptions<T>): ReportLimiter<T> {
  const sentAt: number[] = [];
  const queue: T[] = [];
  let dropped = 0;
  let timer: unknown = null;

  function forgetOld(now: number) {
    while (sentAt.length > 0 && (sentAt[0] as number) <= now - MINUTE) sentAt.shift();
  }

  function sendNow(item: T, now: number) {
    sentAt.push(now);
    send(item);
  }

  function drain() {
    timer = null;
    const now = clock.now();
    forgetOld(now);
    while (queue.length > 0 && sentAt.length < perMinute) sendNow(queue.shift() as T, now);
    schedule();
  }

  function schedule() {
    if (timer !== null || queue.length === 0 || sentAt.length === 0) return;
    const wait = (sentAt[0] as number) + MINUTE - clock.now();
    timer = clock.setTimeout(drain, Math.max(0, wait));
  }

  return {
    submit(item) {
      const now = clock.now();
      forgetOld(now);
      if (queue.length === 0 && sentAt.length < perMinute) {
        sendNow(item, now);
        return 'sent';
      }
      if (queue.length >= queueSize) {
        dropped += 1;
        return 'dropped';
      }
      queue.push(item);
      schedule();
      return 'queued';
    },
    get queued() {
      return queue.length;
    },
    get dropped() {
      return dropped;
    },
    dispose() {
      if (timer !== null) clock.clearTimeout(timer);
      timer = null;
      queue.length = 0;
    },
  };
}
