// A watcher of the stage's live stream sends nothing (ADR 026): its offer to publish (its
// microphone, camera or screen, what unmuting would send) gets no answer from the media server,
// nobody can subscribe to it, and its signals to a speaker are not passed on; receiving the
// stage is answered. Real offers from a werift peer connection stand in for the browser.
import { afterAll, describe, expect, it } from 'vitest';
import { RTCPeerConnection } from 'werift';
import { addStage } from './support/layouts';
import { useTestServer } from './support/app';
import { testDbKind } from './support/database';
import { connect, joinMeeting, type RealtimeClient, listenWithSockets } from './support/realtime';
import { worldPeople } from './support/world-members';

const t = useTestServer();
const people = worldPeople(t);
const open = listenWithSockets(t);
const peers: RTCPeerConnection[] = [];

afterAll(async () => {
  await Promise.all(peers.map((pc) => pc.close()));
});

/** A browser's offer: sending its three slots (publishing) or receiving a speaker's. */
async function offer(direction: 'sendonly' | 'recvonly') {
  const pc = new RTCPeerConnection({ iceServers: [] });
  peers.push(pc);
  for (const kind of ['audio', 'video', 'video'] as const) pc.addTransceiver(kind, { direction });
  await pc.setLocalDescription(await pc.createOffer());
  return { type: 'offer' as const, sdp: pc.localDescription!.sdp };
}

/** Answers to the socket's user from the media server about the connection `from` → `to`. */
const answersOf = (client: RealtimeClient, from: string, to: string) =>
  client.received.filter(
    (m) =>
      m.type === 'meeting.mediaSignal' &&
      m.signal.description?.type === 'answer' &&
      m.signal.fromAttendeeId === from &&
      m.signal.toAttendeeId === to,
  );

describe(`a watcher's signals on ${testDbKind}`, () => {
  it('receives the stage but cannot publish, be subscribed to or signal a speaker', async () => {
    const { owner, world, members } = await people.world(['user']);
    const stage = await addStage(t, world.id);
    const w = (path: string) => `/api/worlds/${world.id}/${path}`;
    const user = members[0]!;
    const speaker = await joinMeeting(t.app, owner.headers, world.id, stage.id);
    expect(speaker.provider).toBe('sfu');
    await t.app.inject({
      method: 'PATCH',
      url: w(`live_streamings/${stage.id}`),
      headers: owner.headers,
      payload: { status: 'live' },
    });
    const watch = await t.app.inject({
      method: 'PATCH',
      url: w(`watching_streamings/${stage.id}`),
      headers: user.headers,
      payload: { mode: 'watching' },
    });
    const watcher = watch.json().join.attendee.AttendeeId as string;
    const speakerId = speaker.attendee.AttendeeId;
    const ownerSocket = await connect(t.app, owner.headers, world.id, 'owner');
    const userSocket = await connect(t.app, user.headers, world.id, 'watcher');
    open.push(ownerSocket, userSocket);
    const meetingId = speaker.id;

    // Publishing (what unmuting or sharing would send): first, so that its answer, had it one,
    // would come before the answer awaited below.
    userSocket.send({
      type: 'meeting.mediaSignal',
      signal: {
        meetingId,
        fromAttendeeId: watcher,
        toAttendeeId: watcher,
        description: await offer('sendonly'),
      },
    });
    // The speaker subscribing to the watcher.
    ownerSocket.send({
      type: 'meeting.mediaSignal',
      signal: {
        meetingId,
        fromAttendeeId: speakerId,
        toAttendeeId: watcher,
        description: await offer('recvonly'),
      },
    });
    // A direct (mesh) offer to the speaker.
    userSocket.send({
      type: 'meeting.signal',
      signal: {
        meetingId,
        fromAttendeeId: watcher,
        toAttendeeId: speakerId,
        description: await offer('sendonly'),
      },
    });
    // Receiving the speaker: answered, so the socket and the room work.
    userSocket.send({
      type: 'meeting.mediaSignal',
      signal: {
        meetingId,
        fromAttendeeId: watcher,
        toAttendeeId: speakerId,
        description: await offer('recvonly'),
      },
    });
    await userSocket.next(
      'meeting.mediaSignal',
      (m) => m.signal.description?.type === 'answer' && m.signal.fromAttendeeId === speakerId,
      20_000,
    );

    // The speaker's own publication is answered without a bandwidth line (b=AS, b=TIAS): high
    // frame rate mode's 5000 kbps is the browser's sender limit alone, which nothing here lowers.
    ownerSocket.send({
      type: 'meeting.mediaSignal',
      signal: {
        meetingId,
        fromAttendeeId: speakerId,
        toAttendeeId: speakerId,
        description: await offer('sendonly'),
      },
    });
    const published = await ownerSocket.next(
      'meeting.mediaSignal',
      (m) => m.signal.description?.type === 'answer' && m.signal.toAttendeeId === speakerId,
      20_000,
    );
    const answer = published.signal.description!.sdp;
    expect(answer.match(/^m=video .*$/gm)).toHaveLength(2);
    expect(answer).not.toMatch(/^b=/m);

    // Stragglers would have come by now; none did.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(answersOf(userSocket, watcher, watcher)).toEqual([]);
    expect(answersOf(ownerSocket, watcher, speakerId)).toEqual([]);
    expect(ownerSocket.received.filter((m) => m.type === 'meeting.signal')).toEqual([]);
    expect(userSocket.socket.readyState).toBe(userSocket.socket.OPEN);
  }, 60_000);
});
