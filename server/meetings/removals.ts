// A kick holds (issue 15, ADR 016): a user kicked from a world's meetings is recorded as removed
// and cannot come back by any door (joining a meeting, the realtime socket, a guest link, an
// instant entrance) until an owner or staff allows it again.
import { and, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/connect';
import { users, worldRemovals } from '../db/schema';
import { RuleError } from '../http/errors';
import type { Tx } from '../db/connect';

export const removalRecordMessages = {
  removed:
    'このワールドから退出させられたため、入場できません。主催者またはスタッフが再入場を許可するまでお待ちください。',
  notRemoved: '退出させられた参加者ではありません。',
} as const;

/** Whether the user is recorded as removed from the world. */
export async function isRemoved(db: Pick<Db, 'select'>, worldId: string, userId: string) {
  const [row] = await db
    .select({ userId: worldRemovals.userId })
    .from(worldRemovals)
    .where(and(eq(worldRemovals.worldId, worldId), eq(worldRemovals.userId, userId)))
    .limit(1);
  return row !== undefined;
}

/** 403 for a user removed from the world. */
export async function refuseRemoved(db: Pick<Db, 'select'>, worldId: string, userId: string) {
  if (await isRemoved(db, worldId, userId))
    throw new RuleError('forbidden', removalRecordMessages.removed);
}

export async function recordRemovals(
  tx: Tx,
  worldId: string,
  userIds: string[],
  removedBy: string,
  now: Date,
) {
  if (userIds.length === 0) return;
  await tx
    .insert(worldRemovals)
    .values(userIds.map((userId) => ({ worldId, userId, removedBy, removedAt: now })))
    .onConflictDoUpdate({
      target: [worldRemovals.worldId, worldRemovals.userId],
      set: { removedBy, removedAt: now },
    });
}

const remover = alias(users, 'remover');

/** listRemovedAttendees: who was removed, by whom and when, newest first. */
export async function listRemoved(db: Db, worldId: string) {
  const rows = await db
    .select({
      userId: worldRemovals.userId,
      name: users.name,
      isGuest: users.isGuest,
      removedAt: worldRemovals.removedAt,
      removedByName: remover.name,
    })
    .from(worldRemovals)
    .innerJoin(users, eq(users.id, worldRemovals.userId))
    .leftJoin(remover, eq(remover.id, worldRemovals.removedBy))
    .where(eq(worldRemovals.worldId, worldId))
    .orderBy(desc(worldRemovals.removedAt));
  return {
    items: rows.map((r) => ({
      ...r,
      removedAt: r.removedAt.toISOString(),
      removedByName: r.removedByName ?? null,
    })),
  };
}

/** allowRemovedAttendee (再入場を許可): the user may enter the world again. */
export async function allowReentry(db: Db, worldId: string, userId: string) {
  const deleted = await db
    .delete(worldRemovals)
    .where(and(eq(worldRemovals.worldId, worldId), eq(worldRemovals.userId, userId)))
    .returning({ userId: worldRemovals.userId });
  if (deleted.length === 0) throw new RuleError('notFound', removalRecordMessages.notRemoved);
}
