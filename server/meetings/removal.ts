import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { meetingAttendees, meetings } from '../db/schema';
import { RuleError } from '../http/errors';
import { targetRole } from '../realtime/rooms';
import type { WorldRole } from '../db/schema';
import { realtimeCloseCodes } from '../../src/domain/realtime';
import { freeSeats } from '../layouts/world-user-spaces';
import { recordRemovals } from './removals';
import {
  applyEffects,
  endAttendees,
  type MeetingContext,
  newEffects,
  presentAttendees,
} from './effects';
import type { Tx } from '../db/connect';
import { lockLiveWorld } from '../db/world-locks';

export const removalMessages = {
  meetingNotFound: '会議が見つかりません。',
  left: '会議から退出しました。',
  cannotKickOwner: 'オーナーはキックできません。',
  staffCannotKickStaff: 'スタッフはほかのスタッフをキックできません。',
} as const;

/** A meeting of the world (live or ended), or 404. */
export async function meetingOfWorld(tx: Pick<Tx, 'select'>, worldId: string, meetingId: string) {
  const [meeting] = await tx
    .select()
    .from(meetings)
    .where(and(eq(meetings.id, meetingId), eq(meetings.worldId, worldId)));
  if (!meeting) throw new RuleError('notFound', removalMessages.meetingNotFound);
  return meeting;
}

/** leaveChimeMeeting: the caller's attendee ends (nothing to do when already out). */
export async function leaveMeeting(
  ctx: MeetingContext,
  worldId: string,
  userId: string,
  meetingId: string,
) {
  const effects = newEffects();
  await ctx.db.transaction(async (tx) => {
    await lockLiveWorld(tx, worldId);
    await meetingOfWorld(tx, worldId, meetingId);
    const present = await presentAttendees(tx, worldId, { userIds: [userId], meetingId });
    await endAttendees(tx, present, ctx.now, effects);
    // A late leave of a meeting already replaced by a move keeps the seat of the new space.
    await freeSeats(tx, worldId, present.length > 0 ? [userId] : []);
  });
  await applyEffects(ctx, worldId, effects);
  return { message: removalMessages.left };
}

/**
 * The user is gone from the world (no socket on any server for long enough, server/realtime/
 * absence.ts): every attendance of theirs ends, the place is free, the others hear who left.
 */
export async function endAttendance(ctx: MeetingContext, worldId: string, userId: string) {
  const effects = newEffects();
  await ctx.db.transaction(async (tx) => {
    await lockLiveWorld(tx, worldId);
    await endAttendees(
      tx,
      await presentAttendees(tx, worldId, { userIds: [userId] }),
      ctx.now,
      effects,
    );
    await freeSeats(tx, worldId, [userId]);
  });
  await applyEffects(ctx, worldId, effects);
}

/** Who attends a live meeting now, in every world (what the absence sweep checks). */
export async function attendingUsers(db: Db) {
  return db
    .selectDistinct({ worldId: meetings.worldId, userId: meetingAttendees.userId })
    .from(meetingAttendees)
    .innerJoin(meetings, eq(meetings.id, meetingAttendees.meetingId))
    .where(and(isNull(meetings.endedAt), isNull(meetingAttendees.leftAt)));
}

/**
 * kickFromChimeMeetings (meetingId null: every meeting of the world) and batchKickChimeMeeting.
 * Every target is checked first (the owner cannot be kicked, staff cannot kick staff): a refused
 * request kicks nobody. Each kicked user hears meeting.kicked. A kick from the world holds: the
 * user is recorded as removed (removals.ts) and their sockets close, so their row goes for
 * everyone and no door lets them back until an owner or staff allows it.
 */
export async function kick(
  ctx: MeetingContext,
  worldId: string,
  actor: { role: WorldRole; userId: string },
  userIds: string[],
  meetingId: string | null,
) {
  const actorRole = actor.role;
  const rank = {
    owner: removalMessages.cannotKickOwner,
    staff: removalMessages.staffCannotKickStaff,
  };
  const refusals: string[] = [];
  for (const userId of userIds) {
    await targetRole(ctx.db, worldId, actorRole, userId, rank).catch((err: unknown) => {
      if (!(err instanceof RuleError)) throw err;
      refusals.push(...err.messages.filter((m) => !refusals.includes(m)));
    });
  }
  if (refusals.length > 0) throw new RuleError('invalid', refusals);

  const effects = newEffects();
  await ctx.db.transaction(async (tx) => {
    await lockLiveWorld(tx, worldId);
    if (meetingId) await meetingOfWorld(tx, worldId, meetingId);
    const present = await presentAttendees(tx, worldId, {
      userIds,
      ...(meetingId ? { meetingId } : {}),
    });
    await endAttendees(tx, present, ctx.now, effects);
    await freeSeats(
      tx,
      worldId,
      present.map((a) => a.userId),
    );
    if (!meetingId) await recordRemovals(tx, worldId, userIds, actor.userId, ctx.now);
  });
  const told = meetingId ? new Set(effects.left.map((a) => a.userId)) : new Set(userIds);
  for (const userId of told) {
    effects.messages.push({
      to: { userIds: [userId] },
      message: { type: 'meeting.kicked', meetingId },
    });
  }
  await applyEffects(ctx, worldId, effects);
  if (!meetingId) {
    for (const userId of userIds)
      await ctx.disconnect(worldId, userId, realtimeCloseCodes.disconnected);
  }
  return { kickedCount: effects.left.length };
}
