import { and, count, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { meetingAttendees, meetings, meetingTimeCounts, worlds } from '../db/schema';
import { RuleError } from '../http/errors';
import { attendeeMessages, listAttendees } from './attendees';
import { meetingOfWorld } from './removal';

export const timeCountMessages = {
  range: '集計期間は開始日時より後の366日以内で指定してください。',
} as const;

const MAX_RANGE_DAYS = 366;
const timeZones = worlds.timeZone.enumValues;

function summaryJson(row: { id: string; spaceId: string; startedAt: Date }, attendeeCount: number) {
  return {
    id: row.id,
    spaceId: row.spaceId,
    attendeeCount,
    startedAt: row.startedAt.toISOString(),
  };
}

/** listChimeMeetings: the world's live meetings with how many are in each. */
export async function listMeetings(db: Db, worldId: string) {
  const rows = await db
    .select({
      id: meetings.id,
      spaceId: meetings.spaceId,
      startedAt: meetings.startedAt,
      n: count(meetingAttendees.id),
    })
    .from(meetings)
    .leftJoin(
      meetingAttendees,
      and(
        eq(meetingAttendees.meetingId, meetings.id),
        isNull(meetingAttendees.leftAt),
        eq(meetingAttendees.watching, false),
      ),
    )
    .where(and(eq(meetings.worldId, worldId), isNull(meetings.endedAt)))
    .groupBy(meetings.id)
    .orderBy(meetings.startedAt);
  return { items: rows.map((r) => summaryJson(r, r.n)) };
}

export async function getMeeting(db: Db, worldId: string, meetingId: string) {
  const meeting = await meetingOfWorld(db, worldId, meetingId);
  const attendees = await listAttendees(db, worldId, meetingId);
  return { ...summaryJson(meeting, attendees.length), attendees };
}

/** getChimeAttendeeId: the user's current attendee id in the meeting, or null. */
export async function attendeeIdOf(db: Db, worldId: string, meetingId: string, userId: string) {
  await meetingOfWorld(db, worldId, meetingId);
  const [row] = await db
    .select({ attendeeId: meetingAttendees.attendeeId })
    .from(meetingAttendees)
    .where(
      and(
        eq(meetingAttendees.meetingId, meetingId),
        eq(meetingAttendees.userId, userId),
        isNull(meetingAttendees.leftAt),
      ),
    )
    .limit(1);
  return { attendeeId: row?.attendeeId ?? null };
}

/** recordChimeMeetingTime: only while the caller is in that (live) meeting. */
export async function recordTime(
  db: Db,
  worldId: string,
  userId: string,
  input: { meetingId: string; seconds: number },
  now: Date,
) {
  const meeting = await meetingOfWorld(db, worldId, input.meetingId);
  const { attendeeId } = await attendeeIdOf(db, worldId, input.meetingId, userId);
  if (!attendeeId || meeting.endedAt)
    throw new RuleError('invalid', attendeeMessages.youAreNotInMeeting);
  const [row] = await db
    .insert(meetingTimeCounts)
    .values({
      worldId,
      meetingId: input.meetingId,
      userId,
      seconds: input.seconds,
      recordedAt: now,
    })
    .returning();
  return {
    id: row!.id,
    meetingId: row!.meetingId,
    userId: row!.userId,
    seconds: row!.seconds,
    recordedAt: row!.recordedAt.toISOString(),
  };
}

/** getChimeMeetingTimeCounts: seconds per day in the world's time zone, from ≤ recordedAt < to. */
export async function timeCounts(db: Db, worldId: string, fromText: string, toText: string) {
  const from = new Date(fromText);
  const to = new Date(toText);
  if (!(to > from) || to.getTime() - from.getTime() > MAX_RANGE_DAYS * 86_400_000)
    throw new RuleError('invalid', timeCountMessages.range);
  const [world] = await db
    .select({ timeZone: worlds.timeZone })
    .from(worlds)
    .where(eq(worlds.id, worldId));
  // Inlined, not a parameter: GROUP BY must see the very expression of the SELECT. The value is
  // one of the time zone column's enum, never user text.
  const zone = timeZones.find((z) => z === world!.timeZone)!;
  const day = sql<string>`to_char(${meetingTimeCounts.recordedAt} at time zone '${sql.raw(zone)}', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ date: day, seconds: sql<string>`sum(${meetingTimeCounts.seconds})` })
    .from(meetingTimeCounts)
    .where(
      and(
        eq(meetingTimeCounts.worldId, worldId),
        gte(meetingTimeCounts.recordedAt, from),
        lt(meetingTimeCounts.recordedAt, to),
      ),
    )
    .groupBy(day)
    .orderBy(desc(day));
  const items = rows.map((r) => ({ date: r.date, attendeeSeconds: Number(r.seconds) })).reverse();
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    totalAttendeeSeconds: items.reduce((sum, i) => sum + i.attendeeSeconds, 0),
    items,
  };
}
