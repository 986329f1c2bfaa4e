// Listening in (hearingTable, docs/product.md §4 テーブルを聞く, ADR 038): from a meeting, a table's
// meeting joined receive-only; the session sends nothing; one action goes back; moving to the
// table sits there; the forced-device rules hold through it.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { listeningTexts } from '../domain/listening';
import type { MeetingJoin } from '../services/meeting/provider';
import { recordingSessions } from './meeting.fake-session';
import { meetingMachine } from './meeting.machine';
import {
  canListen,
  canStopListening,
  selectCurrentSpaceId,
  selectHearingTable,
  selectPresenceSpaceId,
} from './meeting.selectors';

const tableA = '00000000-0000-4000-8000-0000000000a1';
const tableB = '00000000-0000-4000-8000-0000000000a2';
const stream = (id: string) => ({ id }) as unknown as MediaStream;
type Join = { spaceId: string; watching: boolean; listening: boolean };

/** A meeting whose server keeps the microphone forced off (a host forced it earlier). */
function start(refuse: (join: Join) => string | null = () => null) {
  const { calls, createSession, started } = recordingSessions();
  const joins: Join[] = [];
  const forced: boolean[] = [];
  const actor = createActor(
    meetingMachine.provide({
      actors: {
        joinMeeting: fromPromise(async ({ input }) => {
          const join = {
            spaceId: input.spaceId,
            watching: input.watching,
            listening: input.listening,
          };
          joins.push(join);
          const refused = refuse(join);
          if (refused) throw { status: 422, messages: [refused] };
          return {
            id: `meeting-${input.spaceId}`,
            spaceId: input.spaceId,
            provider: 'sfu',
            attendee: { AttendeeId: `a-${joins.length}`, ExternalUserId: 'u-1', JoinToken: 't' },
            micForceDisabled: true,
            videoForceDisabled: false,
            ...(input.listening ? { watching: true } : {}),
          } as unknown as MeetingJoin;
        }),
      },
      actions: { leaveMeeting: () => {}, reportError: () => {} },
    }),
    { input: { worldId: 'w', provider: { name: 'local', createSession } } },
  );
  actor.on('devices.forced', (e) => void (e.device === 'mic' && forced.push(e.disabled)));
  actor.start();
  const connected = async () => {
    await waitFor(actor, (s) => s.matches({ session: 'connecting' }));
    started();
  };
  return { actor, calls, joins, forced, connected };
}

/** Seated at テーブルA with the microphone chosen, then listening to テーブルB. */
async function listening(refuse?: (join: Join) => string | null) {
  const meeting = start(refuse);
  meeting.actor.send({ type: 'meeting.audioInputChanged', stream: stream('mic') });
  meeting.actor.send({ type: 'meeting.join', spaceId: tableA });
  await meeting.connected();
  meeting.actor.send({ type: 'meeting.listen', spaceId: tableB });
  await meeting.connected();
  return meeting;
}

describe('meeting machine: listening in', () => {
  it('joins the table receive-only from a meeting: nothing sent, in no space on the map', async () => {
    const { actor, calls, joins } = await listening();
    expect(joins.at(-1)).toEqual({ spaceId: tableB, watching: false, listening: true });
    expect(calls[1]).toEqual([
      'startAudioInput null',
      'startVideoInput null',
      'canUnmute false',
      'mute',
      'start',
    ]);
    const snapshot = actor.getSnapshot();
    expect(selectHearingTable(snapshot)).toBe(tableB);
    expect(snapshot.context.watchingLiveMode).toBe('notWatching');
    expect(selectPresenceSpaceId(snapshot)).toBeNull();
    expect(selectCurrentSpaceId(snapshot)).toBeNull();
    expect(canStopListening(snapshot)).toBe(true);
  });

  it('keeps the microphone unsent while listening, and says why', async () => {
    const { actor, calls } = await listening();
    calls[1]!.length = 0;
    actor.send({ type: 'meeting.micChanged', on: true, canUnmute: true });
    actor.send({ type: 'meeting.videoInputChanged', stream: stream('cam') });
    expect(calls[1]).toEqual([]);
    expect(actor.getSnapshot().context.message).toBe(listeningTexts.cannotSend);
  });

  it('stops with one action, back where it started; a host’s forced microphone stays forced', async () => {
    const { actor, joins, forced, connected } = await listening();
    actor.send({ type: 'meeting.stopListening' });
    await connected();
    expect(joins.at(-1)).toEqual({ spaceId: tableA, watching: false, listening: false });
    expect(selectHearingTable(actor.getSnapshot())).toBeNull();
    expect(selectPresenceSpaceId(actor.getSnapshot())).toBe(tableA);
    // Each join (the seat, listening, the seat again) forwards the flag the server kept.
    expect(forced).toEqual([true, true, true]);
  });

  it('moving to the table listened to sits there and ends listening', async () => {
    const { actor, joins, connected } = await listening();
    actor.send({ type: 'meeting.move', spaceId: tableB });
    await connected();
    expect(joins.at(-1)).toEqual({ spaceId: tableB, watching: false, listening: false });
    expect(selectHearingTable(actor.getSnapshot())).toBeNull();
    expect(selectPresenceSpaceId(actor.getSnapshot())).toBe(tableB);
  });

  it('stays seated, told why, when the server refuses to listen; never one’s own table', async () => {
    const closed = '「テーブルB」は聞けません。';
    const meeting = start((j) => (j.listening ? closed : null));
    meeting.actor.send({ type: 'meeting.join', spaceId: tableA });
    await meeting.connected();
    expect(canListen(tableA)(meeting.actor.getSnapshot())).toBe(false);
    meeting.actor.send({ type: 'meeting.listen', spaceId: tableB });
    await waitFor(
      meeting.actor,
      (s) => s.matches({ session: 'connected' }) && s.context.message !== null,
    );
    expect(meeting.actor.getSnapshot().context.message).toBe(closed);
    expect(selectHearingTable(meeting.actor.getSnapshot())).toBeNull();
    expect(selectPresenceSpaceId(meeting.actor.getSnapshot())).toBe(tableA);
  });
});
