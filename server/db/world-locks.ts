// The world row's locks: every area that changes a world's dates, meetings, members or entries
// serialises on them, so they sit on the database floor below the areas.
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import { RuleError } from '../http/errors';
import type { Db } from './connect';
import { worlds } from './schema';

/** A world that is not there, deleted, or not the caller's to see (ADR 009). */
export const worldNotFoundMessage = 'ワールドが見つかりません。';

/**
 * Locks the world row for the rest of the transaction: every change to a world's live dates,
 * meetings, members or instant entries takes this lock first, so checks and inserts of one world
 * are serialised (PostgreSQL) and neither the overlap check nor a capacity count can be raced.
 * It does not look at archived_at: settling a late payment of a deleted world must still lock it
 * (ADR 009). Answers the world's name.
 */
export async function lockWorld(tx: Db, worldId: string): Promise<{ id: string; name: string }> {
  return lockRow(tx, eq(worlds.id, worldId));
}

/** lockWorld for what only a live world may do (joining a meeting, entering): deleted answers 404. */
export async function lockLiveWorld(
  tx: Db,
  worldId: string,
): Promise<{ id: string; name: string }> {
  return lockRow(tx, and(eq(worlds.id, worldId), isNull(worlds.archivedAt)));
}

/**
 * lockLiveWorld shared: for a join that changes nothing others count or check (a watcher's,
 * ADR 026). Shared holders do not wait for one another, only for an exclusive holder (any other
 * change to the world), and an exclusive holder waits for them.
 */
export async function shareLiveWorld(
  tx: Db,
  worldId: string,
): Promise<{ id: string; name: string }> {
  return lockRow(tx, and(eq(worlds.id, worldId), isNull(worlds.archivedAt)), 'share');
}

async function lockRow(tx: Db, where: SQL | undefined, strength: 'update' | 'share' = 'update') {
  const [world] = await tx
    .select({ id: worlds.id, name: worlds.name })
    .from(worlds)
    .where(where)
    .for(strength);
  if (!world) throw new RuleError('notFound', worldNotFoundMessage);
  return world;
}
