import { and, asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { UserRow } from '../auth/tokens';
import type { Db } from '../db/connect';
import { users, worldGuestTokens, worlds } from '../db/schema';
import { RuleError } from '../http/errors';
import { enqueueMail } from '../mail/outbox';
import { guestEntryMail } from '../mail/templates';
import { forbiddenMessage, memberRole } from '../worlds/access';
import { containing } from '../worlds/members';
import { createGuestUser, guestMessages } from './guests';
import { futureExpiry, linkUrl, type LinkRow } from './links';
import { normalizeEmail } from '../../src/domain/email-address';

/**
 * Guests of a world as its owner and staff manage them: each guest is a user without an account
 * (ADR 007) with a personal link (world_guest_tokens, kind personal) to enter and come back with.
 * createGuest makes the guest before it ever enters and mails the link when given an address.
 */
type GuestUser = Pick<UserRow, 'id' | 'name' | 'createdAt'>;

function guestJson(user: GuestUser, link: LinkRow, appUrl: string) {
  return {
    id: user.id,
    worldId: link.worldId,
    name: user.name,
    email: link.email,
    token: link.token,
    enterUrl: linkUrl(appUrl, link),
    expiresAt: link.expiresAt?.toISOString() ?? null,
    lastEnteredAt: link.lastUsedAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
  };
}

function guests(db: Db) {
  return db
    .select({
      user: { id: users.id, name: users.name, createdAt: users.createdAt },
      link: worldGuestTokens,
    })
    .from(worldGuestTokens)
    .innerJoin(users, eq(users.id, worldGuestTokens.guestUserId));
}

export async function listGuests(
  db: Db,
  worldId: string,
  query: { page: number; perPage: number; q?: string },
  appUrl: string,
) {
  const filters: (SQL | undefined)[] = [
    eq(worldGuestTokens.worldId, worldId),
    eq(worldGuestTokens.kind, 'personal'),
  ];
  if (query.q) {
    const q = containing(query.q.trim());
    filters.push(or(ilike(users.name, q), ilike(worldGuestTokens.email, q)));
  }
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    guests(db)
      .where(where)
      .orderBy(asc(users.createdAt), asc(users.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db
      .select({ n: count() })
      .from(worldGuestTokens)
      .innerJoin(users, eq(users.id, worldGuestTokens.guestUserId))
      .where(where),
  ]);
  return {
    items: rows.map((r) => guestJson(r.user, r.link, appUrl)),
    page: query.page,
    perPage: query.perPage,
    total: total?.n ?? 0,
  };
}

/** createGuest (owner, staff): the guest and its link; the link is mailed when an address is given. */
export async function createGuest(
  db: Db,
  worldId: string,
  creator: UserRow,
  input: { name: string; email?: string; expiresAt?: string },
  appUrl: string,
  now: Date,
) {
  const name = input.name.trim();
  if (!name) throw new RuleError('invalid', guestMessages.nameRequired);
  const expiresAt = futureExpiry(input.expiresAt, now) ?? null;
  const email = input.email === undefined ? null : normalizeEmail(input.email);
  return db.transaction(async (tx) => {
    const user = await createGuestUser(
      tx,
      worldId,
      { name, email, expiresAt, createdBy: creator.id },
      now,
    );
    const found = await findGuest(tx, user.id);
    if (email) {
      const [world] = await tx
        .select({ name: worlds.name })
        .from(worlds)
        .where(eq(worlds.id, worldId));
      const enterUrl = linkUrl(appUrl, found!.link);
      await enqueueMail(tx, {
        to: email,
        ...guestEntryMail({
          enterUrl,
          guestName: name,
          worldName: world!.name,
          inviterName: creator.name,
        }),
      });
    }
    return guestJson(found!.user, found!.link, appUrl);
  });
}

async function findGuest(db: Db, guestId: string) {
  const [found] = await guests(db).where(eq(worldGuestTokens.guestUserId, guestId)).limit(1);
  return found;
}

/**
 * A guest as the caller may see it: the guest themself, or the owner and staff of its world.
 * Anyone else, members of another world included, gets 404.
 */
async function visibleGuest(db: Db, caller: UserRow, guestId: string) {
  const found = await findGuest(db, guestId);
  if (!found) throw new RuleError('notFound', guestMessages.guestNotFound);
  if (caller.id === guestId) return { ...found, manager: false };
  const role = await memberRole(db, found.link.worldId, caller.id);
  if (!role) throw new RuleError('notFound', guestMessages.guestNotFound);
  if (role !== 'owner' && role !== 'staff') throw new RuleError('forbidden', forbiddenMessage);
  return { ...found, manager: true };
}

export async function getGuest(db: Db, caller: UserRow, guestId: string, appUrl: string) {
  const found = await visibleGuest(db, caller, guestId);
  return guestJson(found.user, found.link, appUrl);
}

/** updateGuest: the guest may change their name; owner and staff may also change the expiry. */
export async function updateGuest(
  db: Db,
  caller: UserRow,
  guestId: string,
  input: { name?: string; expiresAt?: string | null },
  appUrl: string,
  now: Date,
) {
  const found = await visibleGuest(db, caller, guestId);
  if (input.expiresAt !== undefined && !found.manager)
    throw new RuleError('forbidden', guestMessages.expiryByOrganizers);
  const name = input.name?.trim();
  if (name === '') throw new RuleError('invalid', guestMessages.nameRequired);
  const expiresAt = futureExpiry(input.expiresAt, now);
  return db.transaction(async (tx) => {
    if (name !== undefined)
      await tx.update(users).set({ name, updatedAt: now }).where(eq(users.id, guestId));
    if (expiresAt !== undefined) {
      await tx
        .update(worldGuestTokens)
        .set({ expiresAt })
        .where(eq(worldGuestTokens.guestUserId, guestId));
    }
    const updated = await findGuest(tx, guestId);
    return guestJson(updated!.user, updated!.link, appUrl);
  });
}
