// What a local recording shows (ADR 025): nothing can be decoded or mixed, so the recording is one
// video and one audio track spliced from the room's incoming RTP. Audio follows the current
// speaker, guessed from Opus packet sizes (speech packs more bytes than silence); video is the
// content share while someone shares (the latest sharer), else the speaker's camera. A switch of
// video waits for a key frame of the new source (one is requested); timestamps and sequence
// numbers are rewritten so that each output track runs on across switches.
import { MediaStreamTrack, RTCRtpCodecParameters, type RtpPacket, Vp8RtpPayload } from 'werift';
import { isKeyFrameStart } from './key-frames';

const MIC = 0;
const CAMERA = 1;
const SHARE = 2;

/** A source sending nothing for this long is not a candidate. */
const SILENT_MS = 2000;
/** The speaker changes at most this often. */
const HOLD_MS = 1500;

/** One output track, fed by one source at a time, continuous across switches. */
class Splice {
  readonly track: MediaStreamTrack;
  private source: string | null = null;
  private pending: string | null = null;
  private offset: { seq: number; ts: number } | null = null;
  private last: { seq: number; ts: number; at: number } | null = null;
  first: number | null = null;

  constructor(
    kind: 'audio' | 'video',
    private readonly codec: RTCRtpCodecParameters,
    private readonly ssrc: number,
    private readonly keyFrames: boolean,
  ) {
    this.track = new MediaStreamTrack({ kind, codec, ssrc });
  }

  get waiting() {
    return this.pending !== null;
  }

  get current() {
    return this.pending ?? this.source;
  }

  /** Takes `source` from its next packet (video: its next key frame). */
  choose(source: string) {
    if (source === this.current) return;
    this.pending = source;
  }

  input(source: string, rtp: RtpPacket, now: number) {
    if (source === this.pending && (!this.keyFrames || isKeyFrameStart(rtp))) {
      this.source = source;
      this.pending = null;
      this.offset = null;
    }
    if (source !== this.source) return;
    if (!this.offset) {
      const seq = this.last ? this.last.seq + 1 : 0;
      const gap = this.last
        ? Math.max(1, Math.round(((now - this.last.at) * this.codec.clockRate) / 1000))
        : 0;
      const ts = this.last ? this.last.ts + gap : 0;
      this.offset = { seq: seq - rtp.header.sequenceNumber, ts: ts - rtp.header.timestamp };
    }
    const out = rtp.clone();
    out.header.ssrc = this.ssrc;
    out.header.payloadType = this.codec.payloadType!;
    out.header.extensions = [];
    out.header.sequenceNumber = (rtp.header.sequenceNumber + this.offset.seq + 0x10000) & 0xffff;
    out.header.timestamp = (rtp.header.timestamp + this.offset.ts) >>> 0;
    const seq = rtp.header.sequenceNumber + this.offset.seq;
    if (!this.last || seq > this.last.seq)
      this.last = { seq, ts: rtp.header.timestamp + this.offset.ts, at: now };
    this.first ??= now;
    this.track.onReceiveRtp.execute(out);
  }
}

/** The picture size a VP8 key frame carries (RFC 6386 §9.1), or null for any other packet. */
export function vp8Size(rtp: RtpPacket): { width: number; height: number } | null {
  const vp8 = Vp8RtpPayload.deSerialize(rtp.payload);
  const frame = vp8.payload;
  if (!vp8.payloadHeaderExist || !vp8.isKeyframe || frame.length < 10) return null;
  if (frame[3] !== 0x9d || frame[4] !== 0x01 || frame[5] !== 0x2a) return null;
  return { width: frame.readUInt16LE(6) & 0x3fff, height: frame.readUInt16LE(8) & 0x3fff };
}

type Heard = { at: number; level: number };

/**
 * Feeds the two tracks from the room's packets. `requestKeyFrame` asks a publisher's slot for a
 * key frame when video switches to it.
 */
export class RecordingComposer {
  readonly video = new Splice(
    'video',
    new RTCRtpCodecParameters({ mimeType: 'video/VP8', clockRate: 90000, payloadType: 96 }),
    0x5245_4301,
    true,
  );
  readonly audio = new Splice(
    'audio',
    new RTCRtpCodecParameters({
      mimeType: 'audio/opus',
      clockRate: 48000,
      channels: 2,
      payloadType: 111,
    }),
    0x5245_4302,
    false,
  );
  private readonly mics = new Map<string, Heard>();
  private readonly cameras = new Map<string, number>();
  /** Sharers by when they started sharing. */
  private readonly shares = new Map<string, { since: number; at: number }>();
  private speaker: string | null = null;
  private spokeAt = 0;
  private askedAt = 0;
  last: number | null = null;

  constructor(
    private readonly requestKeyFrame: (publisherId: string, slot: number) => void,
    private readonly clock: () => number = Date.now,
  ) {}

  input(publisherId: string, slot: number, rtp: RtpPacket) {
    const now = this.clock();
    if (slot === MIC) {
      const heard = this.mics.get(publisherId) ?? { at: now, level: 0 };
      heard.level = heard.level * 0.95 + rtp.payload.length * 0.05;
      heard.at = now;
      this.mics.set(publisherId, heard);
    } else if (slot === CAMERA) {
      this.cameras.set(publisherId, now);
    } else if (slot === SHARE) {
      const share = this.shares.get(publisherId);
      if (share && now - share.at < SILENT_MS) share.at = now;
      else this.shares.set(publisherId, { since: now, at: now });
    }
    this.choose(now);
    if (slot === MIC) this.audio.input(publisherId, rtp, now);
    else this.video.input(`${publisherId}:${slot}`, rtp, now);
    this.last = now;
  }

  left(publisherId: string) {
    this.mics.delete(publisherId);
    this.cameras.delete(publisherId);
    this.shares.delete(publisherId);
    if (this.speaker === publisherId) this.speaker = null;
  }

  /** Wall-clock seconds between the first and the last packet recorded. */
  get seconds() {
    const first = Math.min(this.video.first ?? Infinity, this.audio.first ?? Infinity);
    return this.last === null || first === Infinity ? 0 : Math.round((this.last - first) / 1000);
  }

  private choose(now: number) {
    const live = <T>(entries: Map<string, T>, at: (v: T) => number) =>
      [...entries].filter(([, v]) => now - at(v) < SILENT_MS);
    const loudest = live(this.mics, (h) => h.at).sort(([, a], [, b]) => b.level - a.level)[0];
    const speakerGone =
      !this.speaker || !live(this.mics, (h) => h.at).some(([id]) => id === this.speaker);
    if (loudest && loudest[0] !== this.speaker && (speakerGone || now - this.spokeAt >= HOLD_MS)) {
      this.speaker = loudest[0];
      this.spokeAt = now;
    }
    if (this.speaker) this.audio.choose(this.speaker);

    const sharer = live(this.shares, (s) => s.at).sort(([, a], [, b]) => b.since - a.since)[0];
    const cameras = live(this.cameras, (at) => at).map(([id]) => id);
    const source = sharer
      ? `${sharer[0]}:${SHARE}`
      : this.speaker && cameras.includes(this.speaker)
        ? `${this.speaker}:${CAMERA}`
        : cameras[0] !== undefined
          ? `${cameras[0]}:${CAMERA}`
          : null;
    // A switch waits for a key frame: asked for now and again each second until it comes.
    const waiting = this.video.waiting && now - this.askedAt >= 1000;
    if (source && (source !== this.video.current || waiting)) {
      this.video.choose(source);
      const [publisherId, slot] = source.split(':');
      this.requestKeyFrame(publisherId!, Number(slot));
      this.askedAt = now;
    }
  }
}
