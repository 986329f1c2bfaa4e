// Which realtime messages concern one attendee of one local meeting (the mesh or the media
// server), and what they mean in the provider's terms (the Chime SDK's status names for the ways a session ends).
import type { RealtimeServerMessage } from '../../domain/realtime';
import type { RealtimeClient } from '../realtime/realtime-client';
import type { AnnouncedDevices } from './local-mesh-remote';
import type { MeetingStatusName } from './provider';

type Signal = Extract<RealtimeServerMessage, { type: 'meeting.signal' }>['signal'];

export type MeshMessage =
  | { kind: 'signal'; signal: Signal }
  | { kind: 'serverSignal'; signal: Signal }
  | { kind: 'joined'; attendeeId: string; userId: string }
  | { kind: 'left'; attendeeId: string }
  | { kind: 'devices'; attendeeId: string; devices: AnnouncedDevices }
  | { kind: 'restart' }
  | { kind: 'iceRestart'; peerAttendeeId: string }
  | { kind: 'stop'; status: MeetingStatusName };

/** What `message` means for attendee `attendeeId` of meeting `meetingId`; null when nothing. */
export function meshMessageOf(
  message: RealtimeServerMessage,
  meetingId: string,
  attendeeId: string,
): MeshMessage | null {
  switch (message.type) {
    case 'meeting.signal':
      return message.signal.meetingId === meetingId && message.signal.toAttendeeId === attendeeId
        ? { kind: 'signal', signal: message.signal }
        : null;
    case 'meeting.mediaSignal':
      return message.signal.meetingId === meetingId && message.signal.toAttendeeId === attendeeId
        ? { kind: 'serverSignal', signal: message.signal }
        : null;
    case 'meeting.mediaRestart':
      return message.meetingId === meetingId ? { kind: 'restart' } : null;
    case 'meeting.mediaIceRestart':
      return message.meetingId === meetingId && message.attendeeId === attendeeId
        ? { kind: 'iceRestart', peerAttendeeId: message.peerAttendeeId }
        : null;
    case 'meeting.attendeeJoined':
      return message.meetingId === meetingId && message.attendeeId !== attendeeId
        ? { kind: 'joined', attendeeId: message.attendeeId, userId: message.userId }
        : null;
    case 'meeting.attendeeLeft':
      return message.meetingId === meetingId
        ? { kind: 'left', attendeeId: message.attendeeId }
        : null;
    case 'meeting.deviceState':
      return message.meetingId === meetingId && message.attendeeId !== attendeeId
        ? {
            kind: 'devices',
            attendeeId: message.attendeeId,
            devices: { mic: message.mic, video: message.video, screen: message.screen },
          }
        : null;
    case 'meeting.kicked':
      // null: kicked from every meeting of the world.
      return message.meetingId === null || message.meetingId === meetingId
        ? { kind: 'stop', status: 'AudioAttendeeRemoved' }
        : null;
    case 'meeting.ended':
      return message.meetingId === meetingId ? { kind: 'stop', status: 'MeetingEnded' } : null;
    case 'meeting.joinedElsewhere':
      // Every tab of the user hears it, the new one too: only the replaced attendee stops.
      return message.meetingId === meetingId && (message.attendeeId ?? attendeeId) === attendeeId
        ? { kind: 'stop', status: 'AudioJoinedFromAnotherDevice' }
        : null;
    default:
      return null;
  }
}

/** What a session takes from before it listened: never a stop, which was for an earlier one. */
const REPLAYED = new Set<MeshMessage['kind']>([
  'signal',
  'serverSignal',
  'joined',
  'left',
  'devices',
]);

/**
 * The meeting messages of the last `windowMs`, kept for the session about to start: between the
 * join's answer and the session listening, another attendee's announcement or offer can come and
 * would otherwise go unheard (two guests reaching a table at once: the second never saw the
 * first's video). The session replays what concerns it before it hears anything new.
 */
export class RecentMeetingMessages {
  private kept: Array<{ at: number; message: RealtimeServerMessage }> = [];

  constructor(
    realtime: Pick<RealtimeClient, 'subscribe'>,
    private readonly windowMs = 15_000,
    private readonly now = () => Date.now(),
  ) {
    realtime.subscribe((message) => {
      if (!message.type.startsWith('meeting.')) return;
      this.prune();
      this.kept.push({ at: this.now(), message });
    });
  }

  /** What the kept messages mean for attendee `attendeeId` of meeting `meetingId`, in order. */
  replayFor(meetingId: string, attendeeId: string): MeshMessage[] {
    this.prune();
    return this.kept
      .map(({ message }) => meshMessageOf(message, meetingId, attendeeId))
      .filter((mesh): mesh is MeshMessage => mesh !== null && REPLAYED.has(mesh.kind));
  }

  private prune() {
    const since = this.now() - this.windowMs;
    while (this.kept.length > 0 && this.kept[0]!.at < since) this.kept.shift();
  }
}
