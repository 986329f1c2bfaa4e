import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { RealtimeServerMessage } from '../../domain/realtime';
import { fakePeerConnection } from './fake-peer-connection';
import { createLocalMeshProvider } from './local-mesh';
import type { AttendeePresence, MeetingJoin } from './provider';

// Two joins that cross (ADR 010, 023): B joins after A's join was answered but before A's session
// listens, so B's announcement goes by A unheard. A must still call B, or B's picture never comes
// (seen in Chromium: the second guest at a table never showed the first one's video).
const meetingId = '7d3f8c1e-2b4a-4c5d-9e6f-0a1b2c3d4e5f';
const userOf = (id: string) => `${id}0000000-0000-4000-8000-000000000000`;

async function sessionOf(provider: 'local' | 'sfu', listed: () => string[]) {
  let onMessage: (message: RealtimeServerMessage) => void = () => {};
  const offers: string[] = [];
  let connections = 0;
  const session = await createLocalMeshProvider({
    realtime: {
      send: () => {},
      subscribe: (listener) => {
        onMessage = listener;
        return () => {};
      },
    },
    listAttendees: async () =>
      listed().map((attendeeId) => ({ attendeeId, userId: userOf(attendeeId) })),
    createPeerConnection: () => {
      connections += 1;
      return fakePeerConnection().pc;
    },
  }).createSession({
    id: meetingId,
    provider,
    attendee: { AttendeeId: 'a', ExternalUserId: userOf('a') },
    attendees: [],
  } as unknown as MeetingJoin);
  const present: string[] = [];
  session.addObserver({
    attendeePresenceDidChange: (presence: AttendeePresence) => {
      if (presence.present) present.push(presence.attendeeId);
      else present.splice(present.indexOf(presence.attendeeId), 1);
    },
  });
  return {
    session,
    present,
    offers,
    connections: () => connections,
    hear: (m: RealtimeServerMessage) => onMessage(m),
  };
}

// Node has no MediaStream: the session's audio element bundle only needs one to exist.
beforeAll(() => {
  vi.stubGlobal(
    'MediaStream',
    class {
      getTracks = () => [];
    },
  );
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a join that crossed ours', () => {
  for (const provider of ['local', 'sfu'] as const) {
    it(`${provider}: someone the server lists once we listen is called, though never announced to us`, async () => {
      const { session, present, connections } = await sessionOf(provider, () => ['a', 'b']);
      session.start();
      await settle();
      expect(present).toEqual(['b']);
      // Through the media server one connection sends ours and one receives B's; in the mesh one.
      expect(connections()).toBe(provider === 'sfu' ? 2 : 1);
      session.stop();
    });
  }

  it('someone heard leaving before the list came is not brought back', async () => {
    let hear: (m: RealtimeServerMessage) => void = () => {};
    const listed = () => {
      hear({ type: 'meeting.attendeeLeft', meetingId, attendeeId: 'b' } as RealtimeServerMessage);
      return ['a', 'b'];
    };
    const made = await sessionOf('sfu', listed);
    hear = made.hear;
    made.session.start();
    await settle();
    expect(made.present).toEqual([]);
    made.session.stop();
  });

  it('someone already called is not called twice', async () => {
    const made = await sessionOf('sfu', () => ['a', 'b']);
    made.session.start();
    made.hear({
      type: 'meeting.attendeeJoined',
      meetingId,
      attendeeId: 'b',
      userId: userOf('b'),
      name: 'B',
    });
    await settle();
    expect(made.present).toEqual(['b']);
    expect(made.connections()).toBe(2);
    made.session.stop();
  });
});
