// Whether anyone is on a streamed stage (ADR 026): a live stream whose stage has emptied shows
// 「配信者がいません」 to its watchers and ends by itself after a grace period (empty-stages.ts);
// everyone in the world reads the stream again when its stage empties or fills again.
import { and, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { liveStreamings, meetingAttendees, meetings } from '../db/schema';
import { announce, viewerCount } from './watcher-count';
import type { Tx } from '../db/connect';
import type { UseCaseContext } from '../http/use-case';

/**
 * Since when nobody but watchers has been on the stage of a stream live since `startedAt`: the
 * last speaker's leaving (or the start, if none left since); null while someone is on it.
 */
export async function stageEmptySince(
  db: Db | Tx,
  spaceId: string,
  startedAt: Date,
): Promise<Date | null> {
  const [row] = await db
    .select({
      present: sql<number>`count(*) filter (where ${and(
        isNull(meetingAttendees.leftAt),
        isNull(meetings.endedAt),
      )})`.mapWith(Number),
      lastLeft: max(meetingAttendees.leftAt),
    })
    .from(meetingAttendees)
    .innerJoin(meetings, eq(meetings.id, meetingAttendees.meetingId))
    .where(and(eq(meetings.spaceId, spaceId), eq(meetingAttendees.watching, false)));
  if (row && row.present > 0) return null;
  const lastLeft = row?.lastLeft ? new Date(row.lastLeft) : null;
  return lastLeft && lastLeft > startedAt ? lastLeft : startedAt;
}

/** Everyone in the world reads again those of the spaces whose stage is being streamed. */
export async function announceLiveStages(
  ctx: Pick<UseCaseContext, 'db' | 'publish'>,
  worldId: string,
  spaceIds: Iterable<string>,
) {
  const ids = [...new Set(spaceIds)];
  if (ids.length === 0) return;
  const live = await ctx.db
    .select({ spaceId: liveStreamings.spaceId })
    .from(liveStreamings)
    .where(and(inArray(liveStreamings.spaceId, ids), eq(liveStreamings.status, 'live')));
  for (const { spaceId } of live)
    await announce(ctx, worldId, spaceId, await viewerCount(ctx.db, spaceId));
}
