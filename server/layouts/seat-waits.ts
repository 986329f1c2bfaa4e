// 空いたら知らせる (docs/product.md §4, ADR 035): a person waits for a seat at a full table; when
// an attendance at that table ends, the first one waiting is told (seat.freed) and leaves the
// list. The seat is not held for them: whoever moves first takes it.
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { seatWaits, spaces, worldUserSpaces } from '../db/schema';
import { RuleError } from '../http/errors';
import type { Publish } from '../http/use-case';
import { layoutMessages } from '../../src/domain/layout';

const seatWaitMessages = {
  notTable: '空き待ちができるのはテーブルだけです。',
  notFull: 'このテーブルには空いている席があります。そのまま移動できます。',
  alreadyThere: 'すでにこのテーブルにいます。',
} as const;

async function seatedAt(db: Pick<Db, 'select'>, spaceId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(worldUserSpaces)
    .where(eq(worldUserSpaces.spaceId, spaceId));
  return row?.n ?? 0;
}

/** waitForSeat: the caller joins the table's queue (again: keeps their place). */
export async function waitForSeat(db: Db, worldId: string, userId: string, spaceId: string) {
  const [space] = await db
    .select({ kind: spaces.kind, capacity: spaces.capacity })
    .from(spaces)
    .where(and(eq(spaces.id, spaceId), eq(spaces.worldId, worldId), isNull(spaces.removedAt)));
  if (!space) throw new RuleError('notFound', layoutMessages.spaceNotFound);
  if (space.kind !== 'table') throw new RuleError('invalid', seatWaitMessages.notTable);
  const [mine] = await db
    .select({ spaceId: worldUserSpaces.spaceId })
    .from(worldUserSpaces)
    .where(and(eq(worldUserSpaces.worldId, worldId), eq(worldUserSpaces.userId, userId)));
  if (mine?.spaceId === spaceId) throw new RuleError('invalid', seatWaitMessages.alreadyThere);
  if ((await seatedAt(db, spaceId)) < space.capacity)
    throw new RuleError('invalid', seatWaitMessages.notFull);
  await db.insert(seatWaits).values({ worldId, spaceId, userId }).onConflictDoNothing();
  const queue = await db
    .select({ userId: seatWaits.userId })
    .from(seatWaits)
    .where(eq(seatWaits.spaceId, spaceId))
    .orderBy(asc(seatWaits.createdAt), asc(seatWaits.userId));
  return { spaceId, position: queue.findIndex((w) => w.userId === userId) + 1 };
}

export async function stopWaiting(db: Db, worldId: string, userId: string, spaceId: string) {
  await db
    .delete(seatWaits)
    .where(
      and(
        eq(seatWaits.worldId, worldId),
        eq(seatWaits.spaceId, spaceId),
        eq(seatWaits.userId, userId),
      ),
    );
}

/**
 * After attendances at these spaces ended (server/meetings/effects.ts): each table with a free
 * seat and someone waiting tells its first one waiting (not someone already seated there).
 */
export async function offerFreedSeats(
  ctx: { db: Db; publish: Publish },
  worldId: string,
  spaceIds: readonly string[],
) {
  if (spaceIds.length === 0) return;
  const waited = await ctx.db
    .selectDistinct({ spaceId: seatWaits.spaceId, name: spaces.name, capacity: spaces.capacity })
    .from(seatWaits)
    .innerJoin(spaces, eq(spaces.id, seatWaits.spaceId))
    .where(and(eq(seatWaits.worldId, worldId), inArray(seatWaits.spaceId, [...spaceIds])));
  for (const space of waited) {
    if ((await seatedAt(ctx.db, space.spaceId)) >= space.capacity) continue;
    const [first] = await ctx.db
      .delete(seatWaits)
      .where(
        and(
          eq(seatWaits.spaceId, space.spaceId),
          eq(
            seatWaits.userId,
            sql`(select ${seatWaits.userId} from ${seatWaits} where ${seatWaits.spaceId} = ${space.spaceId} order by ${seatWaits.createdAt}, ${seatWaits.userId} limit 1)`,
          ),
        ),
      )
      .returning({ userId: seatWaits.userId });
    if (!first) continue;
    await ctx.publish(
      worldId,
      { userIds: [first.userId] },
      { type: 'seat.freed', spaceId: space.spaceId, spaceName: space.name },
    );
  }
}
