// Watching mode of the meeting machine (ADR 026): the stage's meeting joined receive-only; the
// session gets no microphone, camera or screen; turning one on is refused; attending again is a
// join of the stage as an attendee, with the media as before.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { MEETING_MESSAGES } from '../domain/meeting-session';
import type { MeetingJoin } from '../services/meeting/provider';
import { recordingSessions } from './meeting.fake-session';
import { meetingMachine, type MeetingSnapshot } from './meeting.machine';
import { canAttend, isWatching, releasesDevices, selectPresenceSpaceId } from './meeting.selectors';

const stageId = '00000000-0000-4000-8000-0000000000b3';
const hallId = '00000000-0000-4000-8000-0000000000b1';
const joinOf = (spaceId: string, watching: boolean, attendeeId: string) =>
  ({
    id: `meeting-${spaceId}`,
    spaceId,
    provider: 'sfu',
    meeting: {},
    attendee: { AttendeeId: attendeeId, ExternalUserId: 'u-1', JoinToken: 't' },
    micForceDisabled: false,
    videoForceDisabled: false,
    ...(watching ? { watching: true } : {}),
  }) as unknown as MeetingJoin;
const stream = (id: string) => ({ id }) as unknown as MediaStream;

function start(refuseAttend = false) {
  const { calls, createSession, started } = recordingSessions();
  const joins: { spaceId: string; watching: boolean }[] = [];
  const actor = createActor(
    meetingMachine.provide({
      actors: {
        joinMeeting: fromPromise(async ({ input }) => {
          joins.push({ spaceId: input.spaceId, watching: input.watching });
          if (!input.watching && refuseAttend && input.spaceId === stageId)
            throw { status: 422, messages: ['「ステージ」は満席です（定員3名）。'] };
          return joinOf(input.spaceId, input.watching, `a-${joins.length}`);
        }),
      },
      actions: { leaveMeeting: () => {}, reportError: () => {} },
    }),
    { input: { worldId: 'w', provider: { name: 'local', createSession } } },
  );
  actor.start();
  const connected = async () => {
    await waitFor(actor, (s) => s.matches({ session: 'connecting' }));
    started();
    expect(actor.getSnapshot().matches({ session: 'connected' })).toBe(true);
  };
  return { actor, calls, joins, connected };
}

describe('meeting machine: watching mode', () => {
  it('watches the stage from the gate receive-only, keeping the media for later', async () => {
    const { actor, calls, joins, connected } = start();
    actor.send({ type: 'meeting.audioInputChanged', stream: stream('mic') });
    actor.send({ type: 'meeting.videoInputChanged', stream: stream('cam') });
    actor.send({ type: 'meeting.micChanged', on: true, canUnmute: true });
    actor.send({ type: 'meeting.watch', spaceId: stageId });
    await connected();
    expect(joins).toEqual([{ spaceId: stageId, watching: true }]);
    // Nothing to send: no input, muted, unmuting not allowed, no local tile.
    expect(calls[0]).toEqual([
      'startAudioInput null',
      'startVideoInput null',
      'canUnmute false',
      'mute',
      'start',
    ]);
    const snapshot: MeetingSnapshot = actor.getSnapshot();
    expect(isWatching(snapshot)).toBe(true);
    expect(snapshot.context.watchingLiveMode).toBe('watching');
    // A watcher is in no space on the map.
    expect(selectPresenceSpaceId(snapshot)).toBeNull();
  });

  it('refuses to unmute, turn the camera on or share the screen while watching', async () => {
    const { actor, calls, connected } = start();
    actor.send({ type: 'meeting.watch', spaceId: stageId });
    await connected();
    calls[0]!.length = 0;
    actor.send({ type: 'meeting.micChanged', on: true, canUnmute: true });
    expect(actor.getSnapshot().context.message).toBe(MEETING_MESSAGES.watcherCannotSend);
    actor.send({ type: 'meeting.videoInputChanged', stream: stream('cam') });
    actor.send({ type: 'meeting.contentShareChanged', stream: stream('screen') });
    actor.send({ type: 'meeting.audioInputChanged', stream: stream('mic') });
    expect(calls[0]).toEqual([]);
    expect(MEETING_MESSAGES.watcherCannotSend).toMatch(
      /^視聴中はマイク・カメラ・画面共有を使えません/,
    );
  });

  it('goes back to attending the stage with the media as before', async () => {
    const { actor, calls, joins, connected } = start();
    actor.send({ type: 'meeting.watch', spaceId: stageId });
    await connected();
    actor.send({ type: 'meeting.audioInputChanged', stream: stream('mic') });
    actor.send({ type: 'meeting.micChanged', on: true, canUnmute: true });
    expect(canAttend(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'meeting.attend' });
    await connected();
    expect(joins.at(-1)).toEqual({ spaceId: stageId, watching: false });
    expect(calls[0]).toContain('stop');
    expect(calls[1]).toEqual([
      'startAudioInput mic',
      'startVideoInput null',
      'canUnmute true',
      'unmute',
      'start',
    ]);
    expect(isWatching(actor.getSnapshot())).toBe(false);
    expect(selectPresenceSpaceId(actor.getSnapshot())).toBe(stageId);
    expect(canAttend(actor.getSnapshot())).toBe(false);
  });

  it('switches from a meeting to watching, and stays watching when the stage refuses a seat', async () => {
    const { actor, joins, connected } = start(true);
    actor.send({ type: 'meeting.join', spaceId: hallId });
    await connected();
    expect(joins[0]).toEqual({ spaceId: hallId, watching: false });
    actor.send({ type: 'meeting.watch', spaceId: stageId });
    await connected();
    expect(isWatching(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'meeting.attend' });
    await waitFor(actor, (s) => s.matches({ session: 'connected' }) && s.context.message !== null);
    expect(actor.getSnapshot().context.message).toBe('「ステージ」は満席です（定員3名）。');
    expect(isWatching(actor.getSnapshot())).toBe(true);
  });

  describe('the camera and microphone are let go while watching (releasesDevices)', () => {
    it('from choosing to watch at the gate until attending again is accepted', async () => {
      const { actor, connected } = start();
      expect(releasesDevices(actor.getSnapshot())).toBe(false);
      actor.send({ type: 'meeting.watch', spaceId: stageId });
      expect(actor.getSnapshot().matches('joining')).toBe(true);
      expect(releasesDevices(actor.getSnapshot())).toBe(true);
      await connected();
      expect(releasesDevices(actor.getSnapshot())).toBe(true);
      actor.send({ type: 'meeting.attend' });
      // Still watching until the stage takes the visitor back.
      expect(actor.getSnapshot().matches({ session: 'moving' })).toBe(true);
      expect(releasesDevices(actor.getSnapshot())).toBe(true);
      await connected();
      expect(releasesDevices(actor.getSnapshot())).toBe(false);
    });

    it('from a meeting once the watch is accepted; still let go when the stage refuses a seat', async () => {
      const { actor, connected } = start(true);
      actor.send({ type: 'meeting.join', spaceId: hallId });
      await connected();
      actor.send({ type: 'meeting.watch', spaceId: stageId });
      // Still attending the hall until the stage answers.
      expect(releasesDevices(actor.getSnapshot())).toBe(false);
      await connected();
      expect(releasesDevices(actor.getSnapshot())).toBe(true);
      actor.send({ type: 'meeting.attend' });
      await waitFor(
        actor,
        (s) => s.matches({ session: 'connected' }) && s.context.message !== null,
      );
      expect(releasesDevices(actor.getSnapshot())).toBe(true);
    });

    it('no longer once watching stops (leaving: the visitor may enter again from the gate)', async () => {
      const { actor, connected } = start();
      actor.send({ type: 'meeting.watch', spaceId: stageId });
      await connected();
      actor.send({ type: 'meeting.leave' });
      expect(actor.getSnapshot().matches('left')).toBe(true);
      expect(releasesDevices(actor.getSnapshot())).toBe(false);
    });
  });
});
