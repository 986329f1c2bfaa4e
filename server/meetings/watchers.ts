// Watching the stage's live stream (watching_streamings/{id}, ADR 026): a watcher is an attendee
// of the stage's meeting that receives only. It takes no seat (its seat elsewhere is freed), is
// not counted against the world's capacity, is not announced to the meeting and its media and
// device state are never forwarded (relay.ts). Attending again is an ordinary join.
import { RuleError } from '../http/errors';
import {
  applyEffects,
  endAttendees,
  type MeetingContext,
  newEffects,
  presentAttendees,
} from './effects';
import { joinMeeting } from './join';
import { stageOf, streamingMessages, streamingRow } from './streaming';
import { announceViewers, viewerCount } from './watcher-count';
import type { Tx } from '../db/connect';
import { lockLiveWorld } from '../db/world-locks';

type Mode = 'notWatching' | 'watching' | 'watchingFullScreen';

/** The caller's current watcher attendance of the stage, if any. */
async function myWatching(tx: Tx, worldId: string, userId: string, spaceId: string) {
  const present = await presentAttendees(tx, worldId, { userIds: [userId] });
  return present.filter((a) => a.watching && a.meeting.spaceId === spaceId);
}

/** getWatchingStreaming: whether the caller watches now (full screen is the page's own choice). */
export async function getWatching(
  ctx: MeetingContext,
  worldId: string,
  userId: string,
  spaceId: string,
) {
  await stageOf(ctx.db, worldId, spaceId);
  const [mine, viewers] = await Promise.all([
    ctx.db.transaction((tx) => myWatching(tx, worldId, userId, spaceId)),
    viewerCount(ctx.db, spaceId),
  ]);
  return {
    liveStreamingId: spaceId,
    mode: (mine.length > 0 ? 'watching' : 'notWatching') as Mode,
    viewerCount: viewers,
    join: null,
  };
}

/** updateWatchingStreaming: starts watching (a receive-only join) or stops. */
export async function updateWatching(
  ctx: MeetingContext,
  worldId: string,
  user: { id: string; name: string },
  spaceId: string,
  mode: Mode,
) {
  await stageOf(ctx.db, worldId, spaceId);
  if (mode === 'notWatching') {
    const effects = newEffects();
    await ctx.db.transaction(async (tx) => {
      await lockLiveWorld(tx, worldId);
      await endAttendees(tx, await myWatching(tx, worldId, user.id, spaceId), ctx.now, effects);
    });
    // Its leaving is announced with the new count (applyEffects).
    await applyEffects(ctx, worldId, effects);
    const viewers = await viewerCount(ctx.db, spaceId);
    return { liveStreamingId: spaceId, mode, viewerCount: viewers, join: null };
  }
  const join = await joinMeeting(ctx, worldId, user, spaceId, {
    watching: true,
    check: async (tx) => {
      const row = await streamingRow(tx, spaceId);
      if (row?.status !== 'live') throw new RuleError('invalid', streamingMessages.notLive);
    },
  });
  const viewers = await viewerCount(ctx.db, spaceId);
  await announceViewers(ctx, worldId, spaceId);
  return {
    liveStreamingId: spaceId,
    mode,
    viewerCount: viewers,
    join: { ...join, watching: true },
  };
}
