import { and, eq } from 'drizzle-orm';
import { meetings } from '../db/schema';
import { HttpError } from '../http/errors';
import { targetRole } from '../realtime/rooms';
import type { WorldRole } from '../db/schema';
import type { Tx } from '../spaces/spaces';
import { lockLiveWorld } from '../calendar/rules';
import { applyEffects, endAttendees, type MeetingContext, newEffects, presentAttendees } from './effects';

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
  if (!meeting) throw new HttpError(404, removalMessages.meetingNotFound);
  return meeting;
}

/** leaveChimeMeeting: the caller's attendee ends (nothing to do when already out). */
export async function leaveMeeting(ctx: MeetingContext, worldId: string, userId: string, meetingId: string) {
  const effects = newEffects();
  await ctx.db.transaction(async (tx) => {
    await lockLiveWorld(tx, worldId);
    await meetingOfWorld(tx, worldId, meetingId);
    await endAttendees(tx, await presentAttendees(tx, worldId, { userIds: [userId], meetingId }), ctx.now, effects);
  });
  await applyEffects(ctx, worldId, effects);
  return { message: removalMessages.left };
}

/**
 * kickFromChimeMeetings (meetingId null: every meeting of the world) and batchKickChimeMeeting.
 * Every target is checked first (the owner cannot be kicked, staff cannot kick staff): a refused
 * request kicks nobody. Each kicked user hears meeting.kicked.
 */
export async function kick(
  ctx: MeetingContext,
  worldId: string,
  actorRole: WorldRole,
  userIds: string[],
  meetingId: string | null,
) {
  const rank = { owner: removalMessages.cannotKickOwner, staff: removalMessages.staffCannotKickStaff };
  const refusals: string[] = [];
  for (const userId of userIds) {
    await targetRole(ctx.db, worldId, actorRole, userId, rank).catch((err: unknown) => {
      if (!(err instanceof HttpError)) throw err;
      refusals.push(...err.messages.filter((m) => !refusals.includes(m)));
    });
  }
  if (refusals.length > 0) throw new HttpError(422, refusals);

  const effects = newEffects();
  await ctx.db.transaction(async (tx) => {
    await lockLiveWorld(tx, worldId);
    if (meetingId) await meetingOfWorld(tx, worldId, meetingId);
    const present = await presentAttendees(tx, worldId, { userIds, ...(meetingId ? { meetingId } : {}) });
    await endAttendees(tx, present, ctx.now, effects);
  });
  for (const userId of new Set(effects.left.map((a) => a.userId))) {
    effects.messages.push({ to: { userIds: [userId] }, message: { type: 'meeting.kicked', meetingId } });
  }
  await applyEffects(ctx, worldId, effects);
  return { kickedCount: effects.left.length };
}
