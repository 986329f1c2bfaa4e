import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import {
  CONNECT_TIMEOUT_MS,
  MEETING_MESSAGES,
  RECONNECT_TIMEOUT_MS,
  type DeviceForcedEvent,
} from '../domain/meeting-session';
import type {
  MeetingJoin,
  MeetingObserver,
  MeetingProvider,
  MeetingSession,
  MeetingStatusName,
} from '../services/meeting/provider';
import { meetingMachine, type MeetingSnapshot } from './meeting.machine';
import { attendanceEndedFrom, isInMeeting, meetingEventFromRealtime } from './meeting.selectors';

const worldId = '00000000-0000-4000-8000-00000000000a';
const spaceId = '00000000-0000-4000-8000-0000000000b1';
const meetingId = '00000000-0000-4000-8000-0000000000d1';
const join = {
  id: meetingId,
  spaceId,
  provider: 'local',
  meeting: {},
  attendee: { AttendeeId: 'a-1', ExternalUserId: 'u-1', JoinToken: 't' },
  micForceDisabled: true,
  videoForceDisabled: false,
} as unknown as MeetingJoin;
const stream = (id: string) => ({ id }) as unknown as MediaStream;

/** A session that records the calls made on it; `observer` is the machine's. */
function fakeSession() {
  const calls: string[] = [];
  let observer: MeetingObserver | null = null;
  const record = (name: string) => (arg?: unknown) => {
    calls.push(
      arg === undefined ? name : `${name} ${(arg as { id?: string } | null)?.id ?? String(arg)}`,
    );
  };
  const session: MeetingSession = {
    addObserver: (o) => void (observer = o),
    removeObserver: (o) => void (observer === o && (observer = null)),
    start: record('start'),
    stop: record('stop'),
    startAudioInput: async (s) => record('startAudioInput')(s),
    startVideoInput: async (s) => record('startVideoInput')(s),
    chooseAudioOutput: async (id) => record('chooseAudioOutput')(id),
    realtimeMuteLocalAudio: record('mute'),
    realtimeUnmuteLocalAudio: () => (record('unmute')(), true),
    realtimeSetCanUnmuteLocalAudio: (can) => record('canUnmute')(can),
    realtimeIsLocalAudioMuted: () => false,
    startLocalVideoTile: record('startLocalVideoTile'),
    stopLocalVideoTile: record('stopLocalVideoTile'),
    bindVideoElement: () => {},
    unbindVideoElement: () => {},
    bindAudioElement: async () => {},
    startContentShare: async (s) => record('startContentShare')(s),
    stopContentShare: record('stopContentShare'),
  };
  return { session, calls, observer: () => observer };
}

function start({ joinMeeting = async (): Promise<MeetingJoin> => join } = {}) {
  const fake = fakeSession();
  const provider: MeetingProvider = { name: 'local', createSession: async () => fake.session };
  const effects: [string, unknown][] = [];
  const clock = new SimulatedClock();
  const actor = createActor(
    meetingMachine.provide({
      actors: { joinMeeting: fromPromise(() => joinMeeting()) },
      actions: {
        leaveMeeting: (_, params) => void effects.push(['leaveMeeting', params]),
        reportError: (_, params) => void effects.push(['reportError', params.error.message]),
      },
    }),
    { input: { worldId, provider }, clock },
  );
  const forced: DeviceForcedEvent[] = [];
  actor.on('devices.forced', (event) => void forced.push(event));
  actor.start();
  const settled = (predicate: (s: MeetingSnapshot) => boolean) => waitFor(actor, predicate);
  const connect = async () => {
    actor.send({ type: 'meeting.join', spaceId });
    await settled((s) => s.matches({ session: 'connecting' }));
    fake.observer()?.audioVideoDidStart?.();
    expect(actor.getSnapshot().matches({ session: 'connected' })).toBe(true);
  };
  const stop = (status: MeetingStatusName) => fake.observer()?.audioVideoDidStop?.(status);
  return { actor, fake, effects, clock, forced, settled, connect, stop };
}

describe('meeting machine', () => {
  it('waits at the gate until the visitor joins', () => {
    const { actor } = start();
    expect(actor.getSnapshot().matches('gate')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({
      watchingLiveMode: 'notWatching',
      highFrameRateBandwidth: 5000,
    });
  });

  it('joins through the server, creates the session, gives it the media and starts it', async () => {
    const { actor, fake, connect } = start();
    actor.send({ type: 'meeting.audioInputChanged', stream: stream('mic') });
    actor.send({ type: 'meeting.videoInputChanged', stream: stream('cam') });
    actor.send({ type: 'meeting.micChanged', on: true, canUnmute: true });
    await connect();
    expect(fake.calls).toEqual([
      'startAudioInput mic',
      'startVideoInput cam',
      'canUnmute true',
      'unmute',
      'start',
      'startLocalVideoTile',
    ]);
    expect(actor.getSnapshot().context).toMatchObject({
      currentTableSpaceId: spaceId,
      join,
      session: fake.session,
    });
    expect(isInMeeting(actor.getSnapshot())).toBe(true);
  });

  it('hands the forced flags of the join answer to the device machine', async () => {
    const { forced, connect } = start();
    await connect();
    expect(forced).toEqual([
      { type: 'devices.forced', device: 'mic', disabled: true },
      { type: 'devices.forced', device: 'video', disabled: false },
    ]);
  });

  it('applies media changes to the running session', async () => {
    const { actor, fake, connect } = start();
    await connect();
    fake.calls.length = 0;
    actor.send({ type: 'meeting.videoInputChanged', stream: null });
    actor.send({ type: 'meeting.micChanged', on: false, canUnmute: false });
    actor.send({ type: 'meeting.contentShareChanged', stream: stream('screen') });
    actor.send({ type: 'meeting.contentShareChanged', stream: null });
    actor.send({ type: 'meeting.audioOutputChanged', deviceId: 'speaker-2' });
    await Promise.resolve();
    expect(fake.calls).toEqual([
      'startVideoInput null',
      'stopLocalVideoTile',
      'canUnmute false',
      'mute',
      'startContentShare screen',
      'stopContentShare',
      'chooseAudioOutput speaker-2',
    ]);
  });

  it('a stream the session cannot use shows a message, without reporting it', async () => {
    const { actor, fake, effects, settled, connect } = start();
    await connect();
    fake.session.startAudioInput = async () => {
      throw new Error('NotReadableError');
    };
    actor.send({ type: 'meeting.audioInputChanged', stream: stream('mic-2') });
    await settled((s) => s.context.message !== null);
    expect(actor.getSnapshot().context.message).toBe(MEETING_MESSAGES.mediaFailed);
    expect(actor.getSnapshot().matches({ session: 'connected' })).toBe(true);
    expect(effects).toEqual([]);
  });

  it('leaving tells the server and stops the session', async () => {
    const { actor, fake, effects, connect } = start();
    await connect();
    actor.send({ type: 'meeting.leave' });
    expect(actor.getSnapshot().matches('left')).toBe(true);
    expect(effects).toEqual([['leaveMeeting', { worldId, meetingId }]]);
    expect(fake.calls.at(-1)).toBe('stop');
    expect(fake.observer()).toBeNull();
    expect(actor.getSnapshot().context.session).toBeNull();
  });

  describe('reconnecting', () => {
    it('goes back to connected on audioVideoDidStart', async () => {
      const { actor, fake, connect } = start();
      await connect();
      fake.observer()?.audioVideoDidStartConnecting?.(true);
      expect(actor.getSnapshot().matches({ session: 'reconnecting' })).toBe(true);
      fake.observer()?.audioVideoDidStart?.();
      expect(actor.getSnapshot().matches({ session: 'connected' })).toBe(true);
    });

    it('fails after a bounded time', async () => {
      const { actor, clock, fake, effects, connect } = start();
      await connect();
      fake.observer()?.audioVideoDidStartConnecting?.(true);
      clock.increment(RECONNECT_TIMEOUT_MS - 1);
      expect(actor.getSnapshot().matches({ session: 'reconnecting' })).toBe(true);
      clock.increment(1);
      expect(actor.getSnapshot().matches('failed')).toBe(true);
      expect(actor.getSnapshot().context.message).toBe(MEETING_MESSAGES.reconnectTimedOut);
      expect(fake.calls.at(-1)).toBe('stop');
      expect(effects).toEqual([]);
    });

    it('a ConnectionHealthReconnect stop restarts the session and waits for it', async () => {
      const { actor, fake, stop, connect } = start();
      await connect();
      stop('ConnectionHealthReconnect');
      expect(actor.getSnapshot().matches({ session: 'reconnecting' })).toBe(true);
      expect(fake.calls.filter((c) => c === 'start')).toHaveLength(2);
    });

    it('a first connection that never comes fails after CONNECT_TIMEOUT_MS', async () => {
      const { actor, clock, settled } = start();
      actor.send({ type: 'meeting.join', spaceId });
      await settled((s) => s.matches({ session: 'connecting' }));
      clock.increment(CONNECT_TIMEOUT_MS);
      expect(actor.getSnapshot().matches('failed')).toBe(true);
    });

    it('ignores the first audioVideoDidStartConnecting(false)', async () => {
      const { actor, fake, connect } = start();
      await connect();
      fake.observer()?.audioVideoDidStartConnecting?.(false);
      expect(actor.getSnapshot().matches({ session: 'connected' })).toBe(true);
    });
  });

  describe('how a session ends', () => {
    it.each([
      ['Left', 'left'],
      ['MeetingEnded', 'ended'],
      ['AudioAttendeeRemoved', 'kicked'],
      ['AudioJoinedFromAnotherDevice', 'joinedElsewhere'],
      ['AudioCallAtCapacity', 'full'],
      ['TaskFailed', 'failed'],
    ] as const)('%s ends in %s', async (status, state) => {
      const { actor, stop, connect } = start();
      await connect();
      stop(status);
      expect(actor.getSnapshot().value).toBe(state);
    });

    it('reports a failure that is our defect, with its status', async () => {
      const { effects, stop, connect } = start();
      await connect();
      stop('SignalingInternalServerError');
      expect(effects).toEqual([['reportError', 'meeting stopped: SignalingInternalServerError']]);
    });

    it.each(['AudioDisconnected', 'SignalingRequestFailed', 'MeetingEnded', 'Left'] as const)(
      'does not report %s (docs/product.md §8)',
      async (status) => {
        const { effects, stop, connect } = start();
        await connect();
        stop(status);
        expect(effects).toEqual([]);
      },
    );

    it('realtime meeting.ended of this meeting ends it; of another one does not', async () => {
      const { actor, connect } = start();
      await connect();
      actor.send({ type: 'meeting.ended', meetingId: '00000000-0000-4000-8000-0000000000d2' });
      expect(actor.getSnapshot().matches({ session: 'connected' })).toBe(true);
      actor.send({ type: 'meeting.ended', meetingId });
      expect(actor.getSnapshot().matches('ended')).toBe(true);
    });

    it('an attendance the server ended while the visitor was away rejoins the same space, leaving nothing', async () => {
      let joins = 0;
      const { actor, fake, effects, settled, connect } = start({
        joinMeeting: async () => {
          joins += 1;
          return join;
        },
      });
      await connect();
      // Back, and the server still lists this attendee: nothing to do.
      const present = [{ attendeeId: join.attendee.AttendeeId }];
      expect(attendanceEndedFrom(actor.getSnapshot(), present)).toBeNull();
      const ended = attendanceEndedFrom(actor.getSnapshot(), [{ attendeeId: 'someone-else' }]);
      expect(ended).toEqual({ type: 'meeting.attendanceEnded', meetingId });
      // Of another meeting: not this one's.
      actor.send({
        type: 'meeting.attendanceEnded',
        meetingId: '00000000-0000-4000-8000-0000000000d2',
      });
      expect(actor.getSnapshot().matches({ session: 'connected' })).toBe(true);

      actor.send(ended!);
      await settled((s) => s.matches({ session: 'connecting' }));
      expect(joins).toBe(2);
      expect(fake.calls).toContain('stop');
      expect(effects).toEqual([]);
      expect(actor.getSnapshot().context.spaceId).toBe(spaceId);
    });

    it('realtime meeting.kicked from all of the world ends in kicked', async () => {
      const { actor, connect } = start();
      await connect();
      actor.send({ type: 'meeting.kicked', meetingId: null });
      expect(actor.getSnapshot().matches('kicked')).toBe(true);
    });

    it('realtime meeting.joinedElsewhere ends in joinedElsewhere; retry takes it back', async () => {
      const { actor, settled, connect } = start();
      await connect();
      actor.send({ type: 'meeting.joinedElsewhere', meetingId });
      expect(actor.getSnapshot().matches('joinedElsewhere')).toBe(true);
      actor.send({ type: 'meeting.retry' });
      await settled((s) => s.matches({ session: 'connecting' }));
    });

    it('a joinedElsewhere naming another attendee does not stop this tab', async () => {
      const { actor, connect } = start();
      await connect();
      // The tab that joined hears of the attendee it replaced: not its own (a-1).
      const other = meetingEventFromRealtime({
        type: 'meeting.joinedElsewhere',
        meetingId,
        attendeeId: 'a-0',
      })!;
      actor.send(other);
      expect(actor.getSnapshot().matches({ session: 'connected' })).toBe(true);
      actor.send(
        meetingEventFromRealtime({
          type: 'meeting.joinedElsewhere',
          meetingId,
          attendeeId: 'a-1',
        })!,
      );
      expect(actor.getSnapshot().matches('joinedElsewhere')).toBe(true);
    });

    it('maps the realtime messages to its events', () => {
      expect(meetingEventFromRealtime({ type: 'meeting.kicked', meetingId: null })).toEqual({
        type: 'meeting.kicked',
        meetingId: null,
      });
      expect(meetingEventFromRealtime({ type: 'meeting.ended', meetingId })).toEqual({
        type: 'meeting.ended',
        meetingId,
      });
      expect(meetingEventFromRealtime({ type: 'meeting.joinedElsewhere', meetingId })).toEqual({
        type: 'meeting.joinedElsewhere',
        meetingId,
      });
      expect(
        meetingEventFromRealtime({ type: 'meeting.joinedElsewhere', meetingId, attendeeId: 'a-0' }),
      ).toEqual({
        type: 'meeting.joinedElsewhere',
        meetingId,
        attendeeId: 'a-0',
      });
      expect(meetingEventFromRealtime({ type: 'pong' })).toBeNull();
    });
  });

  describe('a refused join', () => {
    it("a full world (422) ends in full with the server's message", async () => {
      const message = 'このワールドの参加人数が上限（8人）に達しています。';
      const { actor, settled } = start({
        joinMeeting: () => Promise.reject({ status: 422, messages: [message] }),
      });
      actor.send({ type: 'meeting.join', spaceId });
      await settled((s) => s.matches('full'));
      expect(actor.getSnapshot().context.message).toBe(message);
    });

    it('any other error fails, and retry joins again', async () => {
      let attempts = 0;
      const { actor, settled } = start({
        joinMeeting: async () => {
          attempts += 1;
          if (attempts === 1) throw { status: 500, errors: ['Error 500'] };
          return join;
        },
      });
      actor.send({ type: 'meeting.join', spaceId });
      await settled((s) => s.matches('failed'));
      expect(actor.getSnapshot().context.message).toBe('Error 500');
      actor.send({ type: 'meeting.retry' });
      await settled((s) => s.matches({ session: 'connecting' }));
      expect(actor.getSnapshot().context.message).toBeNull();
    });

    it('a provider that cannot create a session fails and is reported', async () => {
      const effects: string[] = [];
      const actor = createActor(
        meetingMachine.provide({
          actors: { joinMeeting: fromPromise(async () => join) },
          actions: {
            reportError: (_, params) => void effects.push(params.error.message),
            leaveMeeting: () => {},
          },
        }),
        {
          input: {
            worldId,
            provider: {
              name: 'local',
              createSession: () => Promise.reject(new Error('no WebRTC')),
            },
          },
        },
      );
      actor.start();
      actor.send({ type: 'meeting.join', spaceId });
      await waitFor(actor, (s) => s.matches('failed'));
      expect(effects).toEqual(['no WebRTC']);
    });
  });

  it('keeps the session state settings (docs/product.md §3)', () => {
    const { actor } = start();
    actor.send({
      type: 'meeting.settingsChanged',
      settings: { informationBoardVisible: true, highFrameRateMode: true },
    });
    expect(actor.getSnapshot().context).toMatchObject({
      informationBoardVisible: true,
      highFrameRateMode: true,
      highFrameRateBandwidth: 5000,
      mapViewMode: false,
    });
  });
});
