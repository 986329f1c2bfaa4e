// What one attendee sends to the media server (ADR 023): its three slots, each forwarded as it
// came to every receiver of it, and read beside that by taps (the recorder, ADR 025).
import type { MediaStreamTrack, RTCPeerConnection, RTCRtpTransceiver, RtpPacket } from 'werift';
import { KeyFrameRequests } from './key-frames';

/** Microphone, camera, content share: the order of the browser's three transceivers. */
export const SLOTS = 3;

export type Forward = (packet: RtpPacket) => void;

/**
 * The publisher's packet for one receiver: werift's sender rewrites the header in place (its
 * ssrc, sequence, mid), so each gets its own header; the payload is shared, never written.
 * Cheaper than serializing once and parsing again per receiver.
 */
function copyFor(rtp: RtpPacket): RtpPacket {
  const copy = rtp.clone();
  copy.header.extensions = [];
  copy.header.extension = false;
  return copy;
}

/** A reader of a room's incoming RTP beside the forwarding (the recorder, ADR 025). */
export type MediaTap = {
  /** A packet of `publisherId`'s slot (0 microphone, 1 camera, 2 content share), as received. */
  rtp(publisherId: string, slot: number, rtp: RtpPacket): void;
  /** The publisher left the room. */
  left(publisherId: string): void;
};

/** What one attendee sends: three slots, each with the receivers forwarding it. */
export class Publication {
  readonly forwards = Array.from({ length: SLOTS }, () => new Set<Forward>());
  private readonly incoming: Array<{ track: MediaStreamTrack; t: RTCRtpTransceiver } | null> =
    Array.from({ length: SLOTS }, () => null);

  private added = 0;
  /** Key frames asked for on behalf of the receivers: one standing request per slot. */
  readonly keyFrames = new KeyFrameRequests((slot) => {
    const incoming = this.incoming[slot];
    if (incoming?.track.ssrc)
      void incoming.t.receiver.sendRtcpPLI(incoming.track.ssrc).catch(() => {});
  });

  /** Transceivers the offer creates, in slot order; each forwards what it receives. */
  constructor(
    readonly pc: RTCPeerConnection,
    attendeeId: string,
    taps: Set<MediaTap>,
  ) {
    pc.onRemoteTransceiverAdded.subscribe((transceiver) => {
      const slot = this.added++;
      if (slot >= SLOTS) return;
      transceiver.onTrack.subscribe((track) => {
        this.incoming[slot] = { track, t: transceiver };
        track.onReceiveRtp.subscribe((rtp) => {
          this.keyFrames.received(slot, rtp);
          for (const tap of taps) tap.rtp(attendeeId, slot, rtp);
          for (const forward of this.forwards[slot]!) forward(copyFor(rtp));
        });
        this.requestKeyFrame(slot);
      });
    });
  }

  /** A receiver needs a key frame of the slot (a video): asked unless a request stands. */
  requestKeyFrame(slot: number) {
    const incoming = this.incoming[slot];
    if (incoming?.track.kind === 'video' && incoming.track.ssrc) this.keyFrames.request(slot);
  }
}
