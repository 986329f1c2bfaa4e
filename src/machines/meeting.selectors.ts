// What the pages read from the meeting machine's snapshot, and its event for a realtime message.
import type { RealtimeServerMessage } from '../domain/realtime';
import type { MeetingEvent, MeetingSnapshot } from './meeting.machine';

/** The meeting machine's event for a realtime message, or null when it is not one of its own. */
export function meetingEventFromRealtime(message: RealtimeServerMessage): MeetingEvent | null {
  switch (message.type) {
    case 'meeting.ended':
      return { type: 'meeting.ended', meetingId: message.meetingId };
    case 'meeting.joinedElsewhere':
      // The attendee it names is the one replaced: the machine stops only the tab that holds it.
      return { type: 'meeting.joinedElsewhere', meetingId: message.meetingId, ...(message.attendeeId !== undefined && { attendeeId: message.attendeeId }) };
    case 'meeting.kicked':
      return { type: 'meeting.kicked', meetingId: message.meetingId };
    default:
      return null;
  }
}

/** In the meeting (connected or coming back). */
export function isInMeeting(snapshot: MeetingSnapshot): boolean {
  return snapshot.matches('session');
}
