// One RTCPeerConnection of the local mesh: this attendee and one other, negotiated with the
// "perfect negotiation" pattern (the attendee with the lower id is polite: on an offer collision
// it rolls its own offer back and takes the other's). Media rides on three transceivers in a
// fixed order (microphone, camera, content share), created by the side that starts the call;
// after the first exchange every device change is a replaceTrack, which needs no renegotiation.
import type { ContentLimits } from '../../domain/meeting-session';
import type { RealtimeClientMessage } from '../../domain/realtime';

type Signal = Extract<RealtimeClientMessage, { type: 'meeting.signal' }>['signal'];

export type MediaSlot = 'audio' | 'video' | 'content';
const MEDIA_SLOTS: readonly MediaSlot[] = ['audio', 'video', 'content'];

export type LocalTracks = Record<MediaSlot, MediaStreamTrack | null> & {
  /** High frame rate mode's limits of the content sender (ADR 026); null: the browser's. */
  contentLimits?: ContentLimits | null;
};

export interface MeshPeerOptions {
  meetingId: string;
  localAttendeeId: string;
  remoteAttendeeId: string;
  /** True for the side that creates the transceivers and makes the first offer. */
  initiator: boolean;
  /** The initiator's transceivers: both ways in the mesh, one way to the media server. */
  direction?: 'sendrecv' | 'sendonly' | 'recvonly';
  createPeerConnection: () => RTCPeerConnection;
  sendSignal: (signal: Signal) => void;
  onTrack: (slot: MediaSlot, track: MediaStreamTrack) => void;
  onConnectionState: (state: RTCPeerConnectionState) => void;
  onError: (error: unknown) => void;
}

/** The lower attendee id is polite (a fixed rule both sides compute alike). */
export function isPolite(localAttendeeId: string, remoteAttendeeId: string): boolean {
  return localAttendeeId < remoteAttendeeId;
}

export class MeshPeer {
  readonly pc: RTCPeerConnection;
  private readonly polite: boolean;
  private makingOffer = false;
  private ignoreOffer = false;
  // Signals are handled one at a time, in arrival order: the pattern assumes it.
  private queue: Promise<void> = Promise.resolve();
  private tracks: LocalTracks = { audio: null, video: null, content: null };
  private closed = false;

  constructor(private readonly options: MeshPeerOptions) {
    this.polite = isPolite(options.localAttendeeId, options.remoteAttendeeId);
    this.pc = options.createPeerConnection();
    this.pc.onnegotiationneeded = () => void this.negotiate();
    this.pc.onicecandidate = ({ candidate }) => {
      if (candidate)
        this.send({ candidate: candidate.toJSON() as NonNullable<Signal['candidate']> });
    };
    this.pc.ontrack = ({ transceiver, track }) => {
      const slot = this.slotOf(transceiver);
      if (slot) options.onTrack(slot, track);
    };
    this.pc.onconnectionstatechange = () => {
      options.onConnectionState(this.pc.connectionState);
      // A network change on one machine or a LAN: a new ICE round usually recovers it.
      if (this.pc.connectionState === 'failed') this.pc.restartIce();
    };
    if (options.initiator) {
      for (const slot of MEDIA_SLOTS)
        this.pc.addTransceiver(slot === 'audio' ? 'audio' : 'video', {
          direction: options.direction ?? 'sendrecv',
        });
      void this.applyTracks();
    }
  }

  setTracks(tracks: LocalTracks): void {
    this.tracks = tracks;
    void this.applyTracks();
  }

  handleSignal(signal: Signal): void {
    this.queue = this.queue
      .then(() => this.receive(signal))
      .catch((error: unknown) => this.options.onError(error));
  }

  /** A new ICE round (new credentials, the next offer says so); media keeps its transceivers. */
  restartIce(): void {
    if (!this.closed) this.pc.restartIce();
  }

  close(): void {
    this.closed = true;
    this.pc.close();
  }

  /** The three media transceivers in slot order: those that were negotiated, or ours before that. */
  private mediaTransceivers(): RTCRtpTransceiver[] {
    const live = this.pc
      .getTransceivers()
      .filter((t) => t.currentDirection !== 'stopped' && !isStopping(t));
    const negotiated = live.filter((t) => t.mid !== null);
    return (negotiated.length >= MEDIA_SLOTS.length ? negotiated : live).slice(
      0,
      MEDIA_SLOTS.length,
    );
  }

  private slotOf(transceiver: RTCRtpTransceiver): MediaSlot | undefined {
    return MEDIA_SLOTS[this.mediaTransceivers().indexOf(transceiver)];
  }

  private async applyTracks(): Promise<void> {
    const transceivers = this.mediaTransceivers();
    await Promise.all(
      transceivers.map(async (transceiver, i) => {
        const slot = MEDIA_SLOTS[i]!;
        const track = this.tracks[slot];
        if (transceiver.sender.track !== track) await transceiver.sender.replaceTrack(track);
        if (slot === 'content' && track) await limitSender(transceiver.sender, this.tracks);
      }),
    );
  }

  private send(partial: Pick<Signal, 'description' | 'candidate'>): void {
    if (this.closed) return;
    const { meetingId, localAttendeeId, remoteAttendeeId } = this.options;
    this.options.sendSignal({
      meetingId,
      fromAttendeeId: localAttendeeId,
      toAttendeeId: remoteAttendeeId,
      ...partial,
    });
  }

  private sendDescription(): void {
    const description = this.pc.localDescription;
    if (description && (description.type === 'offer' || description.type === 'answer')) {
      this.send({ description: { type: description.type, sdp: description.sdp } });
    }
  }

  private async negotiate(): Promise<void> {
    try {
      this.makingOffer = true;
      await this.pc.setLocalDescription();
      this.sendDescription();
    } catch (error) {
      this.options.onError(error);
    } finally {
      this.makingOffer = false;
    }
  }

  private async receive({ description, candidate }: Signal): Promise<void> {
    if (this.closed) return;
    if (description) {
      const collision =
        description.type === 'offer' && (this.makingOffer || this.pc.signalingState !== 'stable');
      this.ignoreOffer = !this.polite && collision;
      if (this.ignoreOffer) return;
      // Both sides started the call at once and we yield: our own never-negotiated transceivers
      // go, so that the three of the offer are the only media lines.
      if (description.type === 'offer') {
        for (const t of this.pc.getTransceivers()) if (t.mid === null && !isStopping(t)) t.stop();
      }
      await this.pc.setRemoteDescription(description);
      if (description.type === 'offer') {
        for (const t of this.mediaTransceivers()) t.direction = 'sendrecv';
        await this.applyTracks();
        await this.pc.setLocalDescription();
        this.sendDescription();
      }
    } else if (candidate) {
      try {
        await this.pc.addIceCandidate(candidate);
      } catch (error) {
        // Candidates of an offer we ignored fail to apply; that is expected.
        if (!this.ignoreOffer) throw error;
      }
    }
  }
}

function isStopping(transceiver: RTCRtpTransceiver): boolean {
  return transceiver.direction === 'stopped';
}

/**
 * High frame rate mode (ADR 026): the content sender's bitrate and frame rate capped at the
 * mode's bandwidth and smooth rate; without it, the browser's own choice.
 */
async function limitSender(sender: RTCRtpSender, tracks: LocalTracks): Promise<void> {
  const parameters = sender.getParameters();
  const encoding = parameters.encodings?.[0];
  if (!encoding) return;
  const limits = tracks.contentLimits ?? null;
  const bitrate = limits ? limits.maxBitrateKbps * 1000 : undefined;
  const framerate = limits?.maxFramerate;
  if (encoding.maxBitrate === bitrate && encoding.maxFramerate === framerate) return;
  if (bitrate === undefined) delete encoding.maxBitrate;
  else encoding.maxBitrate = bitrate;
  if (framerate === undefined) delete encoding.maxFramerate;
  else encoding.maxFramerate = framerate;
  await sender.setParameters(parameters);
}
