import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { realtimeCloseCodes } from '../../src/domain/realtime';
import { realtimeTickets } from '../../server/db/schema';
import { rtmMessages } from '../../server/realtime/rooms';
import { TICKET_SECONDS } from '../../server/realtime/tickets';
import { forbiddenMessage } from '../../server/worlds/access';
import { useTestServer } from './support/app';
import { testDbKind } from './support/database';
import { baseUrl, connect, RealtimeClient, ticketFor, listenWithSockets } from './support/realtime';
import { worldPeople } from './support/world-members';

// The default heartbeat: the dropping of a silent socket is realtime-heartbeat.test.ts's, on a
// short beat that would also drop answering sockets here when a loaded machine stalls the loop.
const t = useTestServer();
const people = worldPeople(t);
const open = listenWithSockets(t);

async function join(...args: Parameters<typeof connect>) {
  const client = await connect(...args);
  open.push(client);
  return client;
}

describe(`realtime socket on ${testDbKind}`, () => {
  it('admits a ticket once, stores only its hash, and refuses an expired one with 4001', async () => {
    const { owner, world } = await people.world([]);
    const first = await ticketFor(t.app, owner.headers, world.id);
    expect(first.url).toBe(`/api/realtime?ticket=${first.ticket}`);
    const [row] = await t.database.db
      .select()
      .from(realtimeTickets)
      .where(eq(realtimeTickets.userId, owner.id));
    expect(row!.tokenHash).not.toContain(first.ticket);
    expect(new Date(first.expiresAt).getTime() - t.clock.now().getTime()).toBe(
      TICKET_SECONDS * 1000,
    );

    const ok = await RealtimeClient.open(baseUrl(t.app), first.url);
    open.push(ok);
    expect((await ok.next('presence.snapshot')).members.map((m) => m.userId)).toEqual([owner.id]);
    const reused = await RealtimeClient.open(baseUrl(t.app), first.url);
    expect((await reused.closed).code).toBe(realtimeCloseCodes.badTicket);

    const late = await ticketFor(t.app, owner.headers, world.id);
    t.clock.advance(TICKET_SECONDS + 1);
    const expired = await RealtimeClient.open(baseUrl(t.app), late.url);
    expect((await expired.closed).code).toBe(realtimeCloseCodes.badTicket);
    const none = await RealtimeClient.open(baseUrl(t.app), '/api/realtime');
    expect((await none.closed).code).toBe(realtimeCloseCodes.badTicket);
  });

  it('loses nothing sent to a user the moment its socket is confirmed (40 of 40)', async () => {
    const { world, members } = await people.world(['user']);
    const user = members[0]!;
    let delivered = 0;
    for (let i = 0; i < 40; i++) {
      const { url } = await ticketFor(t.app, user.headers, world.id);
      const client = await RealtimeClient.open(baseUrl(t.app), url);
      open.push(client);
      await client.ready;
      // Addressed to the user as soon as the client may call the socket open.
      const meetingId = randomUUID();
      await t.app.deps.realtime.publish(
        world.id,
        { userIds: [user.id] },
        { type: 'meeting.forceDevice', meetingId, device: 'mic', disabled: true },
      );
      await client
        .next('meeting.forceDevice', (m) => m.meetingId === meetingId, 500)
        .then(() => delivered++)
        .catch(() => {});
      client.socket.terminate();
    }
    expect(delivered).toBe(40);
  });

  it('keeps what is sent to a user between its socket opening and ready, and delivers it (40 of 40)', async () => {
    const { world, members } = await people.world(['user']);
    const user = members[0]!;
    const { url } = await ticketFor(t.app, user.headers, world.id);
    const client = await RealtimeClient.open(baseUrl(t.app), url);
    open.push(client);
    // Open for the client; the server may still be checking the ticket.
    const meetingIds = Array.from({ length: 40 }, () => randomUUID());
    for (const meetingId of meetingIds)
      await t.app.deps.realtime.publish(
        world.id,
        { userIds: [user.id] },
        { type: 'meeting.forceDevice', meetingId, device: 'mic', disabled: true },
      );
    await client.ready;
    for (const meetingId of meetingIds)
      await client.next('meeting.forceDevice', (m) => m.meetingId === meetingId);
  });

  it(`closes a socket that sends more than its budget, pings included, with ${realtimeCloseCodes.tooManyMessages}`, async () => {
    const { owner, world } = await people.world([]);
    const client = await join(t.app, owner.headers, world.id, 'flooder');
    for (let i = 0; i < 10_000; i++) client.send({ type: 'ping' });
    expect((await client.closed).code).toBe(realtimeCloseCodes.tooManyMessages);
    expect(client.received.filter((m) => m.type === 'pong').length).toBeLessThan(10_000);
    // Within the budget a socket is answered: a new one pings as a client does.
    const calm = await join(t.app, owner.headers, world.id, 'calm');
    for (let i = 0; i < 20; i++) calm.send({ type: 'ping' });
    for (let i = 0; i < 20; i++) await calm.next('pong');
  });

  it('gives tickets to members only', async () => {
    const { world } = await people.world([]);
    const stranger = await people.stranger();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/worlds/${world.id}/realtime_tickets`,
      headers: stranger.headers,
    });
    expect(res.statusCode).toBe(404);
  });

  it('tells members who is there, who joins, moves and leaves, and how many are in each room', async () => {
    const { owner, world, members, mainSpace } = await people.world(['user']);
    const user = members[0]!;
    const a = await join(t.app, owner.headers, world.id, 'owner');
    const b = await join(t.app, user.headers, world.id, 'user');
    expect(b.snapshot!.members.map((m) => m.userId).sort()).toEqual([owner.id, user.id].sort());
    const joined = await a.next('presence.joined');
    expect(joined.member).toMatchObject({
      userId: user.id,
      role: 'user',
      isGuest: false,
      spaceId: null,
    });

    b.send({ type: 'presence.move', spaceId: mainSpace });
    expect(await a.next('presence.moved')).toEqual({
      type: 'presence.moved',
      moves: [{ userId: user.id, spaceId: mainSpace }],
    });
    await a.next('rooms.counts', (m) => m.counts[mainSpace] === 1);
    const counts = await t.app.inject({
      method: 'GET',
      url: `/api/rtm/rooms/num_of_members?roomIds=${mainSpace}`,
      headers: owner.headers,
    });
    expect(counts.json()).toEqual({ items: [{ roomId: mainSpace, numOfMembers: 1 }] });

    await b.close();
    expect(await a.next('presence.left')).toEqual({ type: 'presence.left', userId: user.id });
    await a.next('rooms.counts', (m) => m.counts[mainSpace] === 0);
  });

  it('counts a user with two tabs once and says left only when the last tab closes', async () => {
    const { owner, world, members, mainSpace } = await people.world(['user']);
    const user = members[0]!;
    const watcher = await join(t.app, owner.headers, world.id);
    const tab1 = await join(t.app, user.headers, world.id);
    const tab2 = await join(t.app, user.headers, world.id);
    await watcher.next('presence.joined');
    expect(await watcher.none('presence.joined')).toBe(true);
    tab1.send({ type: 'presence.move', spaceId: mainSpace });
    await watcher.next('rooms.counts', (m) => m.counts[mainSpace] === 1);
    await tab2.close();
    expect(await watcher.none('presence.left')).toBe(true);
    await tab1.close();
    await watcher.next('presence.left');
  });

  it('refuses room counts of worlds the caller is not in', async () => {
    const { mainSpace } = await people.world([]);
    const stranger = await people.stranger();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/rtm/rooms/num_of_members?roomIds=${mainSpace}`,
      headers: stranger.headers,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().errors).toEqual([forbiddenMessage]);
  });

  it('answers ping with pong, and closes the socket with 1008 on a message off the protocol', async () => {
    const { owner, world } = await people.world([]);
    const client = await join(t.app, owner.headers, world.id);
    client.send({ type: 'ping' });
    await client.next('pong');
    client.socket.send(JSON.stringify({ type: 'presence.move', spaceId: 'not-a-uuid' }));
    expect((await client.closed).code).toBe(1008);
  });

  it('ignores a move into a space of another world', async () => {
    const { owner, world } = await people.world([]);
    const other = await people.world([]);
    const client = await join(t.app, owner.headers, world.id);
    client.send({ type: 'presence.move', spaceId: other.mainSpace });
    client.send({ type: 'ping' });
    await client.next('pong');
    expect(await client.none('presence.moved')).toBe(true);
  });

  it("disconnect_user closes the user's sockets with 4003; owner and staff only, by rank", async () => {
    const { owner, world, members } = await people.world(['staff', 'staff', 'user']);
    const [staff, otherStaff, user] = members as [
      (typeof members)[0],
      (typeof members)[0],
      (typeof members)[0],
    ];
    const target = await join(t.app, user.headers, world.id);
    const disconnect = (headers: typeof owner.headers, userId: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/rtm/client/disconnect_user',
        headers,
        payload: { worldId: world.id, userId },
      });

    expect((await disconnect(user.headers, staff.id)).statusCode).toBe(403);
    const onOwner = await disconnect(staff.headers, owner.id);
    expect(onOwner.statusCode).toBe(422);
    expect(onOwner.json().errors).toEqual([rtmMessages.cannotDisconnectOwner]);
    expect((await disconnect(staff.headers, otherStaff.id)).json().errors).toEqual([
      rtmMessages.staffCannotDisconnectStaff,
    ]);
    const stranger = await people.stranger();
    expect((await disconnect(stranger.headers, user.id)).statusCode).toBe(404);

    expect((await disconnect(staff.headers, user.id)).statusCode).toBe(200);
    expect((await target.closed).code).toBe(realtimeCloseCodes.disconnected);
  });

  it('closes every socket of a deleted world with 4004', async () => {
    const { owner, world, members } = await people.world(['user']);
    const client = await join(t.app, members[0]!.headers, world.id);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/mypage/worlds/${world.id}`,
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(204);
    expect((await client.closed).code).toBe(realtimeCloseCodes.gone);
  });
});
