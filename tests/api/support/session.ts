import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../server/db/connect';
import { users } from '../../../server/db/schema';
import { listMails } from '../../../server/mail/outbox';
import { lastMailTo, uniqueEmail } from './app';

export type AuthHeaders = { 'access-token': string; client: string; uid: string };

export const password = 'correct horse battery';

/**
 * A documentation-range address (RFC 5737) per call, so that tests sharing a server do not
 * trip the per-IP rate limits that the rate-limit tests check on purpose. Nothing is sent there:
 * requests are injected.
 */
export function anyIp(): string {
  return `192.0.2.${Math.floor(Math.random() * 254) + 1}`;
}

/** Keeps the protocol's rule: a non-blank access-token replaces the stored one. */
export function follow(
  headers: AuthHeaders,
  response: { headers: Record<string, unknown> },
): AuthHeaders {
  const next = response.headers['access-token'];
  return typeof next === 'string' && next !== '' ? { ...headers, 'access-token': next } : headers;
}

export async function signUpAndConfirm(
  app: FastifyInstance,
  db: Database['db'],
  email = uniqueEmail(),
) {
  // An invited address already has mail: the confirmation is the one after it.
  const [before] = await listMails(db, { limit: 1, to: email });
  const up = await app.inject({
    method: 'POST',
    url: '/api/auth',
    payload: { email, password },
    remoteAddress: anyIp(),
  });
  if (up.statusCode !== 200) throw new Error(`sign up failed: ${up.body}`);
  const { token } = await lastMailTo(db, email, before);
  const confirmed = await app.inject({
    method: 'GET',
    url: `/api/auth/confirmation?confirmation_token=${token}`,
  });
  if (confirmed.statusCode !== 200) throw new Error(`confirmation failed: ${confirmed.body}`);
  return email;
}

export async function signIn(
  app: FastifyInstance,
  email: string,
  pw = password,
): Promise<AuthHeaders> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign_in',
    payload: { email, password: pw },
    remoteAddress: anyIp(),
  });
  if (res.statusCode !== 200) throw new Error(`sign in failed: ${res.statusCode} ${res.body}`);
  return {
    'access-token': String(res.headers['access-token']),
    client: String(res.headers.client),
    uid: String(res.headers.uid),
  };
}

/** A confirmed, signed-in user: address, session headers and id. */
export async function newSignedInUser(app: FastifyInstance, db: Database['db']) {
  const email = await signUpAndConfirm(app, db);
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no user ${email}`);
  return { email, headers: await signIn(app, email), id: user.id };
}

/** POST /api/mypage/worlds as `headers`: the new world (201 expected). */
export async function createWorld(app: FastifyInstance, headers: AuthHeaders, name = '夏祭り') {
  const res = await app.inject({
    method: 'POST',
    url: '/api/mypage/worlds',
    headers,
    payload: { name },
  });
  if (res.statusCode !== 201) throw new Error(`world not created: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; name: string };
}
