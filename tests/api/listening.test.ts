import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { RTCPeerConnection } from 'werift';
import { meetingAttendees, spaces } from '../../server/db/schema';
import { addStage } from './support/layouts';
import { useTestServer } from './support/app';
import { testDbKind } from './support/database';
import { connect, joinMeeting, listenWithSockets } from './support/realtime';
import type { AuthHeaders } from './support/session';
import { worldPeople } from './support/world-members';

// Listening in (hearingTable, docs/product.md §4 テーブルを聞く, ADR 038). Expected answers and
// texts are the product's rules, word for word.

const t = useTestServer();
const open = listenWithSockets(t);
const people = worldPeople(t);
const peers: RTCPeerConnection[] = [];

afterAll(async () => {
  await Promise.all(peers.map((pc) => pc.close()));
});

const inject = (headers: AuthHeaders, method: 'GET' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const listen = (h: AuthHeaders, worldId: string, spaceId: string) =>
  inject(h, 'PUT', `/api/worlds/${worldId}/listenings/${spaceId}`);
const listeners = (h: AuthHeaders, worldId: string, spaceId: string) =>
  inject(h, 'GET', `/api/worlds/${worldId}/listenings/${spaceId}`);
const setListenable = (h: AuthHeaders, worldId: string, spaceId: string, listenable: boolean) =>
  inject(h, 'PUT', `/api/worlds/${worldId}/listening_settings/${spaceId}`, { listenable });

/** The owner and a user at テーブルA (6 seats: the media server), a second user at テーブルB. */
async function tables() {
  const { owner, world, members, mainSpace } = await people.world(['user', 'user', 'staff']);
  const [a, c, staff] = members as [(typeof members)[0], (typeof members)[0], (typeof members)[0]];
  const [tableA, tableB, small] = await t.database.db
    .insert(spaces)
    .values([
      { worldId: world.id, name: 'テーブルA', kind: 'table', capacity: 6 },
      { worldId: world.id, name: 'テーブルB', kind: 'table', capacity: 6 },
      { worldId: world.id, name: '小テーブル', kind: 'table', capacity: 2 },
    ])
    .returning({ id: spaces.id });
  await joinMeeting(t.app, owner.headers, world.id, tableA!.id);
  await joinMeeting(t.app, a.headers, world.id, tableA!.id);
  await joinMeeting(t.app, c.headers, world.id, tableB!.id);
  return {
    owner,
    a,
    c,
    staff,
    world,
    mainSpace: mainSpace!,
    tableA: tableA!.id,
    tableB: tableB!.id,
    small: small!.id,
  };
}

/** The user's current attendances in the world's meetings, listening or not. */
const attendancesOf = (userId: string) =>
  t.database.db
    .select({ watching: meetingAttendees.watching, mic: meetingAttendees.micForceDisabled })
    .from(meetingAttendees)
    .where(and(eq(meetingAttendees.userId, userId), isNull(meetingAttendees.leftAt)));

describe(`listening in, on ${testDbKind}`, () => {
  it('joins a table receive-only, frees the seat, and tells the table who listens', async () => {
    const { owner, a, c, world, tableA, tableB } = await tables();
    const aSocket = await connect(t.app, a.headers, world.id, 'a');
    open.push(aSocket);
    const res = await listen(c.headers, world.id, tableA);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ spaceId: tableA, provider: 'sfu', watching: true });
    expect(await aSocket.next('listeners.changed')).toEqual({
      type: 'listeners.changed',
      spaceId: tableA,
    });
    const list = await listeners(a.headers, world.id, tableA);
    expect(list.statusCode).toBe(200);
    expect(list.json().items).toEqual([{ userId: c.id, name: expect.any(String) }]);
    // Its seat at テーブルB is free: the layout counts nobody there; the table lists it nowhere.
    const layout = await inject(owner.headers, 'GET', `/api/mypage/layouts/${world.id}`);
    const occupancy = (id: string) =>
      layout.json().spaces.find((s: { id: string }) => s.id === id).occupancy;
    expect([occupancy(tableA), occupancy(tableB)]).toEqual([2, 0]);
    const meeting = await inject(
      a.headers,
      'GET',
      `/api/worlds/${world.id}/chime_meetings/${res.json().id}`,
    );
    expect(meeting.json().attendees.map((x: { userId: string }) => x.userId)).not.toContain(c.id);
    // Someone not at the table does not read who listens.
    const elsewhere = await listeners(c.headers, world.id, tableB);
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json()).toEqual({
      errors: ['このテーブルにいないため、聞いている人を見ることはできません。'],
    });
  });

  it('refuses a hall, a stage, a closed, an empty, one’s own and another world’s table, storing and sending nothing', async () => {
    const { owner, a, c, world, mainSpace, tableA, tableB } = await tables();
    const stage = await addStage(t, world.id);
    const other = await people.world(['user']);
    const [otherTable] = await t.database.db
      .insert(spaces)
      .values({ worldId: other.world.id, name: '別', kind: 'table', capacity: 6 })
      .returning({ id: spaces.id });
    await joinMeeting(t.app, other.owner.headers, other.world.id, otherTable!.id);
    const [emptyTable] = await t.database.db
      .insert(spaces)
      .values({ worldId: world.id, name: '空', kind: 'table', capacity: 6 })
      .returning({ id: spaces.id });
    const aSocket = await connect(t.app, a.headers, world.id, 'a');
    open.push(aSocket);

    const refused = async (spaceId: string, status: number, message: string) => {
      const res = await listen(c.headers, world.id, spaceId);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toEqual({ errors: [message] });
    };
    await refused(mainSpace, 422, '聞くことができるのはテーブルだけです。');
    await refused(stage.id, 422, '聞くことができるのはテーブルだけです。');
    await refused(otherTable!.id, 404, 'スペースが見つかりません。');
    await refused(emptyTable!.id, 422, 'このテーブルにはだれもいません。');
    await refused(tableB, 422, 'すでにこのテーブルにいます。');
    expect((await setListenable(owner.headers, world.id, tableA, false)).statusCode).toBe(200);
    await refused(tableA, 422, 'このテーブルは聞くことができない設定になっています。');
    expect(await attendancesOf(c.id)).toEqual([{ watching: false, mic: false }]);
    expect(await aSocket.none('listeners.changed')).toBe(true);
  });

  it('refuses a table on the mesh: nothing there receives without sending', async () => {
    const { owner, c, world, small } = await tables();
    await joinMeeting(t.app, owner.headers, world.id, small);
    const res = await listen(c.headers, world.id, small);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      errors: ['このテーブルは少人数用（3席以下）のため、聞くことができません。'],
    });
    expect(await attendancesOf(c.id)).toEqual([{ watching: false, mic: false }]);
  });

  it('refuses a flood of listening with 429', async () => {
    const { c, world, tableA } = await tables();
    for (let i = 0; i < 20; i += 1) await listen(c.headers, world.id, tableA);
    const flood = await listen(c.headers, world.id, tableA);
    expect(flood.statusCode).toBe(429);
    expect(flood.json()).toEqual({
      errors: ['操作が速すぎます。少し待ってからもう一度お試しください。'],
    });
  });

  it('ends listening on moving to the table, keeping a forced microphone off', async () => {
    const { a, c, world, tableA } = await tables();
    await t.database.db
      .update(meetingAttendees)
      .set({ micForceDisabled: true })
      .where(eq(meetingAttendees.userId, c.id));
    const heard = await listen(c.headers, world.id, tableA);
    expect(heard.json().micForceDisabled).toBe(true);
    const aSocket = await connect(t.app, a.headers, world.id, 'a');
    open.push(aSocket);
    const seated = await joinMeeting<{ micForceDisabled: boolean }>(
      t.app,
      c.headers,
      world.id,
      tableA,
    );
    expect(seated.micForceDisabled).toBe(true);
    expect(await attendancesOf(c.id)).toEqual([{ watching: false, mic: true }]);
    await aSocket.next('listeners.changed');
    expect((await listeners(a.headers, world.id, tableA)).json()).toEqual({ items: [] });
  });

  it('lets owner and staff close a table to listening, which ends its listeners', async () => {
    const { owner, a, c, staff, world, tableA, mainSpace } = await tables();
    await listen(c.headers, world.id, tableA);
    const cSocket = await connect(t.app, c.headers, world.id, 'c');
    open.push(cSocket);
    const byMember = await setListenable(a.headers, world.id, tableA, false);
    expect(byMember.statusCode).toBe(403);
    const hall = await setListenable(staff.headers, world.id, mainSpace, false);
    expect(hall.statusCode).toBe(422);
    const closed = await setListenable(staff.headers, world.id, tableA, false);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toEqual({ listenable: false });
    expect(await cSocket.next('meeting.ended')).toMatchObject({ type: 'meeting.ended' });
    expect(await attendancesOf(c.id)).toEqual([]);
    await cSocket.next('world.layoutUpdated');
    const layout = await inject(owner.headers, 'GET', `/api/mypage/layouts/${world.id}`);
    const table = layout.json().spaces.find((s: { id: string }) => s.id === tableA);
    expect(table.listenable).toBe(false);
    expect((await setListenable(owner.headers, world.id, tableA, true)).json()).toEqual({
      listenable: true,
    });
    expect((await listen(c.headers, world.id, tableA)).statusCode).toBe(200);
  });

  it('forwards the table’s microphones to a listener, never its cameras or screens', async () => {
    const { a, c, world, tableA } = await tables();
    const speaker = await joinMeeting<{ id: string; attendee: { AttendeeId: string } }>(
      t.app,
      a.headers,
      world.id,
      tableA,
    );
    const heard = (await listen(c.headers, world.id, tableA)).json();
    const cSocket = await connect(t.app, c.headers, world.id, 'c');
    open.push(cSocket);
    const pc = new RTCPeerConnection({ iceServers: [] });
    peers.push(pc);
    for (const kind of ['audio', 'video', 'video'] as const)
      pc.addTransceiver(kind, { direction: 'recvonly' });
    await pc.setLocalDescription(await pc.createOffer());
    cSocket.send({
      type: 'meeting.mediaSignal',
      signal: {
        meetingId: speaker.id,
        fromAttendeeId: heard.attendee.AttendeeId,
        toAttendeeId: speaker.attendee.AttendeeId,
        description: { type: 'offer', sdp: pc.localDescription!.sdp },
      },
    });
    const answer = await cSocket.next(
      'meeting.mediaSignal',
      (m) => m.signal.description?.type === 'answer',
    );
    const directions = answer.signal
      .description!.sdp.split(/\r?\nm=/)
      .slice(1)
      .map((section) => /a=(sendonly|recvonly|sendrecv|inactive)/.exec(section)?.[1]);
    expect(directions).toEqual(['sendonly', 'inactive', 'inactive']);
  });
});
