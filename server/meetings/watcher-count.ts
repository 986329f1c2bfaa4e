// How many watch the stage's live stream (ADR 026), and telling the world when it changes; apart
// from streaming.ts so that ending attendances (effects.ts) can announce it.
import { eq } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { meetings } from '../db/schema';
import type { UseCaseContext } from '../http/context';
import type { Tx } from '../spaces/spaces';
import { presentCount } from './capacity';

/** Watchers of the stage now: attendees of its live meeting in watching mode. */
export const viewerCount = (db: Db | Tx, spaceId: string) =>
  presentCount(db, eq(meetings.spaceId, spaceId), { watching: true });

/** Everyone in the world reads the stream again (liveStreaming.changed). */
export async function announce(
  ctx: Pick<UseCaseContext, 'publish'>,
  worldId: string,
  spaceId: string,
  viewers: number,
) {
  await ctx.publish(
    worldId,
    { everyone: true },
    { type: 'liveStreaming.changed', spaceId, viewerCount: viewers },
  );
}
