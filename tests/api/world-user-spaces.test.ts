import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users, worldMembers } from '../../server/db/schema';
import { layoutMessages } from '../../src/domain/layout';
import { useTestServer } from './support/app';
import { testDbKind } from './support/database';
import type { AuthHeaders } from './support/session';
import { worldPeople } from './support/world-members';
import { worldNotFoundMessage } from '../../server/db/world-locks';

const t = useTestServer();
const people = worldPeople(t);

/** A world whose layout has one table of `seats` seats beside the hall, with `users` members. */
async function worldWithTable(seats: number, users: number) {
  const setup = await people.world(Array.from({ length: users }, () => 'user' as const));
  const res = await t.app.inject({
    method: 'PATCH',
    url: `/api/mypage/layouts/${setup.world.id}`,
    headers: setup.owner.headers,
    payload: {
      version: 0,
      name: '会場',
      baseSpaceId: null,
      backgroundColor: '#FFFFFF',
      backgroundImageUrl: null,
      spaces: [
        { name: 'ホール', kind: 'hall', x: 0, y: 0, width: 600, height: 800, capacity: 100 },
        { name: '窓際', kind: 'table', x: 600, y: 0, width: 200, height: 200, capacity: seats },
      ],
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...setup, tableId: res.json().spaces[1].id as string };
}

const move = (headers: AuthHeaders, worldId: string, spaceId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/mypage/world_user_spaces',
    headers,
    payload: { worldId, spaceId },
  });
const get = (headers: AuthHeaders, url: string) => t.app.inject({ method: 'GET', url, headers });

async function rename(id: string, name: string) {
  await t.database.db.update(users).set({ name }).where(eq(users.id, id));
}

describe(`world user spaces on ${testDbKind}`, () => {
  it('moves an attendee between spaces, one row each, and lists who is where', async () => {
    const { owner, world, members, tableId, mainSpace } = await worldWithTable(4, 1);
    await rename(owner.id, '山田花子');
    await rename(members[0]!.id, '佐藤太郎');
    expect((await move(owner.headers, world.id, tableId)).statusCode).toBe(201);
    const moved = await move(members[0]!.headers, world.id, tableId);
    expect(moved.json()).toMatchObject({
      userName: '佐藤太郎',
      spaceId: tableId,
      spaceName: '窓際',
    });
    await move(owner.headers, world.id, mainSpace);

    const list = await get(
      members[0]!.headers,
      `/api/mypage/world_user_spaces?worldId=${world.id}`,
    );
    expect(list.statusCode).toBe(200);
    expect(
      list
        .json()
        .items.map((r: { userName: string; spaceName: string }) => [r.userName, r.spaceName]),
    ).toEqual([
      ['山田花子', 'ホール'],
      ['佐藤太郎', '窓際'],
    ]);
  });

  it('finds attendees by part of their name across spaces, % and _ as plain characters', async () => {
    const { owner, world, members, tableId, mainSpace } = await worldWithTable(4, 2);
    await rename(owner.id, '山田花子');
    await rename(members[0]!.id, '山本一郎');
    await rename(members[1]!.id, '100%_田中');
    await move(owner.headers, world.id, tableId);
    await move(members[0]!.headers, world.id, mainSpace);
    await move(members[1]!.headers, world.id, mainSpace);
    const search = async (q: string) =>
      (
        await get(
          owner.headers,
          `/api/mypage/world_user_spaces/search?worldId=${world.id}&q=${encodeURIComponent(q)}`,
        )
      )
        .json()
        .items.map((r: { userName: string }) => r.userName);
    expect((await search('山')).sort()).toEqual(['山本一郎', '山田花子']);
    expect(await search('%_')).toEqual(['100%_田中']);
    expect(await search('鈴木')).toEqual([]);
  });

  it('refuses a full table with its name and seat count; staying put is not a move', async () => {
    const { owner, world, members, tableId } = await worldWithTable(1, 1);
    expect((await move(owner.headers, world.id, tableId)).statusCode).toBe(201);
    expect((await move(owner.headers, world.id, tableId)).statusCode).toBe(201);
    const full = await move(members[0]!.headers, world.id, tableId);
    expect([full.statusCode, full.json().errors]).toEqual([422, [layoutMessages.full('窓際', 1)]]);
    expect(layoutMessages.full('窓際', 1)).toBe(
      '「窓際」は満席です（1席）。別のテーブルを選んでください。',
    );
  });

  it("refuses another world's space and callers outside the world", async () => {
    const { owner, world } = await worldWithTable(2, 0);
    const other = await worldWithTable(2, 0);
    const foreign = await move(owner.headers, world.id, other.tableId);
    expect([foreign.statusCode, foreign.json().errors]).toEqual([
      404,
      [layoutMessages.spaceNotFound],
    ]);
    const outsider = await move(other.owner.headers, world.id, other.tableId);
    expect([outsider.statusCode, outsider.json().errors]).toEqual([404, [worldNotFoundMessage]]);
    const listed = await get(
      other.owner.headers,
      `/api/mypage/world_user_spaces?worldId=${world.id}`,
    );
    expect(listed.statusCode).toBe(404);
  });

  it('lets exactly one of simultaneous moves into the last seat in', async () => {
    const { owner, world, members, tableId } = await worldWithTable(2, 8);
    await move(owner.headers, world.id, tableId);
    const answers = await Promise.all(members.map((m) => move(m.headers, world.id, tableId)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, ...Array<number>(7).fill(422)]);
    const layout = await get(owner.headers, `/api/mypage/layouts/${world.id}`);
    expect(layout.json().spaces[1]).toMatchObject({ capacity: 2, occupancy: 2 });
  });

  // The map in the world (ADR 015, docs/product.md §3): a space's meeting is for the people seated there.
  const post = (headers: AuthHeaders, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers, payload });
  const join = (headers: AuthHeaders, worldId: string, spaceId: string) =>
    post(headers, `/api/worlds/${worldId}/chime_meetings`, { spaceId });

  it("a table's meeting seats its seat count: the next attendee is refused, leaving frees the seat", async () => {
    const { owner, world, members, tableId } = await worldWithTable(2, 2);
    expect((await join(owner.headers, world.id, tableId)).statusCode).toBe(201);
    const second = await join(members[0]!.headers, world.id, tableId);
    expect(second.statusCode).toBe(201);
    const third = await join(members[1]!.headers, world.id, tableId);
    expect([third.statusCode, third.json().errors]).toEqual([
      422,
      ['「窓際」は満席です（2席）。別のテーブルを選んでください。'],
    ]);
    const left = await post(
      members[0]!.headers,
      `/api/worlds/${world.id}/chime_meetings/${second.json().id as string}/leave`,
      {},
    );
    expect(left.statusCode, left.body).toBe(200);
    expect((await join(members[1]!.headers, world.id, tableId)).statusCode).toBe(201);
  });

  it('moving to another space ends the attendance at the last one and keeps a forced microphone off', async () => {
    const { owner, world, members, tableId, mainSpace } = await worldWithTable(4, 1);
    const user = members[0]!;
    const inHall = (await join(user.headers, world.id, mainSpace)).json();
    const forced = await post(
      owner.headers,
      `/api/worlds/${world.id}/chime_meetings/${inHall.id as string}/force_devices`,
      { userId: user.id, device: 'mic', disabled: true },
    );
    expect(forced.statusCode, forced.body).toBe(200);
    const atTable = await join(user.headers, world.id, tableId);
    expect(atTable.json()).toMatchObject({ spaceId: tableId, micForceDisabled: true });
    const hall = await get(owner.headers, `/api/worlds/${world.id}/chime_meetings/${inHall.id}`);
    expect(hall.json().attendees ?? []).not.toContainEqual(
      expect.objectContaining({ userId: user.id }),
    );
    const list = await get(owner.headers, `/api/mypage/world_user_spaces?worldId=${world.id}`);
    expect(list.json().items).toMatchObject([{ userId: user.id, spaceId: tableId }]);
  });

  it('lets members and guests read the layout through the world, and nobody else', async () => {
    const { owner, world, tableId } = await worldWithTable(3, 0);
    const guest = await people.stranger();
    await t.database.db
      .insert(worldMembers)
      .values({ worldId: world.id, userId: guest.id, role: 'guest' });
    const read = await get(guest.headers, `/api/worlds/${world.id}/layout`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().spaces).toContainEqual(
      expect.objectContaining({ id: tableId, name: '窓際', capacity: 3 }),
    );
    expect((await get(owner.headers, `/api/worlds/${world.id}/layout`)).statusCode).toBe(200);
    const stranger = await people.stranger();
    expect((await get(stranger.headers, `/api/worlds/${world.id}/layout`)).statusCode).toBe(404);
  });
});
