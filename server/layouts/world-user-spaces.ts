// Which space each attendee of a world is in (world_user_spaces): moves count seats under the world lock.
import { and, asc, count, eq, ilike, inArray, isNull, ne } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { raisedHands, spaces, users, worldUserSpaces } from '../db/schema';
import { layoutMessages } from '../../src/domain/layout';
import { RuleError } from '../http/errors';
import type { Tx } from '../db/connect';
import { lockLiveWorld } from '../db/world-locks';

async function rows(db: Db | Tx, worldId: string, where = eq(worldUserSpaces.worldId, worldId)) {
  const found = await db
    .select({
      worldId: worldUserSpaces.worldId,
      userId: worldUserSpaces.userId,
      userName: users.name,
      spaceId: worldUserSpaces.spaceId,
      spaceName: spaces.name,
      updatedAt: worldUserSpaces.updatedAt,
    })
    .from(worldUserSpaces)
    .innerJoin(users, eq(users.id, worldUserSpaces.userId))
    .innerJoin(spaces, eq(spaces.id, worldUserSpaces.spaceId))
    .where(and(eq(worldUserSpaces.worldId, worldId), where))
    .orderBy(asc(spaces.name), asc(users.name), asc(users.id))
    .limit(1000);
  return found.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() }));
}

export async function listWorldUserSpaces(db: Db, worldId: string) {
  return { items: await rows(db, worldId) };
}

/** Names containing q anywhere, case-insensitively; % and _ in q are plain characters. */
export async function searchWorldUserSpaces(db: Db, worldId: string, q: string) {
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return { items: (await rows(db, worldId, ilike(users.name, pattern))).slice(0, 50) };
}

/**
 * Takes a seat in a space of the world for the user, inside a transaction that holds the world
 * lock (lockLiveWorld, the one meeting joins take), so the seat count cannot be raced: of two
 * moves into the last seat exactly one wins. Staying in one's own space is not a move and never
 * refused. A meeting join takes the seat of its space (server/meetings/join.ts).
 */
export async function claimSeat(
  tx: Tx,
  worldId: string,
  userId: string,
  spaceId: string,
  now: Date,
) {
  const [space] = await tx
    .select({ name: spaces.name, capacity: spaces.capacity })
    .from(spaces)
    .where(and(eq(spaces.id, spaceId), eq(spaces.worldId, worldId), isNull(spaces.removedAt)));
  if (!space) throw new RuleError('notFound', layoutMessages.spaceNotFound);
  const [mine] = await tx
    .select({ spaceId: worldUserSpaces.spaceId })
    .from(worldUserSpaces)
    .where(and(eq(worldUserSpaces.worldId, worldId), eq(worldUserSpaces.userId, userId)));
  if (mine?.spaceId === spaceId) return;
  const [seated] = await tx
    .select({ n: count() })
    .from(worldUserSpaces)
    .where(and(eq(worldUserSpaces.spaceId, spaceId), ne(worldUserSpaces.userId, userId)));
  if (seated!.n >= space.capacity)
    throw new RuleError('invalid', layoutMessages.full(space.name, space.capacity));
  // A raised hand belongs to the space it went up in: moving takes it down (docs/product.md §4).
  await dropHands(tx, worldId, [userId]);
  await tx
    .insert(worldUserSpaces)
    .values({ worldId, userId, spaceId, updatedAt: now })
    .onConflictDoUpdate({
      target: [worldUserSpaces.worldId, worldUserSpaces.userId],
      set: { spaceId, updatedAt: now },
    });
}

async function dropHands(tx: Tx, worldId: string, userIds: string[]) {
  await tx
    .delete(raisedHands)
    .where(and(eq(raisedHands.worldId, worldId), inArray(raisedHands.userId, userIds)));
}

/** A user's seat is free again: their attendance in the world ended (server/meetings/effects.ts). */
export async function freeSeats(tx: Tx, worldId: string, userIds: string[]) {
  if (userIds.length === 0) return;
  await dropHands(tx, worldId, userIds);
  await tx
    .delete(worldUserSpaces)
    .where(and(eq(worldUserSpaces.worldId, worldId), inArray(worldUserSpaces.userId, userIds)));
}

/** createWorldUserSpace: moves the user to a space of the world (claimSeat). */
export async function moveToSpace(
  db: Db,
  worldId: string,
  userId: string,
  spaceId: string,
  now: Date,
) {
  await db.transaction(async (tx) => {
    await lockLiveWorld(tx, worldId);
    await claimSeat(tx, worldId, userId, spaceId, now);
  });
  const [row] = await rows(db, worldId, eq(worldUserSpaces.userId, userId));
  return row!;
}
