// Meeting messages on the socket (ADR 010): WebRTC signalling between two attendees and the
// display of each attendee's devices. Both need the sender (and for a signal, the receiver) to be
// current attendees of that meeting in the socket's world; anything else is dropped.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { RealtimeClientMessage, RealtimeServerMessage } from '../../src/domain/realtime';
import type { Db } from '../db/connect';
import type { UseCaseContext } from '../http/context';
import { meetingAttendees, meetings } from '../db/schema';
import type { Audience } from '../realtime/bus';

export type Publish = (
  worldId: string,
  to: Audience,
  message: RealtimeServerMessage,
) => Promise<void>;

type MeetingMessage = Extract<
  RealtimeClientMessage,
  { type: 'meeting.signal' | 'meeting.deviceState' }
>;

/** The current attendees of a live meeting of the world. */
export async function currentAttendees(db: Db, worldId: string, meetingId: string) {
  return db
    .select({
      attendeeId: meetingAttendees.attendeeId,
      userId: meetingAttendees.userId,
      micForceDisabled: meetingAttendees.micForceDisabled,
      videoForceDisabled: meetingAttendees.videoForceDisabled,
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

export async function relayMeetingMessage(
  ctx: Pick<UseCaseContext, 'db' | 'publish'>,
  from: { worldId: string; userId: string },
  message: MeetingMessage,
) {
  if (message.type === 'meeting.signal') {
    const { signal } = message;
    const pair = await ctx.db
      .select({ attendeeId: meetingAttendees.attendeeId, userId: meetingAttendees.userId })
      .from(meetingAttendees)
      .innerJoin(meetings, eq(meetings.id, meetingAttendees.meetingId))
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
    if (sender?.userId !== from.userId || !receiver || sender === receiver) return;
    await ctx.publish(
      from.worldId,
      { userIds: [receiver.userId] },
      { type: 'meeting.signal', signal },
    );
    return;
  }
  const attendees = await currentAttendees(ctx.db, from.worldId, message.meetingId);
  const sender = attendees.find((a) => a.userId === from.userId);
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
