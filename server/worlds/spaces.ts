import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/connect';
import { spaces } from '../db/schema';

const mainSpaceName = 'メイン';

/** Every world has one main space, made with the world (migration 0005 backfilled older worlds). */
export async function createMainSpace(tx: Db | Tx, worldId: string, now: Date) {
  const [space] = await tx
    .insert(spaces)
    .values({ worldId, name: mainSpaceName, isMain: true, createdAt: now })
    .returning();
  return space!;
}

export async function mainSpaceId(db: Db | Tx, worldId: string): Promise<string> {
  const [space] = await db
    .select({ id: spaces.id })
    .from(spaces)
    .where(and(eq(spaces.worldId, worldId), eq(spaces.isMain, true)))
    .limit(1);
  if (!space) throw new Error(`world ${worldId} has no main space`);
  return space.id;
}
