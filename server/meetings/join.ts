import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { claimSeat, freeSeats } from '../layouts/world-user-spaces';
import { newLeaveKey } from './leave-beacon';
import { meetingAttendees, meetings, spaces } from '../db/schema';
import { RuleError } from '../http/errors';
import { currentCapacity } from './capacity';
import { refuseRemoved } from './removals';
import { keepEntry } from '../worlds/notices';
import {
  applyEffects,
  type Effects,
  endAttendees,
  type MeetingContext,
  type MeetingRow,
  newEffects,
  presentAttendees,
} from './effects';
import {
  MeetingGoneError,
  type MeetingProvider,
  type ProviderAttendee,
  providerMeeting,
} from './provider';
import { currentAttendees } from './relay';
import { announceLiveStages } from './stage-presence';
import type { Tx } from '../db/connect';
import { lockLiveWorld, shareLiveWorld } from '../db/world-locks';

export const joinMessages = {
  full: (capacity: number) => `このワールドは満員です（定員${capacity}名）。`,
  spaceNotFound: 'スペースが見つかりません。',
} as const;

async function startMeeting(
  tx: Tx,
  provider: MeetingProvider,
  worldId: string,
  spaceId: string,
  now: Date,
) {
  const created = await provider.createMeeting({ externalMeetingId: spaceId });
  const [row] = await tx
    .insert(meetings)
    .values({
      worldId,
      spaceId,
      provider: provider.name,
      providerMeeting: JSON.stringify(created),
      mediaProcessId: provider.mediaHost ?? null,
      startedAt: now,
    })
    .returning();
  return row!;
}

/** The provider ended the meeting (or it belongs to a provider no longer configured): ours ends too. */
async function endStaleMeeting(
  tx: Tx,
  worldId: string,
  meeting: MeetingRow,
  now: Date,
  effects: Effects,
) {
  const present = await presentAttendees(tx, worldId, { meetingId: meeting.id });
  await endAttendees(tx, present, now, effects);
  await tx.update(meetings).set({ endedAt: now }).where(eq(meetings.id, meeting.id));
  if (!effects.ended.some((m) => m.id === meeting.id)) effects.ended.push(meeting);
  if (present.length > 0) {
    effects.messages.push({
      to: { userIds: present.map((a) => a.userId) },
      message: { type: 'meeting.ended', meetingId: meeting.id },
    });
  }
}

/** The first key of the advisory lock by which one person's watcher joins take turns. */
const WATCHER_JOIN_LOCK = 727274002;

/** A watcher's join found no meeting to join as it is: it starts again with the world locked. */
class NeedsWorldLock extends Error {}

/**
 * joinChimeMeeting: joins (or starts) the live meeting of a space. In one transaction with the
 * world and the meeting locked: the capacity (8, or the reserved date's) counts every current
 * attendee of the world but the caller's own, which this join replaces (another tab or device:
 * that one hears meeting.joinedElsewhere: moving to another space is such a join). It takes the
 * caller's seat in the space (claimSeat: a full table refuses). Forced device flags carry over
 * from the attendance it replaces, else from the caller's last attendee of the meeting.
 * A watcher (ADR 026, `watching`; the caller checks the stream is live in `check`) takes no seat
 * (its seat is freed), is not counted against the capacity and is not announced to the meeting.
 * A watcher who attends nowhere changes nothing another join counts or checks, so it holds the
 * world and the meeting shared and watchers do not wait for one another (one person's joins
 * still take turns); one that would end an attendance or start or replace the meeting does it as
 * any other join, with both locked.
 */
export async function joinMeeting(
  ctx: MeetingContext,
  worldId: string,
  user: { id: string; name: string },
  spaceId: string,
  options: { watching?: boolean; check?: (tx: Tx) => Promise<void> } = {},
) {
  const { now } = ctx;
  const watching = options.watching ?? false;
  let effects = newEffects();
  let onStage = false;
  const attempt = (shared: boolean) => {
    effects = newEffects();
    return ctx.db.transaction(async (tx) => {
      if (shared) {
        await shareLiveWorld(tx, worldId);
        await tx.execute(
          sql`select pg_advisory_xact_lock(${WATCHER_JOIN_LOCK}, hashtext(${user.id}))`,
        );
      } else await lockLiveWorld(tx, worldId);
      await options.check?.(tx);
      const [space] = await tx
        .select({ id: spaces.id, capacity: spaces.capacity, kind: spaces.kind })
        .from(spaces)
        // A space removed from the layout keeps its past meetings but starts no new one.
        .where(and(eq(spaces.id, spaceId), eq(spaces.worldId, worldId), isNull(spaces.removedAt)));
      if (!space) throw new RuleError('notFound', joinMessages.spaceNotFound);
      onStage = space.kind === 'stage';
      await refuseRemoved(tx, worldId, user.id);

      const present = await presentAttendees(tx, worldId);
      const mine = present.filter((a) => a.userId === user.id);
      // Ending an attendance may end its meeting, which two ending at once could both miss.
      if (shared && mine.length > 0) throw new NeedsWorldLock();
      if (watching) {
        await freeSeats(tx, worldId, [user.id]);
      } else {
        const { capacity } = await currentCapacity(tx, worldId, now);
        const counted = present.filter((a) => !a.watching && a.userId !== user.id);
        if (counted.length >= capacity) throw new RuleError('invalid', joinMessages.full(capacity));
        // The meeting of a space is for the people seated there: a full table refuses (ADR 015).
        await claimSeat(tx, worldId, user.id, spaceId, now);
      }

      let [meeting] = await tx
        .select()
        .from(meetings)
        .where(and(eq(meetings.spaceId, spaceId), isNull(meetings.endedAt)))
        .for(shared ? 'share' : 'update');
      const provider = ctx.meetings.forSpace?.(space, meeting?.provider) ?? ctx.meetings;
      if (shared && meeting?.provider !== provider.name) throw new NeedsWorldLock();
      if (meeting && meeting.provider !== provider.name) {
        await endStaleMeeting(tx, worldId, meeting, now, effects);
        meeting = undefined;
      }
      meeting ??= await startMeeting(tx, provider, worldId, spaceId, now);
      let attendee: ProviderAttendee;
      try {
        attendee = await provider.createAttendee(providerMeeting(meeting), user.id, { watching });
      } catch (err) {
        if (!(err instanceof MeetingGoneError)) throw err;
        if (shared) throw new NeedsWorldLock();
        await endStaleMeeting(tx, worldId, meeting, now, effects);
        meeting = await startMeeting(tx, provider, worldId, spaceId, now);
        attendee = await provider.createAttendee(providerMeeting(meeting), user.id, { watching });
      }

      const replaced = mine.filter((a) => !effects.left.some((l) => l.id === a.id));
      await endAttendees(tx, replaced, now, effects, meeting.id);
      for (const old of replaced) {
        effects.messages.push({
          to: { userIds: [user.id] },
          message: {
            type: 'meeting.joinedElsewhere',
            meetingId: old.meeting.id,
            attendeeId: old.attendeeId,
          },
        });
      }
      const [previous] = await tx
        .select({
          mic: meetingAttendees.micForceDisabled,
          video: meetingAttendees.videoForceDisabled,
        })
        .from(meetingAttendees)
        .where(
          and(
            eq(meetingAttendees.userId, user.id),
            // Moving keeps the flags of the attendance it replaces (docs/product.md §4).
            or(
              eq(meetingAttendees.meetingId, meeting.id),
              inArray(
                meetingAttendees.id,
                mine.map((a) => a.id),
              ),
            ),
          ),
        )
        .orderBy(desc(meetingAttendees.joinedAt))
        .limit(1);
      const forced = {
        micForceDisabled: previous?.mic ?? false,
        videoForceDisabled: previous?.video ?? false,
      };
      // Coming in from outside the world (not a move): an entry, kept and told to owner and staff.
      if (mine.length === 0)
        effects.messages.push((await keepEntry(tx, worldId, user.id, now)).notice);
      const leave = newLeaveKey();
      await tx.insert(meetingAttendees).values({
        meetingId: meeting.id,
        userId: user.id,
        attendeeId: attendee.AttendeeId,
        joinedAt: now,
        watching,
        leaveKeyHash: leave.hash,
        ...forced,
      });
      // Who the caller connects to: read under the world lock, so anyone joining after this sees
      // the caller in turn (ADR 026: no listing round trip before connecting).
      const attendees = present
        .filter((a) => a.meeting.id === meeting.id && !a.watching && a.userId !== user.id)
        .map(({ attendeeId, userId }) => ({ attendeeId, userId }));
      return {
        id: meeting.id,
        spaceId,
        provider: provider.name,
        meeting: providerMeeting(meeting),
        attendee,
        attendees,
        leaveKey: leave.key,
        ...forced,
      };
    });
  };
  const joined = await attempt(watching).catch((err: unknown) => {
    if (err instanceof NeedsWorldLock) return attempt(false);
    throw err;
  });

  await applyEffects(ctx, worldId, effects);
  // Nobody connects to a watcher: it is not announced (ADR 026).
  if (watching) return joined;
  // A speaker on a streamed stage: its watchers no longer wait for one.
  if (onStage) await announceLiveStages(ctx, worldId, [spaceId]);
  const members = await currentAttendees(ctx.db, worldId, joined.id);
  await ctx.publish(
    worldId,
    { userIds: members.map((m) => m.userId) },
    {
      type: 'meeting.attendeeJoined',
      meetingId: joined.id,
      attendeeId: joined.attendee.AttendeeId,
      userId: user.id,
      name: user.name,
    },
  );
  return joined;
}
