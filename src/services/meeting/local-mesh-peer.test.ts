import { describe, expect, it } from 'vitest';
import {
  contentLimitsOf,
  defaultMeetingState,
  screenCaptureOf,
} from '../../domain/meeting-session';
import { fakePeerConnection } from './fake-peer-connection';
import { MeshPeer, type LocalTracks } from './local-mesh-peer';

// High frame rate mode (ADR 026) on the browser's senders: the content share's sender, and only
// it, is held to the mode's bandwidth and 30 fps; off, the browser's own choice.

const track = (kind: string) => ({ kind, id: kind }) as MediaStreamTrack;

async function sharing(contentLimits: LocalTracks['contentLimits']) {
  const { pc, senders } = fakePeerConnection();
  const peer = new MeshPeer({
    meetingId: 'm',
    localAttendeeId: 'a',
    remoteAttendeeId: 'b',
    initiator: true,
    direction: 'sendonly',
    createPeerConnection: () => pc,
    sendSignal: () => {},
    onTrack: () => {},
    onConnectionState: () => {},
    onError: (error) => {
      throw error;
    },
  });
  const set = async (limits: LocalTracks['contentLimits']) => {
    peer.setTracks({
      audio: track('audio'),
      video: track('video'),
      content: track('screen'),
      contentLimits: limits,
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  await set(contentLimits);
  const [mic, camera, content] = senders();
  return { mic: mic!, camera: camera!, content: content!, set };
}

const on = { ...defaultMeetingState(), highFrameRateMode: true };

describe('high frame rate mode on the senders', () => {
  it('captures the screen at 30 fps when on, as the browser likes when off', () => {
    expect(screenCaptureOf(on)).toEqual({ frameRate: 30 });
    expect(screenCaptureOf(defaultMeetingState())).toEqual({});
    expect(contentLimitsOf(defaultMeetingState())).toBeNull();
  });

  it('holds the content sender to the default 5000 kbps and 30 fps, and nothing else', async () => {
    const { mic, camera, content } = await sharing(contentLimitsOf(on));
    expect(content.parameters.encodings).toEqual([
      { active: true, maxBitrate: 5_000_000, maxFramerate: 30 },
    ]);
    expect([mic.calls, camera.calls]).toEqual([0, 0]);
    expect(camera.parameters.encodings).toEqual([{ active: true }]);
  });

  it("keeps the session's own bandwidth", async () => {
    const limits = contentLimitsOf({ ...on, highFrameRateBandwidth: 2500 });
    const { content } = await sharing(limits);
    expect(content.parameters.encodings[0]).toMatchObject({ maxBitrate: 2_500_000 });
  });

  it('lifts the limits when the mode goes off, and sets nothing again while unchanged', async () => {
    const { content, set } = await sharing(contentLimitsOf(on));
    await set(contentLimitsOf(on));
    expect(content.calls).toBe(1);
    await set(null);
    expect(content.parameters.encodings).toEqual([{ active: true }]);
    expect(content.calls).toBe(2);
    const { content: plain } = await sharing(null);
    expect(plain.calls).toBe(0);
  });
});
