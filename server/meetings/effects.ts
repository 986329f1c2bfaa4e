// What every change to meetings shares, after the world lock (server/db/world-locks.ts):
// ending attendees (and a meeting left empty), and the work that waits for the commit (provider
// deletes, socket messages).
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { RealtimeServerMessage } from '../../src/domain/realtime';
import { meetingAttendees, meetings } from '../db/schema';
import { providerMeeting } from './provider';
import { currentAttendees } from './relay';
import { announceLiveStages } from './stage-presence';
import { announceViewers } from './watcher-count';
import { announceListeners, tablesAmong } from './listener-list';
import { offerFreedSeats } from '../layouts/seat-waits';
import type { Tx } from '../db/connect';
import type { Audience, UseCaseContext } from '../http/use-case';

export type MeetingRow = typeof meetings.$inferSelect;
/** What meeting use cases read of the handlers' one context. */
export type MeetingContext = Pick<
  UseCaseContext,
  'db' | 'meetings' | 'publish' | 'disconnect' | 'now' | 'logger'
>;

/** An attendee being ended, with its meeting. */
export type Leaving = {
  id: string;
  attendeeId: string;
  userId: string;
  meeting: MeetingRow;
  /** A watcher of the stage's live stream (ADR 026): its leaving changes the watcher count. */
  watching?: boolean;
};

export type Effects = {
  left: Leaving[];
  ended: MeetingRow[];
  messages: { to: Audience; message: RealtimeServerMessage }[];
};

export const newEffects = (): Effects => ({ left: [], ended: [], messages: [] });

/** The world's current attendees (of its live meetings), optionally of some users or one meeting. */
export async function presentAttendees(
  tx: Tx,
  worldId: string,
  filter: { userIds?: string[]; meetingId?: string } = {},
) {
  const rows = await tx
    .select({
      id: meetingAttendees.id,
      attendeeId: meetingAttendees.attendeeId,
      userId: meetingAttendees.userId,
      watching: meetingAttendees.watching,
      meeting: meetings,
    })
    .from(meetingAttendees)
    .innerJoin(meetings, eq(meetings.id, meetingAttendees.meetingId))
    .where(
      and(
        eq(meetings.worldId, worldId),
        isNull(meetings.endedAt),
        isNull(meetingAttendees.leftAt),
        filter.userIds ? inArray(meetingAttendees.userId, filter.userIds) : undefined,
        filter.meetingId ? eq(meetings.id, filter.meetingId) : undefined,
      ),
    );
  return rows satisfies Leaving[];
}

/** Ends the attendees; a meeting left without any ends too, unless it is keepMeetingId (being joined). */
export async function endAttendees(
  tx: Tx,
  leaving: Leaving[],
  now: Date,
  effects: Effects,
  keepMeetingId?: string,
) {
  if (leaving.length === 0) return;
  await tx
    .update(meetingAttendees)
    .set({ leftAt: now })
    .where(
      inArray(
        meetingAttendees.id,
        leaving.map((a) => a.id),
      ),
    );
  effects.left.push(...leaving);
  const touched = new Map(leaving.map((a) => [a.meeting.id, a.meeting]));
  for (const meeting of touched.values()) {
    if (meeting.id === keepMeetingId) continue;
    const [someone] = await tx
      .select({ id: meetingAttendees.id })
      .from(meetingAttendees)
      .where(and(eq(meetingAttendees.meetingId, meeting.id), isNull(meetingAttendees.leftAt)))
      .limit(1);
    if (someone) continue;
    await tx.update(meetings).set({ endedAt: now }).where(eq(meetings.id, meeting.id));
    effects.ended.push(meeting);
  }
}

/**
 * After the commit: the provider forgets the attendees and meetings (a failure there is logged,
 * ours is already right), the remaining attendees hear who left, then the queued messages go.
 */
export async function applyEffects(ctx: MeetingContext, worldId: string, effects: Effects) {
  const log = (what: string) => (err: unknown) =>
    ctx.logger.warn({ err }, `meeting provider: ${what} failed`);
  await Promise.all([
    ...effects.left.map((a) =>
      ctx.meetings
        .deleteAttendee(providerMeeting(a.meeting), a.attendeeId)
        .catch(log('DeleteAttendee')),
    ),
    ...effects.ended.map((m) =>
      ctx.meetings.deleteMeeting(providerMeeting(m)).catch(log('DeleteMeeting')),
    ),
  ]);
  for (const message of effects.messages) await ctx.publish(worldId, message.to, message.message);
  // A receive-only attendee of a table listens to it (ADR 038), of the stage watches it (ADR 026).
  const watched = new Set(effects.left.filter((a) => a.watching).map((a) => a.meeting.spaceId));
  const tables = await tablesAmong(ctx.db, [...watched]);
  for (const spaceId of watched)
    if (!tables.includes(spaceId)) await announceViewers(ctx, worldId, spaceId);
  await announceListeners(ctx, worldId, tables);
  // A speaker leaving a streamed stage may have emptied it (「配信者がいません」).
  const spoken = effects.left.filter((a) => !a.watching).map((a) => a.meeting.spaceId);
  await announceLiveStages(ctx, worldId, spoken);
  // A seat freed at a full table: the first one waiting for it is told.
  await offerFreedSeats(ctx, worldId, [...new Set(spoken)]);
  const meetingIds = new Set(effects.left.map((a) => a.meeting.id));
  for (const meetingId of meetingIds) {
    const present = await currentAttendees(ctx.db, worldId, meetingId);
    if (present.length === 0) continue;
    for (const a of effects.left.filter((l) => l.meeting.id === meetingId)) {
      await ctx.publish(
        worldId,
        { userIds: present.map((p) => p.userId) },
        { type: 'meeting.attendeeLeft', meetingId, attendeeId: a.attendeeId, userId: a.userId },
      );
    }
  }
}
