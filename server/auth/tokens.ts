import { timingSafeEqual } from 'node:crypto';
import { and, eq, ne, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { authClients, users } from '../db/schema';
import { hashSecret, newSecret } from './secrets';

export const tokenPolicy = {
  /** A token younger than this is not rotated: the requests a page fires together share it. */
  batchSeconds: 5,
  /** How long the previous token keeps working once the client has shown it has the new one. */
  graceSeconds: 30,
  idleSeconds: 14 * 24 * 3600,
  absoluteSeconds: 30 * 24 * 3600,
  maxClientsPerUser: 10,
  /** last_used_at is refreshed at most this often, so a read does not write every time. */
  touchSeconds: 60,
} as const;

export type UserRow = typeof users.$inferSelect;

export type Authenticated = {
  user: UserRow;
  clientRowId: string;
  client: string;
  /** A rotated token for the client to store, or null for "keep yours". */
  newToken: string | null;
  /** Unix seconds after which the session ends unless used again. */
  expiry: number;
};

type ClientRow = typeof authClients.$inferSelect;

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const addSeconds = (d: Date, s: number) => new Date(d.getTime() + s * 1000);

function sameHash(a: string | null, b: string): boolean {
  if (a === null || a.length !== b.length) return false;
  return timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

function expiryOf(row: Pick<ClientRow, 'lastUsedAt' | 'createdAt'>): number {
  return Math.min(
    seconds(addSeconds(row.lastUsedAt, tokenPolicy.idleSeconds)),
    seconds(addSeconds(row.createdAt, tokenPolicy.absoluteSeconds)),
  );
}

// Every authenticated request runs this look-up: prepared once per database, so neither Drizzle
// nor PostgreSQL plans it again (bench/api.bench.ts measured the difference).
const lookups = new WeakMap<Db, ReturnType<typeof prepareSessionLookup>>();

function prepareSessionLookup(db: Db) {
  return db
    .select({ c: authClients, u: users })
    .from(authClients)
    .innerJoin(users, eq(users.id, authClients.userId))
    .where(eq(authClients.client, sql.placeholder('client')))
    .limit(1)
    .prepare('session_lookup');
}

function sessionLookup(db: Db) {
  let lookup = lookups.get(db);
  if (!lookup) {
    lookup = prepareSessionLookup(db);
    lookups.set(db, lookup);
  }
  return lookup;
}

/** Signs a client in: a new client id and token; the user's oldest clients beyond the limit end. */
export async function createClient(db: Db, userId: string, now: Date) {
  const client = newSecret();
  const token = newSecret();
  const [row] = await db
    .insert(authClients)
    .values({
      userId,
      client,
      tokenHash: hashSecret(token),
      tokenIssuedAt: now,
      lastUsedAt: now,
      createdAt: now,
    })
    .returning();
  const keep = db
    .select({ id: authClients.id })
    .from(authClients)
    .where(eq(authClients.userId, userId))
    .orderBy(sql`${authClients.lastUsedAt} desc`, sql`${authClients.createdAt} desc`)
    .limit(tokenPolicy.maxClientsPerUser);
  await db
    .delete(authClients)
    .where(and(eq(authClients.userId, userId), notInArray(authClients.id, keep)));
  return { client, token, expiry: expiryOf(row!) };
}

/**
 * Checks the devise_token_auth headers and rotates the token when it is due. Safe under
 * concurrency: only one request can move the current token to previous (a conditional update);
 * the others find their token as the previous one, valid within the grace window, and answer
 * "keep yours". If a rotated token never reaches the client (a lost response), its old token
 * keeps working and is rotated again once the grace window has passed.
 */
export async function authenticate(
  db: Db,
  headers: { uid: string; client: string; token: string },
  now: Date,
): Promise<Authenticated | null> {
  const [found] = await sessionLookup(db).execute({ client: headers.client });
  if (!found || found.u.email !== headers.uid.trim().toLowerCase()) return null;
  const row = found.c;
  if (expiryOf(row) <= seconds(now)) return null;

  const hash = hashSecret(headers.token);
  const base = { user: found.u, clientRowId: row.id, client: row.client };
  const age = seconds(now) - seconds(row.tokenIssuedAt);
  const touch = seconds(now) - seconds(row.lastUsedAt) >= tokenPolicy.touchSeconds;

  if (sameHash(row.tokenHash, hash)) {
    const confirmsPrevious = row.previousTokenHash !== null && row.previousValidUntil === null;
    if (age >= tokenPolicy.batchSeconds) {
      const token = newSecret();
      const rotated = await db
        .update(authClients)
        .set({
          tokenHash: hashSecret(token),
          tokenIssuedAt: now,
          previousTokenHash: hash,
          previousValidUntil: null,
          lastUsedAt: now,
        })
        .where(and(eq(authClients.id, row.id), eq(authClients.tokenHash, hash)))
        .returning({ id: authClients.id });
      if (rotated.length === 1)
        return { ...base, newToken: token, expiry: expiryOf({ ...row, lastUsedAt: now }) };
      // Another request rotated it first; ours is now the previous token, in its grace window.
      return { ...base, newToken: null, expiry: expiryOf(row) };
    }
    if (confirmsPrevious || touch) {
      await db
        .update(authClients)
        .set({
          lastUsedAt: now,
          ...(confirmsPrevious
            ? { previousValidUntil: addSeconds(now, tokenPolicy.graceSeconds) }
            : {}),
        })
        .where(eq(authClients.id, row.id));
    }
    return { ...base, newToken: null, expiry: expiryOf(touch ? { ...row, lastUsedAt: now } : row) };
  }

  if (sameHash(row.previousTokenHash, hash)) {
    if (row.previousValidUntil === null) {
      // The client has not used the new token yet. Within the grace window that is a batch of
      // concurrent requests; after it, the response carrying the new token was lost: reissue.
      if (age >= tokenPolicy.graceSeconds) {
        const token = newSecret();
        const reissued = await db
          .update(authClients)
          .set({ tokenHash: hashSecret(token), tokenIssuedAt: now, lastUsedAt: now })
          .where(and(eq(authClients.id, row.id), eq(authClients.tokenHash, row.tokenHash)))
          .returning({ id: authClients.id });
        if (reissued.length === 1)
          return { ...base, newToken: token, expiry: expiryOf({ ...row, lastUsedAt: now }) };
      }
      return { ...base, newToken: null, expiry: expiryOf(row) };
    }
    if (row.previousValidUntil > now) return { ...base, newToken: null, expiry: expiryOf(row) };
  }
  return null;
}

export async function revokeClient(db: Db, clientRowId: string) {
  await db.delete(authClients).where(eq(authClients.id, clientRowId));
}

/** Ends every session of a user, or every one but the caller's. */
export async function revokeClients(db: Db, userId: string, exceptClientRowId?: string) {
  await db
    .delete(authClients)
    .where(
      exceptClientRowId
        ? and(eq(authClients.userId, userId), ne(authClients.id, exceptClientRowId))
        : eq(authClients.userId, userId),
    );
}
