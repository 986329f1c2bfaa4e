// The local media server (ADR 023): a selective forwarding unit on werift, pure TypeScript. Every
// attendee publishes once, on one peer connection to the server, and receives each other attendee
// on a peer connection of its own (the pair's, as in the mesh), so the browser side stays the
// mesh's peer with the server answering. The browser always offers; the server never does, so
// there is no renegotiation from this side. Nothing is decoded: RTP is forwarded as it came, and
// a receiver's picture-loss request goes to the publisher.
import {
  type MediaStreamTrack,
  RTCPeerConnection,
  RTCRtpCodecParameters,
  type RTCRtpTransceiver,
  useNACK,
  usePLI,
  useSdesMid,
} from 'werift';
import type { RealtimeClientMessage } from '../../src/domain/realtime';

type MediaSignal = Extract<RealtimeClientMessage, { type: 'meeting.signal' }>['signal'];

/** Microphone, camera, content share: the order of the browser's three transceivers. */
const SLOTS = 3;

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
};

type Forward = (packet: Buffer) => void;

/** What one attendee sends: three slots, each with the receivers forwarding it. */
class Publication {
  readonly forwards = Array.from({ length: SLOTS }, () => new Set<Forward>());
  private readonly incoming: Array<{ track: MediaStreamTrack; t: RTCRtpTransceiver } | null> =
    Array.from({ length: SLOTS }, () => null);

  private added = 0;

  /** Transceivers the offer creates, in slot order; each forwards what it receives. */
  constructor(readonly pc: RTCPeerConnection) {
    pc.onRemoteTransceiverAdded.subscribe((transceiver) => {
      const slot = this.added++;
      if (slot >= SLOTS) return;
      transceiver.onTrack.subscribe((track) => {
        this.incoming[slot] = { track, t: transceiver };
        track.onReceiveRtp.subscribe((rtp) => {
          if (this.forwards[slot]!.size === 0) return;
          rtp.header.extensions = [];
          const packet = rtp.serialize();
          for (const forward of this.forwards[slot]!) forward(packet);
        });
        this.requestKeyFrame(slot);
      });
    });
  }

  requestKeyFrame(slot: number) {
    const incoming = this.incoming[slot];
    if (incoming?.track.kind === 'video' && incoming.track.ssrc)
      void incoming.t.receiver.sendRtcpPLI(incoming.track.ssrc).catch(() => {});
  }
}

type Room = {
  publications: Map<string, Publication>;
  /** Receiver attendee id → publisher attendee id → connection. */
  subscriptions: Map<string, Map<string, RTCPeerConnection>>;
};

export type MediaServer = ReturnType<typeof createMediaServer>;

export function createMediaServer(options: { onError?: (error: unknown) => void } = {}) {
  const rooms = new Map<string, Room>();
  const onError = options.onError ?? (() => {});

  function roomOf(key: string): Room {
    let room = rooms.get(key);
    if (!room) {
      room = { publications: new Map(), subscriptions: new Map() };
      rooms.set(key, room);
    }
    return room;
  }

  function publicationOf(room: Room, attendeeId: string): Publication {
    let publication = room.publications.get(attendeeId);
    if (!publication) {
      publication = new Publication(new RTCPeerConnection(peerConfig));
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
    pc = new RTCPeerConnection(peerConfig);
    perPublisher.set(publisherId, pc);
    return { pc, isNew: true };
  }

  function attach(room: Room, pc: RTCPeerConnection, publisherId: string) {
    const publication = publicationOf(room, publisherId);
    pc.getTransceivers().forEach((transceiver, slot) => {
      if (slot >= SLOTS) return;
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

  return {
    /**
     * A signal from attendee `fromAttendeeId`: to itself for its publication, to another
     * attendee for receiving that one. `reply` carries the server's answer and candidates back,
     * addressed as if the other attendee had sent them.
     */
    async signal(roomKey: string, signal: MediaSignal, reply: (signal: MediaSignal) => void) {
      const room = roomOf(roomKey);
      const { fromAttendeeId: sender, toAttendeeId: target } = signal;
      const publishing = sender === target;
      let pc: RTCPeerConnection;
      let isNew = false;
      if (publishing) {
        const existing = room.publications.get(sender);
        isNew = !existing?.pc.remoteDescription;
        pc = publicationOf(room, sender).pc;
      } else {
        ({ pc, isNew } = subscriptionOf(room, sender, target));
      }
      if (isNew) {
        pc.onIceCandidate.subscribe((candidate) => {
          if (!candidate) return;
          const { candidate: line, sdpMid, sdpMLineIndex } = candidate.toJSON();
          reply({
            meetingId: signal.meetingId,
            fromAttendeeId: target,
            toAttendeeId: sender,
            candidate: {
              candidate: line,
              sdpMid: sdpMid ?? null,
              sdpMLineIndex: sdpMLineIndex ?? null,
            },
          });
        });
      }
      try {
        if (signal.description?.type === 'offer') {
          await pc.setRemoteDescription(signal.description);
          if (!publishing && isNew) attach(room, pc, target);
          await pc.setLocalDescription(await pc.createAnswer());
          const answer = pc.localDescription!;
          reply({
            meetingId: signal.meetingId,
            fromAttendeeId: target,
            toAttendeeId: sender,
            description: { type: 'answer', sdp: answer.sdp },
          });
        } else if (signal.candidate) {
          await pc.addIceCandidate({
            candidate: signal.candidate.candidate,
            sdpMid: signal.candidate.sdpMid ?? undefined,
            sdpMLineIndex: signal.candidate.sdpMLineIndex ?? undefined,
          });
        }
      } catch (error) {
        onError(error);
      }
    },

    /** The attendee left: its publication and everything it received or was received on close. */
    leave(roomKey: string, attendeeId: string) {
      const room = rooms.get(roomKey);
      if (!room) return;
      const closing: RTCPeerConnection[] = [];
      const publication = room.publications.get(attendeeId);
      if (publication) closing.push(publication.pc);
      room.publications.delete(attendeeId);
      for (const pc of room.subscriptions.get(attendeeId)?.values() ?? []) closing.push(pc);
      room.subscriptions.delete(attendeeId);
      for (const perPublisher of room.subscriptions.values()) {
        const pc = perPublisher.get(attendeeId);
        if (pc) closing.push(pc);
        perPublisher.delete(attendeeId);
      }
      for (const pc of closing) void pc.close().catch(onError);
    },

    close(roomKey: string) {
      const room = rooms.get(roomKey);
      if (!room) return;
      for (const attendeeId of new Set([...room.publications.keys(), ...room.subscriptions.keys()]))
        this.leave(roomKey, attendeeId);
      rooms.delete(roomKey);
    },
  };
}
