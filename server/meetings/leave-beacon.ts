// A closed page says so (docs/product.md §4, ADR 035): on `pagehide` the page sends the key its
// join answered with navigator.sendBeacon, which cannot carry the session headers; the key ends
// that one attendance at once, like 退出する. The heartbeat stays for lost networks (ADR 016).
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { meetingAttendees, meetings } from '../db/schema';
import { type MeetingContext } from './effects';
import { leaveMeeting } from './removal';

const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');

export function newLeaveKey() {
  const key = randomBytes(24).toString('base64url');
  return { key, hash: hashOf(key) };
}

/** Ends the attendance the key was given for; an unknown or used key does nothing. */
export async function leaveByKey(ctx: MeetingContext, key: string) {
  const [attendance] = await ctx.db
    .select({
      worldId: meetings.worldId,
      meetingId: meetingAttendees.meetingId,
      userId: meetingAttendees.userId,
    })
    .from(meetingAttendees)
    .innerJoin(meetings, eq(meetings.id, meetingAttendees.meetingId))
    .where(and(eq(meetingAttendees.leaveKeyHash, hashOf(key)), isNull(meetingAttendees.leftAt)));
  if (!attendance) return;
  await leaveMeeting(ctx, attendance.worldId, attendance.userId, attendance.meetingId);
}
