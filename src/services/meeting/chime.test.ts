import {
  MeetingSessionStatus,
  MeetingSessionStatusCode,
  type AudioVideoFacade,
  type AudioVideoObserver,
  type ContentShareObserver,
} from 'amazon-chime-sdk-js';
import { describe, expect, it, vi } from 'vitest';
import { MEETING_STATUS_NAMES } from '../../domain/meeting-session';
import { ChimeSession, statusNameOf, tileOf } from './chime';
import type { AttendeePresence, MeetingObserver, VideoTile } from './provider';

const codes = MeetingSessionStatusCode as unknown as Record<number, string>;

/** The part of the SDK's facade the adapter calls, recording what it was asked. */
function fakeAudioVideo() {
  const observers: AudioVideoObserver[] = [];
  const contentObservers: ContentShareObserver[] = [];
  let presence: (attendeeId: string, present: boolean, externalUserId?: string) => void = () => {};
  const volume = new Map<
    string,
    (id: string, volume: number | null, muted: boolean | null) => void
  >();
  const fake = {
    addObserver: (o: AudioVideoObserver) => observers.push(o),
    addContentShareObserver: (o: ContentShareObserver) => contentObservers.push(o),
    start: vi.fn(),
    stop: vi.fn(),
    startAudioInput: vi.fn(async () => undefined),
    stopAudioInput: vi.fn(async () => undefined),
    startVideoInput: vi.fn(async () => undefined),
    stopVideoInput: vi.fn(async () => undefined),
    realtimeUnmuteLocalAudio: vi.fn(() => false),
    realtimeSubscribeToAttendeeIdPresence: (cb: typeof presence) => (presence = cb),
    realtimeSubscribeToVolumeIndicator: (
      id: string,
      cb: (id: string, volume: number | null, muted: boolean | null) => void,
    ) => volume.set(id, cb),
    realtimeUnsubscribeFromVolumeIndicator: (id: string) => volume.delete(id),
  };
  return {
    audioVideo: fake as unknown as AudioVideoFacade,
    fake,
    observers,
    contentObservers,
    presence: (...args: Parameters<typeof presence>) => presence(...args),
    volume,
  };
}

function recorder() {
  const stops: string[] = [];
  const tiles: VideoTile[] = [];
  const presence: AttendeePresence[] = [];
  const observer: MeetingObserver = {
    audioVideoDidStop: (s) => stops.push(s),
    videoTileDidUpdate: (t) => tiles.push(t),
    attendeePresenceDidChange: (p) => presence.push(p),
  };
  return { observer, stops, tiles, presence };
}

describe('Chime status names', () => {
  it('maps every code the product names by the SDK enum, whatever its number', () => {
    for (const name of MEETING_STATUS_NAMES.filter((n) => n !== 'Unknown')) {
      const code = (MeetingSessionStatusCode as unknown as Record<string, number>)[name];
      expect(code, name).toBeTypeOf('number');
      expect(statusNameOf(code!, codes)).toBe(name);
    }
  });

  it('answers Unknown for SDK codes the product does not name and for numbers of no code', () => {
    expect(statusNameOf(MeetingSessionStatusCode.VideoCallSwitchToViewOnly, codes)).toBe('Unknown');
    expect(statusNameOf(9_999, codes)).toBe('Unknown');
  });

  it('follows a renumbered enum instead of fixed numbers', () => {
    expect(statusNameOf(0, { 0: 'MeetingEnded', 1: 'OK' })).toBe('MeetingEnded');
  });
});

describe('Chime session adapter', () => {
  it('reports the stop status of the SDK as its name', () => {
    const sdk = fakeAudioVideo();
    const session = new ChimeSession(sdk.audioVideo, codes);
    const seen = recorder();
    session.addObserver(seen.observer);
    sdk.observers[0]!.audioVideoDidStop!(
      new MeetingSessionStatus(MeetingSessionStatusCode.AudioCallAtCapacity),
    );
    sdk.observers[0]!.audioVideoDidStop!(
      new MeetingSessionStatus(MeetingSessionStatusCode.AudioAttendeeRemoved),
    );
    expect(seen.stops).toEqual(['AudioCallAtCapacity', 'AudioAttendeeRemoved']);
  });

  it('adapts tiles: content shares carry the sharer, paused tiles are inactive, unbound tiles are skipped', () => {
    const base = { localTile: false, isContent: false, active: true, paused: false };
    expect(
      tileOf({ ...base, tileId: 3, boundAttendeeId: 'a1', boundExternalUserId: 'u1' }),
    ).toEqual({
      tileId: 3,
      attendeeId: 'a1',
      userId: 'u1',
      isLocal: false,
      isContent: false,
      active: true,
    });
    expect(
      tileOf({
        ...base,
        tileId: 4,
        boundAttendeeId: 'a1#content',
        boundExternalUserId: 'u1#content',
        isContent: true,
      }),
    ).toMatchObject({
      userId: 'u1',
      isContent: true,
    });
    expect(
      tileOf({ ...base, tileId: 5, boundAttendeeId: 'a2', boundExternalUserId: 'u2', paused: true })
        ?.active,
    ).toBe(false);
    expect(
      tileOf({ ...base, tileId: null, boundAttendeeId: null, boundExternalUserId: null }),
    ).toBeNull();
  });

  it('reports presence with the mute state from the volume indicator, ignoring content attendees', () => {
    const sdk = fakeAudioVideo();
    const session = new ChimeSession(sdk.audioVideo, codes);
    const seen = recorder();
    session.addObserver(seen.observer);
    session.start();
    expect(sdk.fake.start).toHaveBeenCalled();
    sdk.presence('a1', true, 'u1');
    sdk.presence('a1#content', true, 'u1#content');
    sdk.volume.get('a1')!('a1', 0.2, true);
    sdk.volume.get('a1')!('a1', 0.1, true);
    sdk.presence('a1', false, 'u1');
    expect(seen.presence).toEqual([
      { attendeeId: 'a1', userId: 'u1', present: true, muted: false },
      { attendeeId: 'a1', userId: 'u1', present: true, muted: true },
      { attendeeId: 'a1', userId: 'u1', present: false, muted: true },
    ]);
    expect(sdk.volume.has('a1')).toBe(false);
  });

  it('starts or stops the SDK inputs with the device layer streams, and passes the unmute refusal on', async () => {
    const sdk = fakeAudioVideo();
    const session = new ChimeSession(sdk.audioVideo, codes);
    const stream = {} as MediaStream;
    await session.startAudioInput(stream);
    await session.startAudioInput(null);
    await session.startVideoInput(null);
    expect(sdk.fake.startAudioInput).toHaveBeenCalledWith(stream);
    expect(sdk.fake.stopAudioInput).toHaveBeenCalled();
    expect(sdk.fake.stopVideoInput).toHaveBeenCalled();
    expect(session.realtimeUnmuteLocalAudio()).toBe(false);
  });

  it('tells observers when the content share starts and stops', () => {
    const sdk = fakeAudioVideo();
    const session = new ChimeSession(sdk.audioVideo, codes);
    const events: string[] = [];
    session.addObserver({
      contentShareDidStart: () => events.push('start'),
      contentShareDidStop: () => events.push('stop'),
    });
    sdk.contentObservers[0]!.contentShareDidStart!();
    sdk.contentObservers[0]!.contentShareDidStop!();
    expect(events).toEqual(['start', 'stop']);
  });
});
