// The local media server (ADR 023): a selective forwarding unit on werift, pure TypeScript. Every
// attendee publishes once, on one peer connection to the server, and receives each other attendee
// on a peer connection of its own (the pair's, as in the mesh), so the browser side stays the
// mesh's peer with the server answering. The browser always offers; the server never does, so
// there is no renegotiation from this side. Nothing is decoded: RTP is forwarded as it came, and
// a receiver's picture-loss request goes to the publisher.
import { RTCPeerConnection, RTCRtpCodecParameters, useNACK, usePLI, useSdesMid } from 'werift';
import type { RealtimeClientMessage, RealtimeServerMessage } from '../../src/domain/realtime';
import { type Forward, type MediaTap, Publication, SLOTS } from './media-publication';
import { widenReceiveBuffers } from './socket-buffers';
import { withOpusDtx } from './media-answer';

type MediaSignal = Extract<RealtimeClientMessage, { type: 'meeting.signal' }>['signal'];
/** What the server says to the browser that opened a connection. */
export type MediaReply = Extract<
  RealtimeServerMessage,
  { type: 'meeting.mediaSignal' | 'meeting.mediaIceRestart' }
>;

const peerConfig = {
  codecs: {
    audio: [new RTCRtpCodecParameters({ mimeType: 'audio/opus', clockRate: 48000, channels: 2 })],
    video: [
      new RTCRtpCodecParameters({
        mimeType: 'video/VP8',
        clockRate: 90000,
        rtcpFeedback: [useNACK(), usePLI()],
      }),
    ],
  },
  // Only the mid, which the server rewrites per receiver: nothing of one connection's extension
  // ids leaks into another's.
  headerExtensions: { audio: [useSdesMid()], video: [useSdesMid()] },
  iceAdditionalHostAddresses: ['127.0.0.1'],
  // werift's default asks stun.l.google.com, and an answer waits for its gathering: offline that
  // held every answer up to 5 s (ADR 023). Host candidates, as for the mesh.
  iceServers: [],
};

/** A connection of the media server, its sockets' receive buffers widened (./socket-buffers.ts). */
function newPeerConnection(): RTCPeerConnection {
  const pc = new RTCPeerConnection(peerConfig);
  widenReceiveBuffers(pc);
  return pc;
}

type Room = {
  publications: Map<string, Publication>;
  taps: Set<MediaTap>;
  /** Receiver attendee id → publisher attendee id → connection. */
  subscriptions: Map<string, Map<string, RTCPeerConnection>>;
};

export type MediaServer = ReturnType<typeof createMediaServer>;

export function createMediaServer(
  options: {
    onError?: (error: unknown) => void;
    /** Each connection the server opens, as it opens it (tests reach its ICE through it). */
    onConnection?: (pc: RTCPeerConnection) => void;
  } = {},
) {
  const rooms = new Map<string, Room>();
  const onError = options.onError ?? (() => {});
  const opened = (pc: RTCPeerConnection) => {
    options.onConnection?.(pc);
    return pc;
  };

  function roomOf(key: string): Room {
    let room = rooms.get(key);
    if (!room) {
      room = { publications: new Map(), subscriptions: new Map(), taps: new Set() };
      rooms.set(key, room);
    }
    return room;
  }

  function publicationOf(room: Room, attendeeId: string): Publication {
    let publication = room.publications.get(attendeeId);
    if (!publication) {
      publication = new Publication(opened(newPeerConnection()), attendeeId, room.taps);
      room.publications.set(attendeeId, publication);
    }
    return publication;
  }

  /** Forwards the publisher's slots to the receiver's connection, now and for later tracks. */
  function subscriptionOf(room: Room, receiverId: string, publisherId: string) {
    let perPublisher = room.subscriptions.get(receiverId);
    if (!perPublisher) room.subscriptions.set(receiverId, (perPublisher = new Map()));
    let pc = perPublisher.get(publisherId);
    if (pc) return { pc, isNew: false };
    pc = opened(newPeerConnection());
    perPublisher.set(publisherId, pc);
    return { pc, isNew: true };
  }

  function attach(room: Room, pc: RTCPeerConnection, publisherId: string, audioOnly: boolean) {
    const publication = publicationOf(room, publisherId);
    pc.getTransceivers().forEach((transceiver, slot) => {
      // Slot 0 is the microphone: a listener to a table hears it and nothing else (ADR 038).
      if (slot >= SLOTS || (audioOnly && slot > 0)) return;
      transceiver.setDirection('sendonly');
      const forward: Forward = (packet) => void transceiver.sender.sendRtp(packet).catch(() => {});
      publication.forwards[slot]!.add(forward);
      transceiver.sender.onPictureLossIndication.subscribe(() => publication.requestKeyFrame(slot));
      pc.connectionStateChange.subscribe((state) => {
        if (state === 'connected') publication.requestKeyFrame(slot);
        if (state === 'closed') publication.forwards[slot]!.delete(forward);
      });
    });
  }

  /** Our meeting id → the room key, for finding a connection from a signal alone. */
  const roomKeys = new Map<string, string>();
  /** Who opened each connection with an offer (world and user, see `signal`). */
  const owners = new WeakMap<RTCPeerConnection, string>();
  /** Each connection's signals, applied one at a time in arrival order. */
  const queues = new WeakMap<RTCPeerConnection, Promise<void>>();

  function existing(room: Room, sender: string, target: string) {
    return sender === target
      ? room.publications.get(sender)?.pc
      : room.subscriptions.get(sender)?.get(target);
  }

  function enqueue(pc: RTCPeerConnection, task: () => Promise<void>): Promise<void> {
    const next = (queues.get(pc) ?? Promise.resolve()).then(task).catch(onError);
    queues.set(pc, next);
    return next;
  }

  return {
    /**
     * The room of the existing connection a signal names, when `owner` opened it: a candidate
     * for it needs no other check.
     */
    roomOfConnection(signal: MediaSignal, owner: string): string | undefined {
      const key = roomKeys.get(signal.meetingId);
      const room = key === undefined ? undefined : rooms.get(key);
      const pc = room && existing(room, signal.fromAttendeeId, signal.toAttendeeId);
      return pc && owners.get(pc) === owner ? key : undefined;
    },

    /**
     * A signal from attendee `fromAttendeeId` of user `owner` (checked by the caller): to itself
     * for its publication, to another attendee for receiving that one. An offer opens (or
     * renegotiates) the connection; a candidate goes only to a connection the same owner opened.
     * `reply` carries the server's answer and candidates back, addressed as if the other
     * attendee had sent them, and asks for an ICE restart when the server's end fails (werift's
     * consent checks went unanswered for 30 s, RFC 7675, while the browser may still say
     * connected and would wait forever): the browser's next offer restarts ICE on the same
     * connection, its forwards untouched. Each connection's signals are applied in order;
     * connections do not wait for each other.
     * `audioOnly`: a new receiving connection forwards the microphone only (a listener, ADR 038).
     */
    signal(
      roomKey: string,
      signal: MediaSignal,
      reply: (message: MediaReply) => void,
      owner: string,
      audioOnly = false,
    ): Promise<void> {
      const room = roomOf(roomKey);
      roomKeys.set(signal.meetingId, roomKey);
      const { fromAttendeeId: sender, toAttendeeId: target } = signal;
      const { candidate, description } = signal;
      if (description?.type !== 'offer') {
        const pc = existing(room, sender, target);
        if (!candidate || !pc || owners.get(pc) !== owner) return Promise.resolve();
        return enqueue(pc, () =>
          pc.addIceCandidate({
            candidate: candidate.candidate,
            sdpMid: candidate.sdpMid ?? undefined,
            sdpMLineIndex: candidate.sdpMLineIndex ?? undefined,
          }),
        );
      }
      const publishing = sender === target;
      let pc: RTCPeerConnection;
      let isNew = false;
      if (publishing) pc = publicationOf(room, sender).pc;
      else ({ pc, isNew } = subscriptionOf(room, sender, target));
      if (!owners.has(pc)) {
        pc.onIceCandidate.subscribe((found) => {
          if (!found) return;
          const { candidate: line, sdpMid, sdpMLineIndex } = found.toJSON();
          reply({
            type: 'meeting.mediaSignal',
            signal: {
              meetingId: signal.meetingId,
              fromAttendeeId: target,
              toAttendeeId: sender,
              candidate: {
                candidate: line,
                sdpMid: sdpMid ?? null,
                sdpMLineIndex: sdpMLineIndex ?? null,
              },
            },
          });
        });
        pc.connectionStateChange.subscribe((state) => {
          if (state !== 'failed') return;
          reply({
            type: 'meeting.mediaIceRestart',
            meetingId: signal.meetingId,
            attendeeId: sender,
            peerAttendeeId: target,
          });
        });
      }
      owners.set(pc, owner);
      return enqueue(pc, async () => {
        await pc.setRemoteDescription(description);
        if (isNew) attach(room, pc, target, audioOnly);
        await pc.setLocalDescription(await pc.createAnswer());
        reply({
          type: 'meeting.mediaSignal',
          signal: {
            meetingId: signal.meetingId,
            fromAttendeeId: target,
            toAttendeeId: sender,
            // Opus DTX: a publisher in silence sends almost nothing to forward (ADR 023).
            description: { type: 'answer', sdp: withOpusDtx(pc.localDescription!.sdp) },
          },
        });
      });
    },

    /** The attendee left: its publication and everything it received or was received on close. */
    leave(roomKey: string, attendeeId: string) {
      const room = rooms.get(roomKey);
      if (!room) return;
      const closing: RTCPeerConnection[] = [];
      const publication = room.publications.get(attendeeId);
      if (publication) {
        closing.push(publication.pc);
        publication.keyFrames.close();
      }
      room.publications.delete(attendeeId);
      for (const pc of room.subscriptions.get(attendeeId)?.values() ?? []) closing.push(pc);
      room.subscriptions.delete(attendeeId);
      for (const perPublisher of room.subscriptions.values()) {
        const pc = perPublisher.get(attendeeId);
        if (pc) closing.push(pc);
        perPublisher.delete(attendeeId);
      }
      for (const pc of closing) void pc.close().catch(onError);
      for (const tap of room.taps) tap.left(attendeeId);
    },

    /** Reads the room's incoming RTP until the returned function is called or the room closes. */
    tap(roomKey: string, tap: MediaTap) {
      const room = roomOf(roomKey);
      room.taps.add(tap);
      return () => void room.taps.delete(tap);
    },

    /** Asks a publisher of the room for a key frame of one slot. */
    requestKeyFrame(roomKey: string, publisherId: string, slot: number) {
      rooms.get(roomKey)?.publications.get(publisherId)?.requestKeyFrame(slot);
    },

    close(roomKey: string) {
      const room = rooms.get(roomKey);
      if (!room) return;
      for (const attendeeId of new Set([...room.publications.keys(), ...room.subscriptions.keys()]))
        this.leave(roomKey, attendeeId);
      rooms.delete(roomKey);
      for (const [meetingId, key] of roomKeys) if (key === roomKey) roomKeys.delete(meetingId);
    },
  };
}
