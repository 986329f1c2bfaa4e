// A live stream whose stage nobody but watchers has been on for the grace period
// (`LIVE_STREAM_EMPTY_STAGE_SECONDS`, ADR 026) ends by itself, as if the owner had stopped it:
// its watchers' attendance ends, a connector pipeline stops, everyone reads it again. So does one
// whose stage was removed or world deleted while it went on (a layout save or the delete now ends
// it at once).
import { eq } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { runAlone } from '../db/single-runner';
import { liveStreamings, spaces, worlds } from '../db/schema';
import type { MeetingContext } from './effects';
import { endEmptyStream, endStreamOfRemovedStage, type StreamRules } from './streaming';

type Logger = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };

/** One pass over the live streams; answers how many ended. */
export async function endEmptyStreams(ctx: MeetingContext, rules: StreamRules) {
  const live = await ctx.db
    .select({
      worldId: liveStreamings.worldId,
      spaceId: liveStreamings.spaceId,
      removedAt: spaces.removedAt,
      archivedAt: worlds.archivedAt,
    })
    .from(liveStreamings)
    .innerJoin(spaces, eq(spaces.id, liveStreamings.spaceId))
    .innerJoin(worlds, eq(worlds.id, liveStreamings.worldId))
    .where(eq(liveStreamings.status, 'live'));
  let ended = 0;
  for (const { worldId, spaceId, removedAt, archivedAt } of live) {
    const end =
      removedAt || archivedAt
        ? endStreamOfRemovedStage(ctx, worldId, spaceId)
        : endEmptyStream(ctx, worldId, spaceId, rules);
    // One stream that cannot be ended (a failing query) does not hold up the others.
    const done = await end.catch((err: unknown) => {
      ctx.logger.warn({ err, spaceId }, 'ending the stream of an empty stage failed');
      return false;
    });
    if (done) ended += 1;
  }
  return ended;
}

/**
 * Runs the pass every few seconds (a twelfth of the grace, 1 to 5 s): a stream ends at most that
 * long after its grace ran out. `context` reads the clock for each pass. Of several processes on
 * one database, one runs a pass at a time (server/db/single-runner.ts).
 */
export function watchEmptyStages(options: {
  database: Pick<Database, 'db' | 'kind'>;
  context: () => MeetingContext;
  rules: StreamRules;
  logger: Logger;
}) {
  const { database, context, rules, logger } = options;
  const everyMs = Math.min(5000, Math.max(1000, rules.emptyStageGraceMs / 12));
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = runAlone(database, 'empty stages', () => endEmptyStreams(context(), rules))
      .then((ended) => ended && logger.info({ ended }, 'streams of empty stages ended'))
      .catch((err: unknown) => logger.warn({ err }, 'ending streams of empty stages failed'));
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
