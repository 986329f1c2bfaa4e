// Signalling to the local media server (ADR 023; the embedded default puts the hall there): a real
// offer, made by a werift peer connection standing in for the browser, is answered only when the
// socket's user is the sending attendee, a current attendee of that live meeting of the socket's
// world, and the meeting runs on the media server.
import { afterAll, describe, expect, it } from 'vitest';
import { RTCPeerConnection } from 'werift';
import { spaces, worldMembers } from '../../server/db/schema';
import { createMediaServer } from '../../server/meetings/media-server';
import { useTestServer } from './support/app';
import { testDbKind } from './support/database';
import {
  connect,
  joinMeeting as joinShared,
  type RealtimeClient,
  listenWithSockets,
} from './support/realtime';
import type { AuthHeaders } from './support/session';
import { worldPeople } from './support/world-members';

const t = useTestServer();
const people = worldPeople(t);
const open = listenWithSockets(t);
const peers: RTCPeerConnection[] = [];

afterAll(async () => {
  await Promise.all(peers.map((pc) => pc.close()));
});

type Join = { id: string; provider: string; attendee: { AttendeeId: string } };

const joinMeeting = (headers: AuthHeaders, worldId: string, spaceId: string) =>
  joinShared<Join>(t.app, headers, worldId, spaceId);

async function socket(headers: AuthHeaders, worldId: string, label: string) {
  const client = await connect(t.app, headers, worldId, label);
  open.push(client);
  return client;
}

/** What a browser sends first: an offer with its microphone, camera and content share. */
async function browserOffer() {
  const pc = new RTCPeerConnection({ iceServers: [] });
  peers.push(pc);
  pc.addTransceiver('audio', { direction: 'sendonly' });
  pc.addTransceiver('video', { direction: 'sendonly' });
  pc.addTransceiver('video', { direction: 'sendonly' });
  await pc.setLocalDescription(await pc.createOffer());
  return { type: 'offer' as const, sdp: pc.localDescription!.sdp };
}

const answered = (client: RealtimeClient, ms?: number) =>
  client.next('meeting.mediaSignal', (m) => m.signal.description?.type === 'answer', ms);

/** The socket tests wait for real answers and for silences: room for a loaded machine. */
const socketTestMs = 60_000;

describe(`media server signalling on ${testDbKind}`, () => {
  it(
    'answers an attendee for its own connections and nobody else',
    async () => {
      const { owner, world, members, mainSpace } = await people.world(['user', 'user']);
      const [member, outsider] = members;
      const ownerSocket = await socket(owner.headers, world.id, 'owner');
      const memberSocket = await socket(member!.headers, world.id, 'member');
      const outsiderSocket = await socket(outsider!.headers, world.id, 'outsider');
      const meeting = await joinMeeting(owner.headers, world.id, mainSpace);
      expect(meeting.provider).toBe('sfu');
      const theirs = await joinMeeting(member!.headers, world.id, mainSpace);
      const mine = meeting.attendee.AttendeeId;
      const offer = await browserOffer();

      // Its publication (to itself) and its view of the other attendee: answered, addressed from
      // the attendee it is about, on the sender's socket only.
      ownerSocket.send({
        type: 'meeting.mediaSignal',
        signal: {
          meetingId: meeting.id,
          fromAttendeeId: mine,
          toAttendeeId: mine,
          description: offer,
        },
      });
      expect((await answered(ownerSocket, 15_000)).signal).toMatchObject({
        meetingId: meeting.id,
        fromAttendeeId: mine,
        toAttendeeId: mine,
      });
      memberSocket.send({
        type: 'meeting.mediaSignal',
        signal: {
          meetingId: meeting.id,
          fromAttendeeId: theirs.attendee.AttendeeId,
          toAttendeeId: mine,
          description: await browserOffer(),
        },
      });
      expect((await answered(memberSocket, 15_000)).signal).toMatchObject({
        fromAttendeeId: mine,
        toAttendeeId: theirs.attendee.AttendeeId,
      });
      expect(
        ownerSocket.received.filter(
          (m) =>
            m.type === 'meeting.mediaSignal' &&
            m.signal.toAttendeeId === theirs.attendee.AttendeeId,
        ),
      ).toEqual([]);

      // A member of the world who is not in the meeting, naming the owner's attendee: no answer.
      outsiderSocket.send({
        type: 'meeting.mediaSignal',
        signal: {
          meetingId: meeting.id,
          fromAttendeeId: mine,
          toAttendeeId: mine,
          description: offer,
        },
      });
      // The owner naming an attendee that is not in the meeting: no answer either.
      const before = ownerSocket.received.length;
      ownerSocket.send({
        type: 'meeting.mediaSignal',
        signal: {
          meetingId: meeting.id,
          fromAttendeeId: mine,
          toAttendeeId: 'someone-else',
          description: offer,
        },
      });
      expect(await outsiderSocket.none('meeting.mediaSignal', 5_000)).toBe(true);
      expect(ownerSocket.received.slice(before).some((m) => m.type === 'meeting.mediaSignal')).toBe(
        false,
      );
    },
    socketTestMs,
  );

  it(
    "refuses another world's meeting and an attendee who was kicked",
    async () => {
      const a = await people.world(['user']);
      const b = await people.world([]);
      const user = a.members[0]!;
      const meetingA = await joinMeeting(a.owner.headers, a.world.id, a.mainSpace);
      const userJoin = await joinMeeting(user.headers, a.world.id, a.mainSpace);
      // A's owner is also a member of world B, and has a socket there.
      await t.database.db
        .insert(worldMembers)
        .values({ worldId: b.world.id, userId: a.owner.id, role: 'user' });
      const inB = await socket(a.owner.headers, b.world.id, 'a owner in b');
      const inA = await socket(a.owner.headers, a.world.id, 'a owner in a');
      const userSocket = await socket(user.headers, a.world.id, 'user');
      const offer = await browserOffer();
      const mine = meetingA.attendee.AttendeeId;
      const own = { meetingId: meetingA.id, fromAttendeeId: mine, toAttendeeId: mine };

      // Its own attendee of A's meeting, sent on its socket of world B: no answer.
      inB.send({ type: 'meeting.mediaSignal', signal: { ...own, description: offer } });
      expect(await inB.none('meeting.mediaSignal', 5_000)).toBe(true);
      // The same on its socket of world A is answered (the refusal above was about the world).
      inA.send({ type: 'meeting.mediaSignal', signal: { ...own, description: offer } });
      await answered(inA, 15_000);

      // Kicked from this meeting (not from the world: its socket stays open): the attendee's next
      // offer goes unanswered.
      const kicked = await t.app.inject({
        method: 'POST',
        url: `/api/worlds/${a.world.id}/chime_meetings/${meetingA.id}/batch_kick`,
        headers: a.owner.headers,
        payload: { userIds: [user.id] },
      });
      expect(kicked.json()).toEqual({ kickedCount: 1 });
      await userSocket.next('meeting.kicked');
      const self = userJoin.attendee.AttendeeId;
      userSocket.send({
        type: 'meeting.mediaSignal',
        signal: {
          meetingId: meetingA.id,
          fromAttendeeId: self,
          toAttendeeId: self,
          description: offer,
        },
      });
      expect(await userSocket.none('meeting.mediaSignal', 5_000)).toBe(true);
      expect(userSocket.socket.readyState).toBe(userSocket.socket.OPEN);
    },
    socketTestMs,
  );

  it(
    'does not answer for a meeting on the mesh',
    async () => {
      const { owner, world } = await people.world([]);
      const [table] = await t.database.db
        .insert(spaces)
        .values({ worldId: world.id, name: '三人席', kind: 'table', capacity: 3 })
        .returning({ id: spaces.id });
      const meeting = await joinMeeting(owner.headers, world.id, table!.id);
      expect(meeting.provider).toBe('local');
      const ownerSocket = await socket(owner.headers, world.id, 'owner');
      const mine = meeting.attendee.AttendeeId;
      ownerSocket.send({
        type: 'meeting.mediaSignal',
        signal: {
          meetingId: meeting.id,
          fromAttendeeId: mine,
          toAttendeeId: mine,
          description: await browserOffer(),
        },
      });
      expect(await ownerSocket.none('meeting.mediaSignal', 5_000)).toBe(true);
    },
    socketTestMs,
  );

  it('takes a candidate without a second check only from the user whose offer opened the connection', async () => {
    const media = createMediaServer();
    const signal = {
      meetingId: 'meeting',
      fromAttendeeId: 'attendee',
      toAttendeeId: 'attendee',
    };
    const replies: unknown[] = [];
    await media.signal(
      'room',
      { ...signal, description: await browserOffer() },
      (r) => {
        replies.push(r);
      },
      'world/user',
    );
    expect(replies).toContainEqual(
      expect.objectContaining({
        signal: expect.objectContaining({
          description: expect.objectContaining({ type: 'answer' }),
        }),
      }),
    );
    expect(media.roomOfConnection(signal, 'world/user')).toBe('room');
    expect(media.roomOfConnection(signal, 'world/someone-else')).toBeUndefined();
    expect(
      media.roomOfConnection({ ...signal, toAttendeeId: 'other' }, 'world/user'),
    ).toBeUndefined();
    // Gone with its attendee: a candidate must be checked again (and then finds no attendee).
    media.leave('room', 'attendee');
    expect(media.roomOfConnection(signal, 'world/user')).toBeUndefined();
    media.close('room');
  });
});
