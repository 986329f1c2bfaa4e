// How many watch the stage's live stream (ADR 026), and telling the world when it changes; apart
// from streaming.ts so that ending attendances (effects.ts) can announce it.
import { eq } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { meetings } from '../db/schema';
import { presentCount } from './capacity';
import type { Tx } from '../db/connect';
import type { UseCaseContext } from '../http/use-case';

/** Watchers of the stage now: attendees of its live meeting in watching mode. */
export const viewerCount = (db: Db | Tx, spaceId: string) =>
  presentCount(db, eq(meetings.spaceId, spaceId), { watching: true });

/**
 * Everyone in the world hears of the stage's stream: `liveStreaming.changed` (the default: more
 * than the count changed, pages read the stream again) or `liveStreaming.viewers` (only the
 * count: taken as told).
 */
export async function announce(
  ctx: Pick<UseCaseContext, 'publish'>,
  worldId: string,
  spaceId: string,
  viewers: number,
  type: 'liveStreaming.changed' | 'liveStreaming.viewers' = 'liveStreaming.changed',
) {
  await ctx.publish(worldId, { everyone: true }, { type, spaceId, viewerCount: viewers });
}

/** The shortest time between two announcements of a stage's watcher count. */
export const COUNT_WINDOW_MS = 500;

type CountContext = Pick<UseCaseContext, 'db' | 'publish' | 'logger'>;
/** Stages whose count was announced less than COUNT_WINDOW_MS ago: changed again since? */
const windows = new Map<string, { changed: CountContext | null }>();

/**
 * The stage's watcher count changed: told at once, unless it was told within COUNT_WINDOW_MS;
 * then once at the end of that window, with the count then. The count goes to everyone in the
 * world, so N watchers joining at once would otherwise send N × (everyone) messages (ADR 026).
 */
export async function announceViewers(ctx: CountContext, worldId: string, spaceId: string) {
  const open = windows.get(spaceId);
  if (open) {
    open.changed = ctx;
    return;
  }
  const window: { changed: CountContext | null } = { changed: null };
  windows.set(spaceId, window);
  const close = () => {
    const timer = setTimeout(() => {
      const later = window.changed;
      if (!later) {
        windows.delete(spaceId);
        return;
      }
      window.changed = null;
      viewerCount(later.db, spaceId)
        .then((viewers) => announce(later, worldId, spaceId, viewers, 'liveStreaming.viewers'))
        .catch((err: unknown) => later.logger.warn({ err }, 'watcher count: announcing failed'))
        .finally(close);
    }, COUNT_WINDOW_MS);
    timer.unref();
  };
  try {
    const viewers = await viewerCount(ctx.db, spaceId);
    await announce(ctx, worldId, spaceId, viewers, 'liveStreaming.viewers');
  } finally {
    close();
  }
}
