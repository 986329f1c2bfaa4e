// Meeting messages on the socket (ADR 010): WebRTC signalling between two attendees and the
// display of each attendee's devices. Both need the sender (and for a signal, the receiver) to be
// current attendees of that meeting in the socket's world; anything else is dropped.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { RealtimeClientMessage } from '../../src/domain/realtime';
import type { Db } from '../db/connect';
import type { UseCaseContext } from '../http/use-case';
import { meetingAttendees, meetings, spaces } from '../db/schema';

type MeetingMessage = Extract<
  RealtimeClientMessage,
  { type: 'meeting.signal' | 'meeting.deviceState' }
>;

/**
 * The current attendees of a live meeting of the world, with its watchers (ADR 026: they hear who
 * comes, goes and what their devices do, but send nothing).
 */
export async function currentAttendees(db: Db, worldId: string, meetingId: string) {
  return db
    .select({
      attendeeId: meetingAttendees.attendeeId,
      userId: meetingAttendees.userId,
      micForceDisabled: meetingAttendees.micForceDisabled,
      videoForceDisabled: meetingAttendees.videoForceDisabled,
      watching: meetingAttendees.watching,
    })
    .from(meetingAttendees)
    .innerJoin(meetings, eq(meetings.id, meetingAttendees.meetingId))
    .where(
      and(
        eq(meetings.id, meetingId),
        eq(meetings.worldId, worldId),
        isNull(meetings.endedAt),
        isNull(meetingAttendees.leftAt),
      ),
    );
}

type Signal = Extract<RealtimeClientMessage, { type: 'meeting.signal' }>['signal'];

/**
 * The two attendees a signal names, when the sender is the socket's user and both are current
 * attendees of that live meeting of the world; null otherwise. The same attendee twice is
 * allowed only when `self` (what one attendee sends to the media server). A watcher sends
 * nothing and nobody receives from one (ADR 026): its publishing signals are dropped.
 */
export async function signalPair(
  db: Db,
  from: { worldId: string; userId: string },
  signal: Signal,
  self: boolean,
) {
  const pair = await db
    .select({
      attendeeId: meetingAttendees.attendeeId,
      userId: meetingAttendees.userId,
      watching: meetingAttendees.watching,
      providerMeeting: meetings.providerMeeting,
      provider: meetings.provider,
      mediaProcessId: meetings.mediaProcessId,
      spaceKind: spaces.kind,
    })
    .from(meetingAttendees)
    .innerJoin(meetings, eq(meetings.id, meetingAttendees.meetingId))
    .innerJoin(spaces, eq(spaces.id, meetings.spaceId))
    .where(
      and(
        eq(meetings.id, signal.meetingId),
        eq(meetings.worldId, from.worldId),
        isNull(meetings.endedAt),
        isNull(meetingAttendees.leftAt),
        inArray(meetingAttendees.attendeeId, [signal.fromAttendeeId, signal.toAttendeeId]),
      ),
    );
  const sender = pair.find((a) => a.attendeeId === signal.fromAttendeeId);
  const receiver = pair.find((a) => a.attendeeId === signal.toAttendeeId);
  if (sender?.userId !== from.userId || !receiver || (sender === receiver) !== self) return null;
  if (receiver.watching) return null;
  return { sender, receiver };
}

export async function relayMeetingMessage(
  ctx: Pick<UseCaseContext, 'db' | 'publish'>,
  from: { worldId: string; userId: string },
  message: MeetingMessage,
) {
  if (message.type === 'meeting.signal') {
    const pair = await signalPair(ctx.db, from, message.signal, false);
    // A watcher connects to nobody directly (ADR 026): it only receives, from the media server.
    if (!pair || pair.sender.watching) return;
    await ctx.publish(
      from.worldId,
      { userIds: [pair.receiver.userId] },
      { type: 'meeting.signal', signal: message.signal },
    );
    return;
  }
  const attendees = await currentAttendees(ctx.db, from.worldId, message.meetingId);
  // A watcher has no devices to show: its device state is not relayed.
  const sender = attendees.find((a) => a.userId === from.userId && !a.watching);
  if (!sender) return;
  await ctx.publish(
    from.worldId,
    { userIds: attendees.map((a) => a.userId) },
    {
      type: 'meeting.deviceState',
      meetingId: message.meetingId,
      attendeeId: sender.attendeeId,
      userId: from.userId,
      // A forced device is shown off whatever the client says (docs/product.md §4).
      mic: message.mic && !sender.micForceDisabled,
      video: message.video && !sender.videoForceDisabled,
      screen: message.screen,
    },
  );
}
