import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { HttpError } from './errors';
import { CHAT_LIMITS, chatTexts } from '../../src/domain/chat';
import { STAGE_QUESTION_LIMITS, stageQuestionTexts } from '../../src/domain/stage-questions';
import { INTERACTION_LIMITS, interactionTexts } from '../../src/domain/interaction';
import { LISTENING_LIMITS } from '../../src/domain/listening';
import { normalizeEmail } from '../../src/domain/email-address';

type Rule = { limit: number; windowSeconds: number };

/** Limits per address and per IP for the calls that can be abused to guess or to send mail. */
export const rateRules = {
  // Only failed sign-ins count (issue 13): people who sign in on many devices are not locked out.
  signIn: { ip: { limit: 50, windowSeconds: 900 }, email: { limit: 10, windowSeconds: 900 } },
  mail: { ip: { limit: 20, windowSeconds: 3600 }, email: { limit: 5, windowSeconds: 3600 } },
  contact: { ip: { limit: 10, windowSeconds: 3600 }, email: { limit: 5, windowSeconds: 3600 } },
  // Guest entry creates a user per call. Per IP only, and generous: an audience behind one
  // office or venue NAT enters through the same link within minutes.
  guestEntry: { ip: { limit: 100, windowSeconds: 600 } },
  // Card testing: trying stolen numbers one after another. Per account and per IP; saving a
  // card counts twice (tokenise, attach), so this is about ten cards an hour.
  cards: { ip: { limit: 60, windowSeconds: 3600 }, email: { limit: 20, windowSeconds: 3600 } },
  // Invitation mails go to addresses someone typed: counted per inviting account (its address is
  // the key) and per IP, one count per call of up to 50 addresses, resends included.
  invitations: {
    ip: { limit: 30, windowSeconds: 3600 },
    email: { limit: 10, windowSeconds: 3600 },
  },
  // Adding a co-owner by address tells whether the address has an account: keep that slow.
  ownerLookup: {
    ip: { limit: 20, windowSeconds: 3600 },
    email: { limit: 10, windowSeconds: 3600 },
  },
  // Event registration mails a link to any address: as strict as the account mails.
  eventRegistration: {
    ip: { limit: 20, windowSeconds: 3600 },
    email: { limit: 5, windowSeconds: 3600 },
  },
  // Confirmation guesses a 128-bit token, hopeless anyway; the limit keeps scripts from hammering it.
  eventConfirmation: { ip: { limit: 30, windowSeconds: 600 } },
  // Creating tokens and upload URLs costs little each; the limit stops a loop from a script.
  apiToken: { ip: { limit: 20, windowSeconds: 3600 } },
  uploads: { ip: { limit: 300, windowSeconds: 3600 } },
  // World URL names are public: resolving is cheap, but a script must not walk the name space.
  worldIdLookup: { ip: { limit: 300, windowSeconds: 600 } },
  // A closing page's leave (ADR 035) guesses a 192-bit key, hopeless; a venue NAT closes many.
  leaveBeacon: { ip: { limit: 300, windowSeconds: 600 } },
} as const satisfies Record<string, { ip: Rule; email?: Rule }>;

const tooMany = 'リクエストが多すぎます。しばらくしてからもう一度お試しください。';

type RuleName = keyof typeof rateRules;
/** Rules counted per IP only; the others need the address too. */
type IpOnlyRule = {
  [K in RuleName]: (typeof rateRules)[K] extends { email: Rule } ? never : K;
}[RuleName];

/**
 * Counts one attempt per IP and, for rules that have one, per address (hashed, so the store
 * holds no addresses).
 */
export async function limitAttempts(
  req: FastifyRequest,
  name: Exclude<RuleName, IpOnlyRule>,
  email: string,
  mode?: 'count' | 'check',
): Promise<void>;
export async function limitAttempts(req: FastifyRequest, name: IpOnlyRule): Promise<void>;
/** `check` refuses when the limit is reached without counting this attempt (see signIn). */
export async function limitAttempts(
  req: FastifyRequest,
  name: RuleName,
  email?: string,
  mode: 'count' | 'check' = 'count',
): Promise<void> {
  const rules: { ip: Rule; email?: Rule } = rateRules[name];
  const limiter = req.server.deps.rateLimiter;
  const hit = (key: string, rule: Rule) =>
    mode === 'check'
      ? limiter.peek(key, rule.limit)
      : limiter.hit(key, rule.limit, rule.windowSeconds);
  let results;
  try {
    const hits = [hit(`${name}:ip:${req.ip}`, rules.ip)];
    if (rules.email && email !== undefined) {
      const address = createHash('sha256').update(normalizeEmail(email)).digest('hex').slice(0, 32);
      hits.push(hit(`${name}:email:${address}`, rules.email));
    }
    results = await Promise.all(hits);
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

/** Limits per signed-in user (and world) for calls that write on every use. */
export const userRateRules = {
  // A reconnecting page asks for a ticket per attempt (with back-off); a loop is refused.
  realtimeTicket: { limit: 60, windowSeconds: 60 },
  // Owner and staff get a notification per entry: one per user and world a minute is plenty.
  enterNotification: { limit: 5, windowSeconds: 60 },
  // A bell rings in every attendee's ears: a few a minute per ringer and world, never a siren.
  bellCalling: { limit: 6, windowSeconds: 60 },
  // Chat (docs/product.md §4 チャット): 5 messages in 5 seconds a person, told in its own words.
  chatMessage: { limit: CHAT_LIMITS.rateLimit, windowSeconds: CHAT_LIMITS.rateWindowSeconds },
  // Questions to the stage and votes (docs/product.md §4 ステージへの質問), the announcement.
  stageQuestion: {
    limit: STAGE_QUESTION_LIMITS.rateLimit,
    windowSeconds: STAGE_QUESTION_LIMITS.rateWindowSeconds,
  },
  stageQuestionVote: {
    limit: STAGE_QUESTION_LIMITS.voteLimit,
    windowSeconds: STAGE_QUESTION_LIMITS.voteWindowSeconds,
  },
  worldAnnouncement: { limit: 6, windowSeconds: 60 },
  muteAll: { limit: 6, windowSeconds: 60 },
  seatWait: { limit: 20, windowSeconds: 60 },
  // Reactions, hands and status (docs/product.md §4): a person clicks now and then, a script floods.
  reaction: {
    limit: INTERACTION_LIMITS.reactionRateLimit,
    windowSeconds: INTERACTION_LIMITS.reactionRateWindowSeconds,
  },
  hand: {
    limit: INTERACTION_LIMITS.handRateLimit,
    windowSeconds: INTERACTION_LIMITS.handRateWindowSeconds,
  },
  status: {
    limit: INTERACTION_LIMITS.statusRateLimit,
    windowSeconds: INTERACTION_LIMITS.statusRateWindowSeconds,
  },
  // Listening in (docs/product.md §4 テーブルを聞く): starting and owner and staff's switch.
  listening: {
    limit: LISTENING_LIMITS.rateLimit,
    windowSeconds: LISTENING_LIMITS.rateWindowSeconds,
  },
} as const satisfies Record<string, Rule>;

/** What a refusal says when the rule has words of its own. */
const userRateMessages: Partial<Record<keyof typeof userRateRules, string>> = {
  chatMessage: chatTexts.tooFast,
  stageQuestion: stageQuestionTexts.tooFast,
  stageQuestionVote: stageQuestionTexts.tooManyVotes,
  worldAnnouncement: stageQuestionTexts.announcementTooFast,
  reaction: interactionTexts.reactionTooFast,
  hand: interactionTexts.tooFast,
  status: interactionTexts.tooFast,
  listening: interactionTexts.tooFast,
};

export async function limitPerUser(
  // request.auth as server/app/deps.ts declares it, signed in.
  req: FastifyRequest & { auth: NonNullable<FastifyRequest['auth']> },
  name: keyof typeof userRateRules,
  scope: string,
): Promise<void> {
  const rule = userRateRules[name];
  let result;
  try {
    result = await req.server.deps.rateLimiter.hit(
      `${name}:user:${req.auth.user.id}:${scope}`,
      rule.limit,
      rule.windowSeconds,
    );
  } catch (err) {
    req.log.error({ err }, 'rate limiter unavailable; request allowed without a limit');
    return;
  }
  if (!result.allowed)
    throw new HttpError(429, userRateMessages[name] ?? tooMany, {
      'retry-after': String(result.retryAfterSeconds),
    });
}
