import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from './rate-limiter';

describe('memory rate limiter', () => {
  function clock(start = 1_700_000_000_000) {
    let t = start;
    return { now: () => t, advance: (ms: number) => void (t += ms) };
  }

  it('allows `limit` hits, then refuses with a Retry-After inside the window, then allows again after it', async () => {
    const c = clock();
    const limiter = createMemoryRateLimiter({ now: c.now });
    for (let i = 0; i < 3; i++)
      expect(await limiter.hit('signin:a', 3, 60)).toEqual({ allowed: true, retryAfterSeconds: 0 });

    expect(await limiter.hit('signin:a', 3, 60)).toEqual({ allowed: false, retryAfterSeconds: 60 });
    c.advance(45_500);
    expect(await limiter.hit('signin:a', 3, 60)).toEqual({ allowed: false, retryAfterSeconds: 15 }); // 14.5 s, rounded up
    c.advance(14_499);
    expect(await limiter.hit('signin:a', 3, 60)).toEqual({ allowed: false, retryAfterSeconds: 1 });

    c.advance(1); // the window has ended
    expect(await limiter.hit('signin:a', 3, 60)).toEqual({ allowed: true, retryAfterSeconds: 0 });
    await limiter.close();
  });

  it('counts keys separately', async () => {
    const limiter = createMemoryRateLimiter({ now: clock().now });
    expect((await limiter.hit('k1', 1, 10)).allowed).toBe(true);
    expect((await limiter.hit('k1', 1, 10)).allowed).toBe(false);
    expect((await limiter.hit('k2', 1, 10)).allowed).toBe(true);
    await limiter.close();
  });

  it('sweeps expired windows so memory stays bounded', async () => {
    const c = clock();
    const limiter = createMemoryRateLimiter({ now: c.now });
    for (let i = 0; i < 10_000; i++) await limiter.hit(`ip:${i}`, 5, 10);
    await limiter.hit('long', 5, 3600);
    expect(limiter.size).toBe(10_001);
    // Past the 10-second windows and the once-a-minute sweep interval: the next hit sweeps.
    c.advance(61_000);
    await limiter.hit('trigger', 5, 10);
    expect(limiter.size).toBe(2); // 'long' is still inside its hour, 'trigger' just opened
    expect((await limiter.hit('long', 1, 3600)).allowed).toBe(false); // and still counting
    await limiter.close();
  });

  it('works with vitest fake timers as the clock (Date.now is the default)', async () => {
    vi.useFakeTimers({ now: 0 });
    try {
      const limiter = createMemoryRateLimiter();
      expect((await limiter.hit('k', 1, 5)).allowed).toBe(true);
      expect(await limiter.hit('k', 1, 5)).toEqual({ allowed: false, retryAfterSeconds: 5 });
      vi.advanceTimersByTime(5_000);
      expect((await limiter.hit('k', 1, 5)).allowed).toBe(true);
      await limiter.close();
    } finally {
      vi.useRealTimers();
    }
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) {
  console.warn(
    '\n⚠️  TEST_REDIS_URL is not set: SKIPPING the Redis rate limiter tests (e.g. TEST_REDIS_URL=redis://127.0.0.1:6379).\n',
  );
}

describe.skipIf(!redisUrl)('redis rate limiter', () => {
  // A prefix per run, so parallel runs against one Redis never share a counter.
  const run = `test:${randomUUID()}`;
  let limiter: RateLimiter;
  let redis: Redis;

  beforeAll(() => {
    limiter = createRedisRateLimiter(redisUrl!);
    redis = new Redis(redisUrl!);
  });
  afterAll(async () => {
    const keys = await redis.keys(`rl:${run}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await limiter?.close();
    await redis?.quit();
  });

  it('allows `limit` hits, then refuses with a Retry-After inside the window, then allows again after it', async () => {
    const key = `${run}:signin`;
    for (let i = 0; i < 3; i++)
      expect(await limiter.hit(key, 3, 2)).toEqual({ allowed: true, retryAfterSeconds: 0 });
    const refused = await limiter.hit(key, 3, 2);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(2);

    // Redis expires the key on its own clock; wait out the 2-second window.
    await new Promise((r) => setTimeout(r, 2_100));
    expect(await limiter.hit(key, 3, 2)).toEqual({ allowed: true, retryAfterSeconds: 0 });
  });

  it('peeks without counting: allowed until `limit` hits, refused after, the count unchanged', async () => {
    const key = `${run}:peek`;
    for (let i = 0; i < 5; i++) expect((await limiter.peek(key, 2)).allowed).toBe(true);
    await limiter.hit(key, 2, 60);
    expect((await limiter.peek(key, 2)).allowed).toBe(true);
    await limiter.hit(key, 2, 60);
    const refused = await limiter.peek(key, 2);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(50);
  });

  it('stores counters under rl: with an expiry, so Redis never keeps a window forever', async () => {
    const key = `${run}:ttl`;
    await limiter.hit(key, 5, 60);
    expect(await redis.get(`rl:${key}`)).toBe('1');
    const ttl = await redis.pttl(`rl:${key}`);
    expect(ttl).toBeGreaterThan(55_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });

  it('repairs a counter that lost its expiry', async () => {
    const key = `${run}:no-ttl`;
    await redis.set(`rl:${key}`, '7');
    const result = await limiter.hit(key, 5, 30);
    expect(result.allowed).toBe(false);
    expect(result.retryAfterSeconds).toBe(30);
    expect(await redis.pttl(`rl:${key}`)).toBeGreaterThan(0);
  });

  it('shares one count between limiters (servers) on the same Redis, and keeps concurrent hits exact', async () => {
    const key = `${run}:shared`;
    const other = createRedisRateLimiter(redisUrl!);
    try {
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? limiter : other).hit(key, 10, 60)),
      );
      expect(results.filter((r) => r.allowed)).toHaveLength(10);
      expect(await redis.get(`rl:${key}`)).toBe('20');
    } finally {
      await other.close();
    }
  });
});
