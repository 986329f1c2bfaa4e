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
      return {
        type: 'meeting.joinedElsewhere',
        meetingId: message.meetingId,
        ...(message.attendeeId !== undefined && { attendeeId: message.attendeeId }),
      };
    case 'meeting.kicked':
      return { type: 'meeting.kicked', meetingId: message.meetingId };
    default:
      return null;
  }
}

/**
 * After the realtime socket came back: meeting.attendanceEnded when the server no longer lists
 * this tab's attendance (ended while the visitor was away past the absence window, ADR 016).
 * `attendees` are the meeting's present attendees, as the server answers them now.
 */
export function attendanceEndedFrom(
  snapshot: MeetingSnapshot,
  attendees: readonly { attendeeId: string }[],
): MeetingEvent | null {
  const join = snapshot.context.join;
  if (!isInMeeting(snapshot) || !join) return null;
  if (attendees.some((a) => a.attendeeId === join.attendee.AttendeeId)) return null;
  return { type: 'meeting.attendanceEnded', meetingId: join.id };
}

/** In the meeting (connected or coming back). */
export function isInMeeting(snapshot: MeetingSnapshot): boolean {
  return snapshot.matches('session');
}

/** How a meeting visit ended (the page's outcome screen). */
export type MeetingOutcome = 'left' | 'ended' | 'kicked' | 'joinedElsewhere' | 'full' | 'failed';

const OUTCOMES: readonly MeetingOutcome[] = [
  'left',
  'ended',
  'kicked',
  'joinedElsewhere',
  'full',
  'failed',
];

export type MeetingPhase = 'gate' | 'joining' | 'connecting' | 'connected' | 'reconnecting';

/** Where the meeting stands, as one narrow value for the page. */
export function meetingPhase(snapshot: MeetingSnapshot): MeetingPhase | MeetingOutcome {
  if (snapshot.matches('gate')) return 'gate';
  if (snapshot.matches('joining') || snapshot.matches('starting')) return 'joining';
  if (snapshot.matches({ session: 'connecting' })) return 'connecting';
  if (snapshot.matches({ session: 'reconnecting' })) return 'reconnecting';
  if (snapshot.matches('session')) return 'connected';
  return OUTCOMES.find((outcome) => snapshot.matches(outcome)) ?? 'failed';
}

export function isOutcome(phase: MeetingPhase | MeetingOutcome): phase is MeetingOutcome {
  return (OUTCOMES as readonly string[]).includes(phase);
}

/** The running session (connected or coming back), for its tiles and audio. */
export const selectSession = (snapshot: MeetingSnapshot) => snapshot.context.session;
export const selectMeetingId = (snapshot: MeetingSnapshot) => snapshot.context.join?.id ?? null;
/** The key a closing page sends to leave at once (ADR 035); null outside a meeting. */
export const selectLeaveKey = (snapshot: MeetingSnapshot) =>
  snapshot.context.join?.leaveKey ?? null;
/** The attendee id the provider knows this visitor by. */
export const selectSelfUserId = (snapshot: MeetingSnapshot) =>
  snapshot.context.join?.attendee.ExternalUserId ?? '';
/** The gate may send the visitor into the meeting of `spaceId`. */
export const canJoinSpace = (spaceId: string) => (snapshot: MeetingSnapshot) =>
  snapshot.can({ type: 'meeting.join', spaceId });
export const canLeave = (snapshot: MeetingSnapshot) => snapshot.can({ type: 'meeting.leave' });

/** Retry is offered after any outcome but a kick: the server refuses the kicked until allowed again. */
export const canOfferRetry = (snapshot: MeetingSnapshot) =>
  snapshot.can({ type: 'meeting.retry' }) && meetingPhase(snapshot) !== 'kicked';
/** The Japanese message of the outcome, when the machine has one. */
export const selectMessage = (snapshot: MeetingSnapshot) => snapshot.context.message;
/** The space whose meeting the visitor is in (session state's current table space). */
export const selectCurrentSpaceId = (snapshot: MeetingSnapshot) =>
  snapshot.context.currentTableSpaceId;
/** The map is shown (session state's map view mode). */
export const selectMapViewMode = (snapshot: MeetingSnapshot) => snapshot.context.mapViewMode;
/** The visitor may move to `spaceId` now (in a meeting, connected, another space). */
export const canMoveTo = (spaceId: string) => (snapshot: MeetingSnapshot) =>
  snapshot.can({ type: 'meeting.move', spaceId });
/** Joining the next space's meeting. */
export const isMoving = (snapshot: MeetingSnapshot) => snapshot.matches({ session: 'moving' });
/**
 * Where presence should say the visitor is: the space of the meeting they are in, else none. A
 * watcher is in no space (ADR 026: counted apart, no seat).
 */
export const selectPresenceSpaceId = (snapshot: MeetingSnapshot) =>
  isInMeeting(snapshot) && !isWatching(snapshot) && selectHearingTable(snapshot) === null
    ? (snapshot.context.join?.spaceId ?? null)
    : null;
/** The table listened to, receive-only (hearingTable, ADR 038: no seat, not on the map). */
export const selectHearingTable = (snapshot: MeetingSnapshot) =>
  isInMeeting(snapshot) ? snapshot.context.hearingTable : null;
/** The visitor may listen to the table `spaceId` now. */
export const canListen = (spaceId: string) => (snapshot: MeetingSnapshot) =>
  snapshot.can({ type: 'meeting.listen', spaceId });
/** Listening, the visitor may stop (back to the space listened from). */
export const canStopListening = (snapshot: MeetingSnapshot) =>
  snapshot.can({ type: 'meeting.stopListening' });
/** Watching the stage's live stream, receive-only (session state's watching live mode). */
export const isWatching = (snapshot: MeetingSnapshot) =>
  snapshot.context.watchingLiveMode === 'watching' && isInMeeting(snapshot);
/**
 * The camera and microphone are let go (ADR 026): from choosing to watch (joining the stage
 * receive-only, or a move to watching once the server accepted it) until watching stops
 * (attending again once accepted, leaving, the stream ending, any outcome); then they open again.
 */
export const releasesDevices = (snapshot: MeetingSnapshot) =>
  snapshot.context.watchingLiveMode === 'watching' &&
  (snapshot.matches('joining') || snapshot.matches('starting') || snapshot.matches('session'));
/** The visitor may start watching the stage `spaceId` now. */
export const canWatch = (spaceId: string) => (snapshot: MeetingSnapshot) =>
  snapshot.can({ type: 'meeting.watch', spaceId });
/** Watching, the visitor may go back to attending. */
export const canAttend = (snapshot: MeetingSnapshot) => snapshot.can({ type: 'meeting.attend' });
