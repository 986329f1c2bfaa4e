import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/connect';
import {
  enterGuestBadges,
  meetingAttendees,
  meetings,
  users,
  worldGuestTokens,
  worldMembers,
} from '../db/schema';
import { RuleError } from '../http/errors';
import { targetRole } from '../realtime/rooms';
import type { WorldRole } from '../db/schema';
import { type MeetingContext } from './effects';
import { meetingOfWorld } from './removal';
import { lockLiveWorld } from '../db/world-locks';

export const attendeeMessages = {
  notFound: '参加者が見つかりません。',
  notInMeeting: 'このユーザーは会議に参加していません。',
  youAreNotInMeeting: 'この会議に参加していません。',
  cannotForceOwner: 'オーナーのマイクやカメラは操作できません。',
  staffCannotForceStaff: 'スタッフはほかのスタッフのマイクやカメラを操作できません。',
} as const;

const attendeeColumns = {
  attendeeId: meetingAttendees.attendeeId,
  meetingId: meetingAttendees.meetingId,
  userId: meetingAttendees.userId,
  name: users.name,
  isGuest: users.isGuest,
  role: worldMembers.role,
  joinedAt: meetingAttendees.joinedAt,
  leftAt: meetingAttendees.leftAt,
  micForceDisabled: meetingAttendees.micForceDisabled,
  videoForceDisabled: meetingAttendees.videoForceDisabled,
  badgeLabel: enterGuestBadges.label,
  badgeColor: enterGuestBadges.color,
};

type AttendeeRow = Awaited<ReturnType<typeof attendeesQuery>>[number];

function attendeeJson({ badgeLabel, badgeColor, joinedAt, leftAt, ...row }: AttendeeRow) {
  return {
    ...row,
    joinedAt: joinedAt.toISOString(),
    leftAt: leftAt?.toISOString() ?? null,
    badge:
      badgeLabel === null || badgeColor === null ? null : { label: badgeLabel, color: badgeColor },
  };
}

/**
 * Attendees with who they are in the world (a member who left the world is not listed) and, for
 * a guest, the enter-page badge they picked (kept on their personal link).
 */
function attendeesQuery(db: Pick<Db, 'select'>, worldId: string) {
  return db
    .select(attendeeColumns)
    .from(meetingAttendees)
    .innerJoin(meetings, eq(meetings.id, meetingAttendees.meetingId))
    .innerJoin(users, eq(users.id, meetingAttendees.userId))
    .innerJoin(
      worldMembers,
      and(eq(worldMembers.worldId, worldId), eq(worldMembers.userId, meetingAttendees.userId)),
    )
    .leftJoin(worldGuestTokens, eq(worldGuestTokens.guestUserId, meetingAttendees.userId))
    .leftJoin(enterGuestBadges, eq(enterGuestBadges.id, worldGuestTokens.badgeId));
}

/** The current attendees of a meeting of the world (watchers are counted apart: ADR 026). */
export async function listAttendees(db: Db, worldId: string, meetingId: string) {
  const rows = await attendeesQuery(db, worldId)
    .where(
      and(
        eq(meetings.id, meetingId),
        eq(meetings.worldId, worldId),
        isNull(meetingAttendees.leftAt),
        eq(meetingAttendees.watching, false),
      ),
    )
    .orderBy(meetingAttendees.joinedAt);
  return rows.map(attendeeJson);
}

/** getChimeMeetingAttendee: who is behind an attendee id of the world's meetings (also after leaving). */
export async function attendeeById(db: Db, worldId: string, attendeeId: string) {
  const [row] = await attendeesQuery(db, worldId)
    .where(and(eq(meetingAttendees.attendeeId, attendeeId), eq(meetings.worldId, worldId)))
    .limit(1);
  if (!row) throw new RuleError('notFound', attendeeMessages.notFound);
  return attendeeJson(row);
}

/**
 * forceChimeMeetingDevice: records the flag on the target's current attendee (the next join of
 * the meeting copies it) and tells the target. Same rank rule as a kick.
 */
export async function forceDevice(
  ctx: MeetingContext,
  worldId: string,
  actorRole: WorldRole,
  meetingId: string,
  input: { userId: string; device: 'mic' | 'video'; disabled: boolean },
) {
  await targetRole(ctx.db, worldId, actorRole, input.userId, {
    owner: attendeeMessages.cannotForceOwner,
    staff: attendeeMessages.staffCannotForceStaff,
  });
  const flag =
    input.device === 'mic'
      ? { micForceDisabled: input.disabled }
      : { videoForceDisabled: input.disabled };
  const attendeeId = await ctx.db.transaction(async (tx) => {
    await lockLiveWorld(tx, worldId);
    await meetingOfWorld(tx, worldId, meetingId);
    const [updated] = await tx
      .update(meetingAttendees)
      .set(flag)
      .where(
        and(
          eq(meetingAttendees.meetingId, meetingId),
          eq(meetingAttendees.userId, input.userId),
          isNull(meetingAttendees.leftAt),
        ),
      )
      .returning({ attendeeId: meetingAttendees.attendeeId });
    if (!updated) throw new RuleError('invalid', attendeeMessages.notInMeeting);
    return updated.attendeeId;
  });
  await ctx.publish(
    worldId,
    { userIds: [input.userId] },
    { type: 'meeting.forceDevice', meetingId, device: input.device, disabled: input.disabled },
  );
  return attendeeById(ctx.db, worldId, attendeeId);
}
