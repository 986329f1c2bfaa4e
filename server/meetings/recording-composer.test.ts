import { describe, expect, it } from 'vitest';
import { RtpHeader, RtpPacket } from 'werift';
import { RecordingComposer, vp8Size } from './recording-composer';

const MIC = 0;
const CAMERA = 1;
const SHARE = 2;

// VP8 payload descriptors (RFC 7741): S=1, PID=0 starts a frame; the first payload byte's P bit
// is 0 for a key frame, 1 for an inter frame.
const keyFrame = Buffer.from([0x10, 0x00, 0x9d, 0x01, 0x2a, 0, 0, 0, 0, 0]);
const interFrame = Buffer.from([0x10, 0x01, 0, 0, 0, 0, 0, 0, 0, 0]);

const rtp = (ssrc: number, seq: number, ts: number, payload: Buffer) =>
  new RtpPacket(
    new RtpHeader({ ssrc, sequenceNumber: seq, timestamp: ts, payloadType: 120, marker: true }),
    payload,
  );

function compose() {
  let now = 1_000_000;
  const asked: string[] = [];
  const composer = new RecordingComposer(
    (publisherId, slot) => asked.push(`${publisherId}:${slot}`),
    () => now,
  );
  const video: RtpPacket[] = [];
  const audio: RtpPacket[] = [];
  composer.video.track.onReceiveRtp.subscribe((p) => void video.push(p));
  composer.audio.track.onReceiveRtp.subscribe((p) => void audio.push(p));
  return {
    composer,
    video,
    audio,
    asked,
    tick: (ms: number) => void (now += ms),
  };
}

describe('recording composition', () => {
  it('starts the video at a key frame of a camera, asking for one', () => {
    const c = compose();
    c.composer.input('a', CAMERA, rtp(1, 100, 5000, interFrame));
    expect(c.video).toHaveLength(0);
    expect(c.asked).toEqual(['a:1']);
    c.composer.input('a', CAMERA, rtp(1, 101, 8000, keyFrame));
    c.composer.input('a', CAMERA, rtp(1, 102, 11000, interFrame));
    expect(c.video.map((p) => p.header.sequenceNumber)).toEqual([0, 1]);
    expect(c.video.map((p) => p.header.timestamp)).toEqual([0, 3000]);
  });

  it('switches video to a content share at its key frame, running on without a jump', () => {
    const c = compose();
    c.composer.input('a', CAMERA, rtp(1, 100, 5000, keyFrame));
    c.tick(33);
    c.composer.input('a', CAMERA, rtp(1, 101, 8000, interFrame));
    c.tick(33);
    c.composer.input('b', SHARE, rtp(2, 7000, 900_000, interFrame));
    expect(c.asked).toContain('b:2');
    // Until the share's key frame the camera goes on.
    c.composer.input('a', CAMERA, rtp(1, 102, 11000, interFrame));
    c.tick(100);
    c.composer.input('b', SHARE, rtp(2, 7001, 903_000, keyFrame));
    c.composer.input('a', CAMERA, rtp(1, 103, 14000, interFrame));
    c.composer.input('b', SHARE, rtp(2, 7002, 906_000, interFrame));
    expect(c.video.map((p) => p.header.sequenceNumber)).toEqual([0, 1, 2, 3, 4]);
    const ts = c.video.map((p) => p.header.timestamp);
    // 100 ms after the camera's last packet at 90 kHz, then the share's own steps.
    expect(ts).toEqual([0, 3000, 6000, 6000 + 9000, 6000 + 9000 + 3000]);
    expect(new Set(c.video.map((p) => p.header.ssrc)).size).toBe(1);
  });

  it('follows the louder speaker for audio, not more often than every 1.5 s', () => {
    const c = compose();
    const quiet = Buffer.alloc(10);
    const loud = Buffer.alloc(120);
    let seqA = 0;
    let seqB = 500;
    const both = (aPayload: Buffer, bPayload: Buffer) => {
      c.composer.input('a', MIC, rtp(1, seqA++, seqA * 960, aPayload));
      c.composer.input('b', MIC, rtp(2, seqB++, seqB * 960, bPayload));
      c.tick(20);
    };
    // Which publisher the audio carries shows in the payload size of what it outputs.
    const lastSize = () => c.audio.at(-1)!.payload.length;
    for (let i = 0; i < 100; i++) both(loud, quiet);
    expect(c.audio.every((p) => p.payload.length === loud.length)).toBe(true);
    let rounds = 0;
    while (lastSize() !== loud.length || c.audio.at(-2)!.payload.length === loud.length) {
      both(quiet, loud);
      if (++rounds > 200) throw new Error('the audio never followed b');
    }
    // b took over; a speaks up again at once but the speaker holds for 1.5 s.
    const switched = c.audio.length;
    for (let i = 0; i < 30; i++) both(loud, quiet);
    expect(c.audio.slice(switched).every((p) => p.payload.length === quiet.length)).toBe(true);
    for (let i = 0; i < 100; i++) both(loud, quiet);
    expect(lastSize()).toBe(loud.length);
    // One output sequence throughout.
    const seqs = c.audio.map((p) => p.header.sequenceNumber);
    expect(seqs.every((n, k) => k === 0 || n === seqs[k - 1]! + 1)).toBe(true);
    expect(c.composer.seconds).toBeGreaterThan(4);
  });

  it('forgets a publisher that left', () => {
    const c = compose();
    c.composer.input('a', CAMERA, rtp(1, 1, 1, keyFrame));
    c.composer.input('b', CAMERA, rtp(2, 1, 1, keyFrame));
    c.composer.left('a');
    c.tick(10);
    c.composer.input('b', CAMERA, rtp(2, 2, 3001, keyFrame));
    expect(c.asked).toContain('b:1');
  });

  it('reads the picture size of a VP8 key frame for the WebM header', () => {
    // Descriptor, frame tag (key frame), start code, 640 × 480.
    const frame = Buffer.from([0x10, 0x50, 0x02, 0x00, 0x9d, 0x01, 0x2a, 0x80, 0x02, 0xe0, 0x01]);
    expect(vp8Size(rtp(1, 1, 1, frame))).toEqual({ width: 640, height: 480 });
    expect(vp8Size(rtp(1, 1, 1, interFrame))).toBeNull();
  });
});
