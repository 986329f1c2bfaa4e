import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { raisedHands, spaces, users, worldMembers, worldUserSpaces } from '../../server/db/schema';
import { useTestServer } from './support/app';
import { testDbKind } from './support/database';
import { connect, joinMeeting, listenWithSockets } from './support/realtime';
import type { AuthHeaders } from './support/session';
import { worldPeople } from './support/world-members';

// Reactions, raised hands and status (docs/product.md §4 リアクション・挙手・状態, ADR 034).
// Expected answers and texts are the product's rules, word for word.

const t = useTestServer();
const open = listenWithSockets(t);
const people = worldPeople(t);

const inject = (
  headers: AuthHeaders,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const react = (h: AuthHeaders, worldId: string, kind: string) =>
  inject(h, 'POST', `/api/worlds/${worldId}/reactions`, { kind });
const hands = (worldId: string, spaceId: string) =>
  `/api/worlds/${worldId}/spaces/${spaceId}/raised_hands`;
const setStatus = (h: AuthHeaders, worldId: string, nowDoing: string | null) =>
  inject(h, 'PUT', `/api/worlds/${worldId}/my_status`, { nowDoing });

/** The owner, a staff member and two users; the owner and both users sit at テーブルA. */
async function table() {
  const { owner, world, members } = await people.world(['staff', 'user', 'user']);
  const [staff, a, b] = members as [(typeof members)[0], (typeof members)[0], (typeof members)[0]];
  const [tableA, tableB] = await t.database.db
    .insert(spaces)
    .values([
      { worldId: world.id, name: 'テーブルA', kind: 'table', capacity: 6 },
      { worldId: world.id, name: 'テーブルB', kind: 'table', capacity: 6 },
    ])
    .returning({ id: spaces.id });
  await t.database.db
    .insert(worldUserSpaces)
    .values([owner, a, b].map((p) => ({ worldId: world.id, userId: p.id, spaceId: tableA!.id })));
  await t.database.db.update(users).set({ name: '青木' }).where(eq(users.id, a.id));
  return { owner, staff, a, b, world, tableA: tableA!.id, tableB: tableB!.id };
}

describe(`reactions, on ${testDbKind}`, () => {
  it('sends the reactions of one window to everyone in one message', async () => {
    const { owner, a, b, staff, world, tableA } = await table();
    const watcher = await connect(t.app, staff.headers, world.id, 'staff');
    open.push(watcher);
    await Promise.all([react(a.headers, world.id, 'clap'), react(b.headers, world.id, 'heart')]);
    const res = await react(owner.headers, world.id, 'party');
    expect(res.statusCode, res.body).toBe(202);
    const frames = [await watcher.next('reactions')];
    const items = frames.flatMap((f) => f.items);
    while (items.length < 3) items.push(...(await watcher.next('reactions')).items);
    expect(items).toEqual(
      expect.arrayContaining([
        { userId: a.id, spaceId: tableA, kind: 'clap' },
        { userId: b.id, spaceId: tableA, kind: 'heart' },
        { userId: owner.id, spaceId: tableA, kind: 'party' },
      ]),
    );
    // 3 reactions sent together: at most 2 frames (the first at once, the rest in the next window).
    expect(await watcher.none('reactions', 300)).toBe(true);
  });

  it('refuses a reaction outside the set, one from outside a space and a flood, sending none', async () => {
    const { a, staff, world } = await table();
    const watcher = await connect(t.app, a.headers, world.id, 'a');
    open.push(watcher);
    const odd = await react(a.headers, world.id, 'poop');
    expect(odd.statusCode).toBe(400);
    const away = await react(staff.headers, world.id, 'clap');
    expect(away.statusCode).toBe(422);
    expect(away.json()).toEqual({ errors: ['スペースに入ってから操作してください。'] });
    expect(await watcher.none('reactions')).toBe(true);
    for (let i = 0; i < 10; i += 1)
      expect((await react(a.headers, world.id, 'clap')).statusCode).toBe(202);
    const flood = await react(a.headers, world.id, 'clap');
    expect(flood.statusCode).toBe(429);
    expect(flood.json()).toEqual({
      errors: ['リアクションが速すぎます。5秒間に送れるのは10回までです。'],
    });
  });
});

describe(`raised hands, on ${testDbKind}`, () => {
  it('queues hands in the order they went up, for owner and staff only', async () => {
    const { owner, staff, a, b, world, tableA } = await table();
    const staffSocket = await connect(t.app, staff.headers, world.id, 'staff');
    const bSocket = await connect(t.app, b.headers, world.id, 'b');
    open.push(staffSocket, bSocket);
    expect((await inject(b.headers, 'POST', hands(world.id, tableA))).statusCode).toBe(204);
    expect((await inject(a.headers, 'POST', hands(world.id, tableA))).statusCode).toBe(204);
    expect(await staffSocket.next('hands.changed')).toMatchObject({ userId: b.id, raised: true });
    expect(await bSocket.next('hands.changed')).toMatchObject({ userId: b.id, raised: true });
    // Raising again while up keeps one's place.
    expect((await inject(b.headers, 'POST', hands(world.id, tableA))).statusCode).toBe(204);
    const queue = await inject(owner.headers, 'GET', hands(world.id, tableA));
    expect(queue.statusCode).toBe(200);
    expect(queue.json().items.map((h: { userId: string }) => h.userId)).toEqual([b.id, a.id]);
    expect((await inject(a.headers, 'GET', hands(world.id, tableA))).statusCode).toBe(403);
    // b lowers: a is first; the owner lowers a's: none left.
    expect(
      (await inject(b.headers, 'DELETE', `/api/worlds/${world.id}/raised_hand`)).statusCode,
    ).toBe(204);
    const lowered = await inject(owner.headers, 'DELETE', `${hands(world.id, tableA)}/${a.id}`);
    expect(lowered.statusCode).toBe(204);
    expect((await inject(staff.headers, 'GET', hands(world.id, tableA))).json()).toEqual({
      items: [],
    });
  });

  it('refuses a hand in a space one is not in, and giving the floor by a member', async () => {
    const { a, b, staff, world, tableA, tableB } = await table();
    const staffSocket = await connect(t.app, staff.headers, world.id, 'staff');
    open.push(staffSocket);
    const elsewhere = await inject(a.headers, 'POST', hands(world.id, tableB));
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json()).toEqual({
      errors: ['このスペースにいないため、手を挙げられません。'],
    });
    await inject(b.headers, 'POST', hands(world.id, tableA));
    await staffSocket.next('hands.changed');
    const byMember = await inject(a.headers, 'POST', `${hands(world.id, tableA)}/${b.id}/floor`);
    expect(byMember.statusCode).toBe(403);
    const notRaised = await inject(
      staff.headers,
      'POST',
      `${hands(world.id, tableA)}/${a.id}/floor`,
    );
    expect(notRaised.statusCode).toBe(422);
    expect(notRaised.json()).toEqual({ errors: ['この人は手を挙げていません。'] });
    expect(await staffSocket.none('hands.changed')).toBe(true);
  });

  it('gives the floor: the hand goes down and the forced-off microphone is released', async () => {
    const { owner, a, world, tableA } = await table();
    const meeting = await joinMeeting(t.app, a.headers, world.id, tableA);
    const aSocket = await connect(t.app, a.headers, world.id, 'a');
    open.push(aSocket);
    const force = `/api/worlds/${world.id}/chime_meetings/${meeting.id}/force_devices`;
    const forced = await inject(owner.headers, 'POST', force, {
      userId: a.id,
      device: 'mic',
      disabled: true,
    });
    expect(forced.statusCode, forced.body).toBeLessThan(300);
    await aSocket.next('meeting.forceDevice');
    await inject(a.headers, 'POST', hands(world.id, tableA));
    const floor = await inject(owner.headers, 'POST', `${hands(world.id, tableA)}/${a.id}/floor`);
    expect(floor.statusCode, floor.body).toBe(204);
    expect(await aSocket.next('meeting.forceDevice')).toEqual({
      type: 'meeting.forceDevice',
      meetingId: meeting.id,
      device: 'mic',
      disabled: false,
    });
    expect(await aSocket.next('hands.changed', (m) => !m.raised)).toMatchObject({ floor: true });
    expect((await inject(owner.headers, 'GET', hands(world.id, tableA))).json()).toEqual({
      items: [],
    });
  });

  it('takes a hand down when its person moves to another space', async () => {
    const { owner, a, world, tableA, tableB } = await table();
    await inject(a.headers, 'POST', hands(world.id, tableA));
    const moved = await inject(a.headers, 'POST', `/api/mypage/world_user_spaces`, {
      worldId: world.id,
      spaceId: tableB,
    });
    expect(moved.statusCode, moved.body).toBeLessThan(300);
    expect((await inject(owner.headers, 'GET', hands(world.id, tableA))).json()).toEqual({
      items: [],
    });
    const left = await t.database.db
      .select()
      .from(raisedHands)
      .where(and(eq(raisedHands.worldId, world.id), eq(raisedHands.userId, a.id)));
    expect(left).toEqual([]);
  });
});

describe(`status, on ${testDbKind}`, () => {
  it('keeps a status, tells everyone, and later joiners see it in the snapshot', async () => {
    const { a, b, world } = await table();
    const bSocket = await connect(t.app, b.headers, world.id, 'b');
    const aSocket = await connect(t.app, a.headers, world.id, 'a');
    open.push(aSocket, bSocket);
    const res = await setStatus(a.headers, world.id, '  取り込み中 ');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ nowDoing: '取り込み中' });
    expect(await bSocket.next('presence.status')).toEqual({
      type: 'presence.status',
      userId: a.id,
      nowDoing: '取り込み中',
    });
    const later = await connect(t.app, b.headers, world.id, 'b2');
    open.push(later);
    expect(later.snapshot!.members.find((m) => m.userId === a.id)?.nowDoing).toBe('取り込み中');
    expect((await setStatus(a.headers, world.id, '')).json()).toEqual({ nowDoing: null });
  });

  it('refuses a status of 41 characters, storing and sending nothing', async () => {
    const { a, b, world } = await table();
    const bSocket = await connect(t.app, b.headers, world.id, 'b');
    open.push(bSocket);
    const long = await setStatus(a.headers, world.id, 'あ'.repeat(41));
    expect(long.statusCode).toBe(422);
    expect(long.json()).toEqual({ errors: ['40文字以下で入力してください。'] });
    expect((await setStatus(a.headers, world.id, 'あ'.repeat(40))).statusCode).toBe(200);
    await bSocket.next('presence.status');
    await setStatus(a.headers, world.id, 'あ'.repeat(41));
    expect(await bSocket.none('presence.status')).toBe(true);
    const [row] = await t.database.db
      .select({ nowDoing: worldMembers.nowDoing })
      .from(worldMembers)
      .where(and(eq(worldMembers.worldId, world.id), eq(worldMembers.userId, a.id)));
    expect(row?.nowDoing).toBe('あ'.repeat(40));
  });
});
