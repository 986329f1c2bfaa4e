import { Redis } from 'ioredis';

type RateLimitResult = {
  allowed: boolean;
  /** Seconds until the window ends (for a Retry-After header); 0 when allowed. */
  retryAfterSeconds: number;
};

/**
 * Fixed-window counter: the first hit on a key opens a window of `windowSeconds`; within it the
 * first `limit` hits are allowed and the rest refused. The key should name the rule as well as
 * the subject (e.g. `signin:ip:203.0.113.5`), since the window and limit are fixed by the first hit.
 */
export type RateLimiter = {
  hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult>;
  /** Whether one more hit would be allowed, without counting one (sign-in counts only failures). */
  peek(key: string, limit: number): Promise<RateLimitResult>;
  close(): Promise<void>;
};

/**
 * The default: counts in this process. Right for one server; behind a load balancer each server
 * would count on its own, so configure Redis there.
 */
export function createMemoryRateLimiter({
  now = Date.now,
}: { now?: () => number } = {}): RateLimiter & {
  /** Windows held in memory (expired ones included until the next sweep); for tests and metrics. */
  readonly size: number;
} {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let nextSweepAt = 0;
  const sweepEveryMs = 60_000;

  // Expired windows are dropped in a sweep at most once a minute, run from hit() rather than a
  // timer so nothing keeps the process alive and an injected clock drives it in tests. Memory
  // is then bounded by the keys seen within the longest window plus one minute.
  function sweep(t: number) {
    if (t < nextSweepAt) return;
    nextSweepAt = t + sweepEveryMs;
    for (const [key, w] of windows) if (w.resetAt <= t) windows.delete(key);
  }

  return {
    async hit(key, limit, windowSeconds) {
      const t = now();
      sweep(t);
      let w = windows.get(key);
      if (!w || w.resetAt <= t) {
        w = { count: 0, resetAt: t + windowSeconds * 1000 };
        windows.set(key, w);
      }
      w.count += 1;
      return result(w.count, limit, w.resetAt - t);
    },
    async peek(key, limit) {
      const t = now();
      const w = windows.get(key);
      return !w || w.resetAt <= t ? result(1, limit, 0) : result(w.count + 1, limit, w.resetAt - t);
    },
    async close() {
      windows.clear();
    },
    get size() {
      return windows.size;
    },
  };
}

// INCR and the window's expiry in one script, so a crash between the two can never leave a
// counter without a TTL (which would lock a key out for good). The PTTL check repairs such a key
// should one exist anyway, e.g. written by an older version.
const hitScript = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if count == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

/** Counts in Redis so that every server behind a load balancer shares one count per key. */
export function createRedisRateLimiter(url: string): RateLimiter {
  const redis = new Redis(url, {
    keyPrefix: 'rl:',
    // A login must not hang while Redis is away: fail the hit quickly and let the caller decide.
    maxRetriesPerRequest: 1,
  });
  redis.defineCommand('rateLimitHit', { numberOfKeys: 1, lua: hitScript });
  const hitCommand = (
    redis as unknown as Record<string, (key: string, windowMs: number) => Promise<unknown>>
  )['rateLimitHit']!.bind(redis);

  return {
    async hit(key, limit, windowSeconds) {
      const reply = await hitCommand(key, Math.max(1, Math.round(windowSeconds * 1000)));
      if (!Array.isArray(reply) || typeof reply[0] !== 'number' || typeof reply[1] !== 'number') {
        throw new Error('Unexpected reply from the rate-limit script');
      }
      return result(reply[0], limit, reply[1]);
    },
    async peek(key, limit) {
      const [count, ttl] = await Promise.all([redis.get(key), redis.pttl(key)]);
      return result(Number(count ?? 0) + 1, limit, Math.max(ttl, 0));
    },
    async close() {
      await redis.quit();
    },
  };
}

function result(count: number, limit: number, remainingMs: number): RateLimitResult {
  if (count <= limit) return { allowed: true, retryAfterSeconds: 0 };
  // Retry-After is whole seconds; round up so a client that waits that long is let in.
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(remainingMs / 1000)) };
}
