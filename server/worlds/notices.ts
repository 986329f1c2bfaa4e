// What the people inside a world are told: the information board and "someone entered".
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { enterNotifications, informationBoards, users } from '../db/schema';
import type { Audience, Publish } from '../http/use-case';

export async function informationBoard(db: Db, worldId: string) {
  const [board] = await db
    .select()
    .from(informationBoards)
    .where(eq(informationBoards.worldId, worldId));
  return {
    body: board?.body ?? '',
    visible: board?.visible ?? false,
    updatedAt: board?.updatedAt.toISOString() ?? null,
  };
}

/** updateInformationBoard: members see the change at once (world.informationBoardUpdated). */
export async function updateInformationBoard(
  db: Db,
  publish: Publish,
  worldId: string,
  input: { body?: string; visible?: boolean },
  now: Date,
) {
  await db
    .insert(informationBoards)
    .values({ worldId, body: input.body ?? '', visible: input.visible ?? false, updatedAt: now })
    .onConflictDoUpdate({ target: informationBoards.worldId, set: { ...input, updatedAt: now } });
  await publish(worldId, { everyone: true }, { type: 'world.informationBoardUpdated' });
  return informationBoard(db, worldId);
}

/**
 * Someone entered the world (docs/product.md, "Recent entries"): kept for the list
 * (listEnterNotifications) and told to owner and staff (world.entered), the message answered
 * for the caller to send once its transaction commits. The join records it when a person comes
 * into the world from outside (server/meetings/join.ts); createEnterNotification for API clients.
 */
export async function keepEntry(
  db: Pick<Db, 'insert' | 'select'>,
  worldId: string,
  userId: string,
  now: Date,
) {
  const [row] = await db
    .insert(enterNotifications)
    .values({ worldId, userId, enteredAt: now })
    .returning();
  const [user] = await db
    .select({ name: users.name, isGuest: users.isGuest })
    .from(users)
    .where(eq(users.id, userId));
  const entry = {
    id: row!.id,
    worldId,
    userId,
    userName: user!.name,
    isGuest: user!.isGuest,
    enteredAt: now.toISOString(),
  };
  const notice = {
    to: { roles: ['owner', 'staff'] } satisfies Audience,
    message: {
      type: 'world.entered' as const,
      userId,
      name: entry.userName,
      isGuest: entry.isGuest,
      at: entry.enteredAt,
    },
  };
  return { entry, notice };
}

/** createEnterNotification: an entry kept and told at once. */
export async function recordEntry(
  db: Db,
  publish: Publish,
  worldId: string,
  userId: string,
  now: Date,
) {
  const { entry, notice } = await keepEntry(db, worldId, userId, now);
  await publish(worldId, notice.to, notice.message);
  return entry;
}

export async function listEntries(db: Db, worldId: string, page: number, perPage: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select({ n: enterNotifications, userName: users.name, isGuest: users.isGuest })
      .from(enterNotifications)
      .innerJoin(users, eq(users.id, enterNotifications.userId))
      .where(eq(enterNotifications.worldId, worldId))
      .orderBy(desc(enterNotifications.enteredAt), desc(enterNotifications.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db
      .select({ n: count() })
      .from(enterNotifications)
      .where(eq(enterNotifications.worldId, worldId)),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.n.id,
      worldId,
      userId: r.n.userId,
      userName: r.userName,
      isGuest: r.isGuest,
      enteredAt: r.n.enteredAt.toISOString(),
    })),
    page,
    perPage,
    total: total?.n ?? 0,
  };
}
