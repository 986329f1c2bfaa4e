// Issue 25 item 2 (ADR 039): a meeting's media-server room lives on the server process that
// started the meeting. Attendees whose sockets are on another process reach it through the
// realtime bus (Redis), and media flows between attendees on different processes. When the host
// dies (kill -9), the attendees are told and connect again to the process that took it over.
// Two real processes: this file's server (A) and a child process (B), on PostgreSQL and a Redis
// of the file's own; werift peer connections stand in for the browsers and send real RTP.
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { RTCPeerConnection, RtpHeader, RtpPacket } from 'werift';
import { meetingAttendees, meetings } from '../../server/db/schema';
import { useTestServer } from './support/app';
import { useProcesses } from '../support/processes';
import { testDbKind } from './support/database';
import { connect, joinMeeting, listenWithSockets, type RealtimeClient } from './support/realtime';
import type { AuthHeaders } from './support/session';
import { worldPeople } from './support/world-members';

const heartbeatSeconds = 1;
const onPostgres = testDbKind === 'postgres';
const processes = useProcesses(onPostgres);
const t = useTestServer({
  env: () => ({
    ...(onPostgres ? { REDIS_URL: processes.redisUrl() } : {}),
    REALTIME_HEARTBEAT_SECONDS: String(heartbeatSeconds),
  }),
});
const open = listenWithSockets(t);
const people = worldPeople(t);
const peers: RTCPeerConnection[] = [];
const timers: ReturnType<typeof setInterval>[] = [];

afterAll(async () => {
  for (const timer of timers) clearInterval(timer);
  await Promise.all(peers.map((pc) => pc.close()));
});

/** Process B, started once for the file (a start takes a minute on a loaded machine). */
let started: ReturnType<typeof processes.startSecondProcess> | null = null;
async function secondProcess() {
  const b = await (started ??= processes.startSecondProcess({
    DATABASE_URL: t.database.url!,
    REDIS_URL: processes.redisUrl(),
    REALTIME_HEARTBEAT_SECONDS: String(heartbeatSeconds),
  }));
  t.clock.syncWithReal();
  return b;
}

/** The DTLS certificate's fingerprint: one per server process (its media server's). */
const fingerprintOf = (sdp: string) => /a=fingerprint:\S+ (\S+)/.exec(sdp)?.[1];

/**
 * What a browser does through the media server, on `socket`: `from` sends its microphone,
 * camera and content share (to itself), or receives attendee `to`. Its candidates trickle over
 * the socket like the browser's. Answers the server's fingerprint and the packets received.
 */
async function connectToServer(
  socket: RealtimeClient,
  meetingId: string,
  from: string,
  to: string,
) {
  const pc = new RTCPeerConnection({ iceServers: [], iceAdditionalHostAddresses: ['127.0.0.1'] });
  peers.push(pc);
  const direction = from === to ? 'sendonly' : 'recvonly';
  const [microphone] = (['audio', 'video', 'video'] as const).map((kind) =>
    pc.addTransceiver(kind, { direction }),
  );
  let packets = 0;
  pc.onTrack.subscribe((track) => track.onReceiveRtp.subscribe(() => (packets += 1)));
  const signal = { meetingId, fromAttendeeId: from, toAttendeeId: to };
  pc.onIceCandidate.subscribe((found) => {
    if (!found) return;
    const { candidate, sdpMid, sdpMLineIndex } = found.toJSON();
    socket.send({
      type: 'meeting.mediaSignal',
      signal: { ...signal, candidate: { candidate, sdpMid, sdpMLineIndex } },
    });
  });
  await pc.setLocalDescription(await pc.createOffer());
  socket.send({
    type: 'meeting.mediaSignal',
    signal: { ...signal, description: { type: 'offer', sdp: pc.localDescription!.sdp } },
  });
  const answer = await socket.next(
    'meeting.mediaSignal',
    (m) =>
      m.signal.description?.type === 'answer' &&
      m.signal.fromAttendeeId === to &&
      m.signal.toAttendeeId === from,
    30_000,
  );
  await pc.setRemoteDescription(answer.signal.description!);
  if (from === to) {
    // A microphone: Opus-sized packets every 20 ms (werift sends once DTLS is up).
    let sequenceNumber = 0;
    const timer = setInterval(() => {
      const header = new RtpHeader({ sequenceNumber: sequenceNumber++ % 65536, timestamp: 0 });
      void microphone!.sender.sendRtp(new RtpPacket(header, Buffer.alloc(60, 1))).catch(() => {});
    }, 20);
    timers.push(timer);
  }
  return { fingerprint: fingerprintOf(answer.signal.description!.sdp), packets: () => packets };
}

/** POST chime_meetings on the second process (the meeting starts there). */
async function joinOn(httpUrl: string, headers: AuthHeaders, worldId: string, spaceId: string) {
  const res = await fetch(`${httpUrl}/api/worlds/${worldId}/chime_meetings`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ spaceId }),
  });
  if (res.status !== 201) throw new Error(`join refused: ${res.status} ${await res.text()}`);
  return (await res.json()) as { id: string; attendee: { AttendeeId: string } };
}

const hostOf = async (meetingId: string) =>
  (await t.database.db.select().from(meetings).where(eq(meetings.id, meetingId)))[0]
    ?.mediaProcessId;

describe.runIf(onPostgres)('media-server rooms across server processes', () => {
  it('an attendee on another process receives the room of the process that started the meeting', async () => {
    const b = await secondProcess();
    const { owner, world, members, mainSpace } = await people.world(['user']);
    const user = members[0]!;
    const ownerJoin = await joinMeeting(t.app, owner.headers, world.id, mainSpace);
    expect(ownerJoin.provider).toBe('sfu');
    expect(await hostOf(ownerJoin.id)).toBe(t.server.processLease.id);
    const userJoin = await joinMeeting(t.app, user.headers, world.id, mainSpace);
    const onA = await connect(t.app, owner.headers, world.id, 'owner on A');
    const onB = await connect(t.app, user.headers, world.id, 'user on B', b.url);
    open.push(onA, onB);
    const ownerId = ownerJoin.attendee.AttendeeId;
    const userId = userJoin.attendee.AttendeeId;

    const sending = await connectToServer(onA, ownerJoin.id, ownerId, ownerId);
    const receiving = await connectToServer(onB, ownerJoin.id, userId, ownerId);
    // B's socket was answered by A's media server, and the owner's microphone reaches the user.
    expect(receiving.fingerprint).toBe(sending.fingerprint);
    await expect.poll(receiving.packets, { timeout: 30_000, interval: 100 }).toBeGreaterThan(10);
  }, 180_000);

  it('when the host dies, its attendees connect again to the process that took it over', async () => {
    const b = await secondProcess();
    const { owner, world, members, mainSpace } = await people.world(['user']);
    const user = members[0]!;
    const onA = await connect(t.app, owner.headers, world.id, 'owner on A');
    const userOnA = await connect(t.app, user.headers, world.id, 'user on A');
    open.push(onA, userOnA);
    // The meeting starts on B: its room is B's; both attendees' sockets are on A.
    const ownerJoin = await joinOn(b.httpUrl, owner.headers, world.id, mainSpace);
    const meetingId = ownerJoin.id;
    expect(await hostOf(meetingId)).not.toBe(t.server.processLease.id);
    const userJoin = await joinMeeting(t.app, user.headers, world.id, mainSpace);
    const ownerId = ownerJoin.attendee.AttendeeId;
    const userId = userJoin.attendee.AttendeeId;
    // Forced off by the owner (docs/product.md §4): still forced after the move.
    await t.database.db
      .update(meetingAttendees)
      .set({ micForceDisabled: true })
      .where(eq(meetingAttendees.attendeeId, userId));
    const onB = await connectToServer(onA, meetingId, ownerId, ownerId);
    const viaB = await connectToServer(userOnA, meetingId, userId, ownerId);
    await expect.poll(viaB.packets, { timeout: 30_000, interval: 100 }).toBeGreaterThan(10);

    b.child.kill('SIGKILL');
    const killedAt = Date.now();
    await onA.next('meeting.mediaRestart', (m) => m.meetingId === meetingId, 60_000);
    await userOnA.next('meeting.mediaRestart', (m) => m.meetingId === meetingId, 60_000);
    console.info(
      `meeting.mediaRestart ${((Date.now() - killedAt) / 1000).toFixed(2)} s after kill -9 ` +
        `(heartbeat ${heartbeatSeconds} s)`,
    );
    expect(await hostOf(meetingId)).toBe(t.server.processLease.id);

    const onAgain = await connectToServer(onA, meetingId, ownerId, ownerId);
    const again = await connectToServer(userOnA, meetingId, userId, ownerId);
    expect(onAgain.fingerprint).not.toBe(onB.fingerprint);
    await expect.poll(again.packets, { timeout: 30_000, interval: 100 }).toBeGreaterThan(10);
    // The same attendees, still in the meeting, the forced flag as it was.
    const attendees = await t.database.db
      .select()
      .from(meetingAttendees)
      .where(and(eq(meetingAttendees.meetingId, meetingId), isNull(meetingAttendees.leftAt)));
    expect(attendees.map((a) => [a.attendeeId, a.micForceDisabled]).sort()).toEqual(
      [
        [ownerId, false],
        [userId, true],
      ].sort(),
    );
  }, 240_000);
});
