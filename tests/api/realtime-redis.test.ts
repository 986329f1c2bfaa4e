import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realtimeCloseCodes } from '../../src/domain/realtime';
import { loadConfig } from '../../server/config';
import { startServer } from '../../server/app/start';
import { createClock } from './support/app';
import { openTestDatabase, testDbKind } from './support/database';
import { baseUrl, connect, type RealtimeClient } from './support/realtime';
import { worldPeople } from './support/world-members';

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl)
  console.warn(
    'SKIPPED tests/api/realtime-redis.test.ts: set TEST_REDIS_URL (e.g. redis://127.0.0.1:6379) to run it',
  );

type Server = Awaited<ReturnType<typeof startServer>>;
const heartbeatMs = 500;

/**
 * Two API servers on one database, each with its own Redis connections: a socket held by one
 * must hear what is published on the other (ADR 010).
 */
describe.skipIf(!redisUrl)(`realtime across two servers through Redis, on ${testDbKind}`, () => {
  const t = {} as {
    server: Server;
    app: Server['app'];
    database: Awaited<ReturnType<typeof openTestDatabase>>;
    clock: ReturnType<typeof createClock>;
  };
  let other: Server;
  const open: RealtimeClient[] = [];

  beforeAll(async () => {
    t.database = await openTestDatabase();
    t.clock = createClock();
    const start = () =>
      startServer(
        loadConfig({
          NODE_ENV: 'test',
          APP_URL: 'http://app.test',
          REDIS_URL: redisUrl!,
          REALTIME_HEARTBEAT_SECONDS: String(heartbeatMs / 1000),
        }),
        {
          database: t.database,
          now: () => t.clock.now(),
          validateResponses: true,
        },
      );
    t.server = await start();
    t.app = t.server.app;
    other = await start();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    await other.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    for (const client of open) client.socket.terminate();
    await other?.close();
    await t.server?.close();
    await t.database?.close();
  });

  const people = worldPeople(t as Parameters<typeof worldPeople>[0]);

  it('shares presence and carries meeting messages and disconnects from one server to the other', async () => {
    const { owner, world, members, mainSpace } = await people.world(['user']);
    const user = members[0]!;
    const onA = await connect(t.app, owner.headers, world.id, 'owner on A');
    // The user's ticket comes from server A, the socket opens on server B: tickets are in the database.
    const onB = await connect(t.app, user.headers, world.id, 'user on B', baseUrl(other.app));
    open.push(onA, onB);
    expect(onB.snapshot!.members.map((m) => m.userId).sort()).toEqual([owner.id, user.id].sort());
    expect((await onA.next('presence.joined')).member.userId).toBe(user.id);
    // Server A counts the user whose socket is on server B.
    const membersCount = await t.app.inject({
      method: 'GET',
      url: `/api/mypage/worlds/${world.id}/world_members_counts`,
      headers: owner.headers,
    });
    expect(membersCount.json()).toMatchObject({ owners: 1, users: 1, total: 2, online: 2 });

    const join = async (headers: typeof owner.headers) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/worlds/${world.id}/chime_meetings`,
        headers,
        payload: { spaceId: mainSpace },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: string; attendee: { AttendeeId: string } };
    };
    const ownersJoin = await join(owner.headers);
    const usersJoin = await join(user.headers);
    onA.send({
      type: 'meeting.signal',
      signal: {
        meetingId: ownersJoin.id,
        fromAttendeeId: ownersJoin.attendee.AttendeeId,
        toAttendeeId: usersJoin.attendee.AttendeeId,
        description: { type: 'offer', sdp: 'v=0' },
      },
    });
    expect((await onB.next('meeting.signal')).signal.toAttendeeId).toBe(
      usersJoin.attendee.AttendeeId,
    );

    const forced = await t.app.inject({
      method: 'POST',
      url: `/api/worlds/${world.id}/chime_meetings/${ownersJoin.id}/force_devices`,
      headers: owner.headers,
      payload: { userId: user.id, device: 'video', disabled: true },
    });
    expect(forced.statusCode).toBe(200);
    expect(await onB.next('meeting.forceDevice')).toMatchObject({
      device: 'video',
      disabled: true,
    });

    onB.send({ type: 'presence.move', spaceId: mainSpace });
    await onA.next('rooms.counts', (m) => m.counts[mainSpace] === 1);
    const counts = await t.app.inject({
      method: 'GET',
      url: `/api/rtm/rooms/num_of_members?roomIds=${mainSpace}`,
      headers: owner.headers,
    });
    expect(counts.json()).toEqual({ items: [{ roomId: mainSpace, numOfMembers: 1 }] });

    await t.app.inject({
      method: 'POST',
      url: '/api/rtm/client/disconnect_user',
      headers: owner.headers,
      payload: { worldId: world.id, userId: user.id },
    });
    expect((await onB.closed).code).toBe(realtimeCloseCodes.disconnected);
    expect(await onA.next('presence.left')).toEqual({ type: 'presence.left', userId: user.id });
  });

  it('delivers a chat message posted on one server to a socket held by the other (ADR 029)', async () => {
    const { world, members } = await people.world(['user']);
    const user = members[0]!;
    const onB = await connect(t.app, user.headers, world.id, 'chat on B', baseUrl(other.app));
    open.push(onB);
    const posted = await t.app.inject({
      method: 'POST',
      url: `/api/worlds/${world.id}/chat_messages`,
      headers: user.headers,
      payload: { channel: 'world', body: 'Redis 越しのメッセージ' },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    expect((await onB.next('chat.message')).message.body).toBe('Redis 越しのメッセージ');
  });

  it('ends the attendance of a user whose socket on the other server closed, for everyone', async () => {
    const { owner, world, members, mainSpace } = await people.world(['user']);
    const user = members[0]!;
    const onA = await connect(t.app, owner.headers, world.id, 'owner on A');
    const onB = await connect(t.app, user.headers, world.id, 'user on B', baseUrl(other.app));
    open.push(onA, onB);
    const join = (headers: typeof owner.headers) =>
      t.app.inject({
        method: 'POST',
        url: `/api/worlds/${world.id}/chime_meetings`,
        headers,
        payload: { spaceId: mainSpace },
      });
    expect((await join(owner.headers)).statusCode).toBe(201);
    expect((await join(user.headers)).statusCode).toBe(201);
    // Reconnecting on server A within the window keeps the attendance that B's socket had.
    await onB.close();
    const back = await connect(t.app, user.headers, world.id, 'user back on A');
    open.push(back);
    await new Promise((r) => setTimeout(r, 3 * heartbeatMs));
    expect(await onA.none('meeting.attendeeLeft', 0)).toBe(true);
    // Gone for good: ended within two heartbeats, heard on the other server.
    const closedAt = Date.now();
    await back.close();
    await onA.next('meeting.attendeeLeft', (m) => m.userId === user.id, 3_000);
    expect(Date.now() - closedAt).toBeLessThan(2 * heartbeatMs + 300);
    const online = await other.app.inject({
      method: 'GET',
      url: `/api/mypage/worlds/${world.id}/world_members_counts`,
      headers: owner.headers,
    });
    expect(online.json()).toMatchObject({ online: 1 });
  });
});
