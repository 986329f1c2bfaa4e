// Media-server rooms across server processes (ADR 039), LiveKit's multi-node model: a meeting's
// room lives on one process, the one that started the meeting (meetings.media_process_id);
// attendees' sockets may be on any process, which checks their signals and hands them to the
// hosting process over the realtime bus. The host's answers go back as ordinary messages to
// the user, wherever its sockets are. When the host's lease lapses, the process that takes it
// over holds the rooms from then on and tells their attendees to connect again.
import { and, inArray, isNull } from 'drizzle-orm';
import type { RealtimeClientMessage } from '../../src/domain/realtime';
import type { Db } from '../db/connect';
import { meetings } from '../db/schema';
import type { RealtimeBus } from '../realtime/bus';
import type { MediaServer } from './media-server';
import { providerMeeting } from './provider';
import { currentAttendees, signalPair } from './relay';

type MediaSignal = Extract<RealtimeClientMessage, { type: 'meeting.mediaSignal' }>['signal'];
type From = { worldId: string; userId: string };

export type MediaRooms = ReturnType<typeof createMediaRooms>;

export function createMediaRooms(options: {
  media: MediaServer;
  bus: RealtimeBus;
  /** This process (docs/decisions/032). */
  processId: string;
  db: Db;
  onError: (error: unknown) => void;
}) {
  const { media, bus, processId, db, onError } = options;
  /**
   * Where the room of each meeting was when this process last checked an offer for it, so that
   * a candidate goes there with no database read (the host applies it only to a connection the
   * same user opened, ADR 023).
   */
  const hosts = new Map<string, { processId: string; roomKey: string }>();

  /**
   * Applies a checked signal to this process's media server; its answers go to the user.
   * `audioOnly`: a listener's offer, forwarded the microphones only (ADR 038).
   */
  function apply(from: From, roomKey: string, signal: MediaSignal, audioOnly = false) {
    void media.signal(
      roomKey,
      signal,
      (message) =>
        void bus
          .publish({ kind: 'send', worldId: from.worldId, to: { userIds: [from.userId] }, message })
          .catch(onError),
      `${from.worldId}/${from.userId}`,
      audioOnly,
    );
  }

  /** Awaited, so that one socket's signals reach the host in the order they came. */
  async function route(
    host: string,
    from: From,
    roomKey: string,
    signal: MediaSignal,
    audioOnly = false,
  ) {
    if (host === processId) apply(from, roomKey, signal, audioOnly);
    else
      await bus.publish({
        kind: 'mediaSignal',
        processId: host,
        ...from,
        roomKey,
        signal,
        audioOnly,
      });
  }

  function forget(roomKey: string) {
    for (const [meetingId, host] of hosts) if (host.roomKey === roomKey) hosts.delete(meetingId);
  }

  const subscribed = bus.subscribe((envelope) => {
    if (envelope.kind === 'mediaSignal' && envelope.processId === processId)
      apply(envelope, envelope.roomKey, envelope.signal, envelope.audioOnly);
    if (envelope.kind !== 'mediaLeave' || envelope.fromProcessId === processId) return;
    if (envelope.attendeeId === null) {
      media.close(envelope.roomKey);
      forget(envelope.roomKey);
    } else media.leave(envelope.roomKey, envelope.attendeeId);
  });
  subscribed.catch(onError);

  function left(roomKey: string, attendeeId: string | null) {
    bus
      .publish({ kind: 'mediaLeave', fromProcessId: processId, roomKey, attendeeId })
      .catch(onError);
  }

  return {
    /** The process that starts a meeting on the media server holds its room. */
    processId,

    /**
     * A signal from a socket of this process: an offer (or a candidate for a connection this
     * process has not seen) is checked against the database (ADR 023) and goes to the host.
     */
    async signal(from: From, signal: MediaSignal) {
      if (signal.candidate) {
        const local = media.roomOfConnection(signal, `${from.worldId}/${from.userId}`);
        if (local !== undefined) return apply(from, local, signal);
        const known = hosts.get(signal.meetingId);
        if (known) return route(known.processId, from, known.roomKey, signal);
      }
      const self = signal.fromAttendeeId === signal.toAttendeeId;
      const pair = await signalPair(db, from, signal, self);
      // A meeting on the mesh (a small space under the embedded default) has no room.
      if (pair?.sender.provider !== 'sfu') return;
      const roomKey = providerMeeting(pair.sender).MeetingId;
      // Meetings started before rooms had hosts: wherever the signal comes, as before.
      const host = pair.sender.mediaProcessId ?? processId;
      hosts.set(signal.meetingId, { processId: host, roomKey });
      // A receive-only attendee of a table listens in (ADR 038): it hears the table, sees nothing.
      const audioOnly = pair.sender.watching && pair.sender.spaceKind === 'table';
      await route(host, from, roomKey, signal, audioOnly);
    },

    /** The attendee left its meeting: its connections close on whichever process holds them. */
    leave(roomKey: string, attendeeId: string) {
      media.leave(roomKey, attendeeId);
      left(roomKey, attendeeId);
    },

    /** The meeting ended: its room closes wherever it is. */
    close(roomKey: string) {
      media.close(roomKey);
      forget(roomKey);
      left(roomKey, null);
    },

    /**
     * Rooms held by processes whose lease lapsed: this process holds them now, and their
     * attendees are told to connect again (`meeting.mediaRestart`). Answers how many moved.
     */
    async takeOver(processIds: string[]) {
      const moved = await db
        .update(meetings)
        .set({ mediaProcessId: processId })
        .where(and(inArray(meetings.mediaProcessId, processIds), isNull(meetings.endedAt)))
        .returning({ id: meetings.id, worldId: meetings.worldId });
      for (const meeting of moved) {
        const attendees = await currentAttendees(db, meeting.worldId, meeting.id);
        if (attendees.length === 0) continue;
        await bus.publish({
          kind: 'send',
          worldId: meeting.worldId,
          to: { userIds: attendees.map((a) => a.userId) },
          message: { type: 'meeting.mediaRestart', meetingId: meeting.id },
        });
      }
      return moved.length;
    },
  };
}
