import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RtpHeader, RtpPacket } from 'werift';
import { KeyFrameRequests, RETRIES, RETRY_MS } from './key-frames';

const CAMERA = 1;
const SHARE = 2;

// VP8 payload descriptors (RFC 7741): S=1, PID=0 starts a frame; the first payload byte's P bit
// is 0 for a key frame, 1 for an inter frame.
const packet = (payload: number[]) =>
  new RtpPacket(new RtpHeader({ payloadType: 120 }), Buffer.from(payload));
const keyFrame = packet([0x10, 0x00, 0x9d, 0x01, 0x2a, 0, 0, 0, 0, 0]);
const interFrame = packet([0x10, 0x01, 0, 0, 0, 0, 0, 0, 0, 0]);

function requests() {
  const asked: number[] = [];
  return { keyFrames: new KeyFrameRequests((slot) => void asked.push(slot)), asked };
}

describe('key frame requests of a publisher', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks once for a burst of receivers, and again after the key frame came', () => {
    const { keyFrames, asked } = requests();
    for (let i = 0; i < 20; i++) keyFrames.request(CAMERA);
    expect(asked).toEqual([CAMERA]);
    keyFrames.received(CAMERA, interFrame);
    keyFrames.request(CAMERA);
    expect(asked).toEqual([CAMERA]);
    keyFrames.received(CAMERA, keyFrame);
    keyFrames.request(CAMERA);
    expect(asked).toEqual([CAMERA, CAMERA]);
  });

  it('asks again when no key frame answers, a few times at most', () => {
    const { keyFrames, asked } = requests();
    keyFrames.request(CAMERA);
    vi.advanceTimersByTime(RETRY_MS - 1);
    expect(asked).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(asked).toHaveLength(2);
    vi.advanceTimersByTime(RETRY_MS * 10);
    expect(asked).toHaveLength(1 + RETRIES);
  });

  it('keeps each slot apart and stops asking once closed', () => {
    const { keyFrames, asked } = requests();
    keyFrames.request(CAMERA);
    keyFrames.request(SHARE);
    keyFrames.received(CAMERA, keyFrame);
    vi.advanceTimersByTime(RETRY_MS);
    expect(asked).toEqual([CAMERA, SHARE, SHARE]);
    keyFrames.close();
    vi.advanceTimersByTime(RETRY_MS * 10);
    expect(asked).toEqual([CAMERA, SHARE, SHARE]);
  });
});
