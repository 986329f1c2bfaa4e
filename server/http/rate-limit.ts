import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { normalizeEmail } from '../auth/user-json';
import { HttpError } from './errors';

type Rule = { limit: number; windowSeconds: number };

/** Limits per address and per IP for the calls that can be abused to guess or to send mail. */
export const rateRules = {
  signIn: { ip: { limit: 50, windowSeconds: 900 }, email: { limit: 10, windowSeconds: 900 } },
  mail: { ip: { limit: 20, windowSeconds: 3600 }, email: { limit: 5, windowSeconds: 3600 } },
  contact: { ip: { limit: 10, windowSeconds: 3600 }, email: { limit: 5, windowSeconds: 3600 } },
} as const satisfies Record<string, { ip: Rule; email: Rule }>;

const tooMany = 'リクエストが多すぎます。しばらくしてからもう一度お試しください。';

/** Counts one attempt per IP and per address (hashed, so the store holds no addresses). */
export async function limitAttempts(req: FastifyRequest, name: keyof typeof rateRules, email: string) {
  const rules = rateRules[name];
  const limiter = req.server.deps.rateLimiter;
  const address = createHash('sha256').update(normalizeEmail(email)).digest('hex').slice(0, 32);
  let results;
  try {
    results = await Promise.all([
      limiter.hit(`${name}:ip:${req.ip}`, rules.ip.limit, rules.ip.windowSeconds),
      limiter.hit(`${name}:email:${address}`, rules.email.limit, rules.email.windowSeconds),
    ]);
  } catch (err) {
    // The limiter's store (Redis) is down: let people sign in rather than lock everyone out;
    // argon2 keeps guessing slow meanwhile, and the log says the limit is off.
    req.log.error({ err }, 'rate limiter unavailable; request allowed without a limit');
    return;
  }
  const refused = results.filter((r) => !r.allowed);
  if (refused.length > 0) {
    const retryAfter = Math.max(...refused.map((r) => r.retryAfterSeconds), 1);
    throw new HttpError(429, tooMany, { 'retry-after': String(retryAfter) });
  }
}
