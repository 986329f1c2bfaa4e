import { describe, expect, it } from 'vitest';
import { meshMessageOf } from './local-mesh-messages';
import { isPolite } from './local-mesh-peer';
import { RemoteAttendee, tileChanged } from './local-mesh-remote';

const meetingId = '7d3f8c1e-2b4a-4c5d-9e6f-0a1b2c3d4e5f';
const otherMeeting = '11111111-1111-4111-8111-111111111111';
const userId = '22222222-2222-4222-8222-222222222222';

describe('local mesh: which realtime messages concern this attendee', () => {
  it('takes signals addressed to it in its meeting only', () => {
    const signal = {
      meetingId,
      fromAttendeeId: 'b',
      toAttendeeId: 'a',
      candidate: { candidate: 'c' },
    };
    expect(meshMessageOf({ type: 'meeting.signal', signal }, meetingId, 'a')).toEqual({
      kind: 'signal',
      signal,
    });
    expect(
      meshMessageOf(
        { type: 'meeting.signal', signal: { ...signal, toAttendeeId: 'c' } },
        meetingId,
        'a',
      ),
    ).toBeNull();
    expect(
      meshMessageOf(
        { type: 'meeting.signal', signal: { ...signal, meetingId: otherMeeting } },
        meetingId,
        'a',
      ),
    ).toBeNull();
  });

  it("takes the media server's signals addressed to it in its meeting only", () => {
    const signal = {
      meetingId,
      fromAttendeeId: 'a',
      toAttendeeId: 'a',
      candidate: { candidate: 'c' },
    };
    expect(meshMessageOf({ type: 'meeting.mediaSignal', signal }, meetingId, 'a')).toEqual({
      kind: 'serverSignal',
      signal,
    });
    expect(meshMessageOf({ type: 'meeting.mediaSignal', signal }, meetingId, 'b')).toBeNull();
    expect(
      meshMessageOf(
        { type: 'meeting.mediaSignal', signal: { ...signal, meetingId: otherMeeting } },
        meetingId,
        'a',
      ),
    ).toBeNull();
  });

  it('ignores its own join and device state', () => {
    expect(
      meshMessageOf(
        { type: 'meeting.attendeeJoined', meetingId, attendeeId: 'a', userId, name: 'x' },
        meetingId,
        'a',
      ),
    ).toBeNull();
    expect(
      meshMessageOf(
        {
          type: 'meeting.deviceState',
          meetingId,
          attendeeId: 'a',
          userId,
          mic: false,
          video: true,
          screen: false,
        },
        meetingId,
        'a',
      ),
    ).toBeNull();
    expect(
      meshMessageOf(
        {
          type: 'meeting.deviceState',
          meetingId,
          attendeeId: 'b',
          userId,
          mic: false,
          video: true,
          screen: false,
        },
        meetingId,
        'a',
      ),
    ).toEqual({
      kind: 'devices',
      attendeeId: 'b',
      devices: { mic: false, video: true, screen: false },
    });
  });

  it('stops with the Chime status names: removed (also from all meetings), ended, joined elsewhere', () => {
    expect(meshMessageOf({ type: 'meeting.kicked', meetingId: null }, meetingId, 'a')).toEqual({
      kind: 'stop',
      status: 'AudioAttendeeRemoved',
    });
    expect(
      meshMessageOf({ type: 'meeting.kicked', meetingId: otherMeeting }, meetingId, 'a'),
    ).toBeNull();
    expect(meshMessageOf({ type: 'meeting.ended', meetingId }, meetingId, 'a')).toEqual({
      kind: 'stop',
      status: 'MeetingEnded',
    });
  });

  it('stops on joinedElsewhere only in the replaced tab, not in the tab that joined', () => {
    const message = { type: 'meeting.joinedElsewhere' as const, meetingId, attendeeId: 'old' };
    expect(meshMessageOf(message, meetingId, 'old')).toEqual({
      kind: 'stop',
      status: 'AudioJoinedFromAnotherDevice',
    });
    expect(meshMessageOf(message, meetingId, 'new')).toBeNull();
  });
});

describe('local mesh: politeness and tiles', () => {
  it('makes exactly one side of a pair polite: the lower attendee id', () => {
    expect(isPolite('a1', 'b2')).toBe(true);
    expect(isPolite('b2', 'a1')).toBe(false);
  });

  const track = (muted: boolean) => ({ readyState: 'live', muted }) as MediaStreamTrack;

  it('shows a remote camera as inactive while the other side says its camera is off or no frames come', () => {
    const remote = new RemoteAttendee('b', userId, { video: 2, content: 3 });
    expect(remote.tile('video')).toBeNull();
    remote.tracks.video = track(false);
    expect(remote.tile('video')).toMatchObject({
      tileId: 2,
      userId,
      active: true,
      isContent: false,
      isLocal: false,
    });
    remote.devices = { ...remote.devices, video: false };
    expect(remote.tile('video')?.active).toBe(false);
    remote.devices = { ...remote.devices, video: true };
    remote.tracks.video = track(true);
    expect(remote.tile('video')?.active).toBe(false);
  });

  it('has a content tile only while the other side shares its screen', () => {
    const remote = new RemoteAttendee('b', userId, { video: 2, content: 3 });
    remote.tracks.content = track(false);
    expect(remote.tile('content')).toBeNull();
    remote.devices = { ...remote.devices, screen: true };
    expect(remote.tile('content')).toMatchObject({ tileId: 3, isContent: true, active: true });
  });

  it('reports a tile again only when it changed', () => {
    const tile = {
      tileId: 2,
      attendeeId: 'b',
      userId,
      isLocal: false,
      isContent: false,
      active: true,
    };
    expect(tileChanged(null, tile)).toBe(true);
    expect(tileChanged(tile, { ...tile })).toBe(false);
    expect(tileChanged(tile, { ...tile, active: false })).toBe(true);
    expect(tileChanged(tile, null)).toBe(true);
  });
});
