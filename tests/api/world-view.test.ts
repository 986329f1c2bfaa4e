import { describe, expect, it } from 'vitest';
import { bellMessages } from '../../server/worlds/bell';
import { TRIAL_CAPACITY } from '../../src/domain/price';
import { useTestServer } from './support/app';
import { testDbKind } from './support/database';
import { connect, listenWithSockets } from './support/realtime';
import type { AuthHeaders } from './support/session';
import { worldPeople } from './support/world-members';

const t = useTestServer();
const people = worldPeople(t);
const open = listenWithSockets(t);

const get = (headers: AuthHeaders | undefined, url: string) =>
  t.app.inject({ method: 'GET', url, headers });

async function socket(headers: AuthHeaders, worldId: string, label: string) {
  const client = await connect(t.app, headers, worldId, label);
  open.push(client);
  return client;
}

describe(`a world for its attendees on ${testDbKind}`, () => {
  it('shows the world with its main space, the trial capacity and the board; outline and card too', async () => {
    const { owner, world, members, mainSpace } = await people.world(['user']);
    const view = await get(members[0]!.headers, `/api/worlds/${world.id}`);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({
      id: world.id,
      role: 'user',
      mainSpaceId: mainSpace,
      capacity: TRIAL_CAPACITY,
      currentCalendarDateId: null,
      informationBoard: { body: '', visible: false, updatedAt: null },
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/worlds/${world.id}/chime_meetings`,
      headers: owner.headers,
      payload: { spaceId: mainSpace },
    });
    const outline = (await get(members[0]!.headers, `/api/worlds/${world.id}/outline`)).json();
    expect(outline).toMatchObject({
      capacity: TRIAL_CAPACITY,
      currentAttendees: 1,
      role: 'user',
      nextEvent: null,
    });
    const card = (await get(members[0]!.headers, `/api/worlds/${world.id}/abstract`)).json();
    expect(card).toMatchObject({ id: world.id, memberCount: 2 });
    expect(
      (await get((await people.stranger()).headers, `/api/worlds/${world.id}`)).statusCode,
    ).toBe(404);
  });

  it('gives a copied world a main space of its own', async () => {
    const { owner, world, mainSpace } = await people.world([]);
    const copy = await t.app.inject({
      method: 'POST',
      url: `/api/worlds/${world.id}/copy`,
      headers: owner.headers,
      payload: {},
    });
    const view = (await get(owner.headers, `/api/worlds/${copy.json().id}`)).json();
    expect(view.mainSpaceId).toEqual(expect.any(String));
    expect(view.mainSpaceId).not.toBe(mainSpace);
  });

  it('shows the public outline without a session, with guest entry open while a guest link is usable', async () => {
    const { owner, world } = await people.world([]);
    const closed = await get(undefined, `/api/world_outlines/${world.id}`);
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({
      id: world.id,
      guestEntryEnabled: false,
      instantEnterEnabled: false,
      nextEvent: null,
    });
    const link = await t.app.inject({
      method: 'POST',
      url: `/api/mypage/worlds/${world.id}/world_guest_tokens`,
      headers: owner.headers,
      payload: {},
    });
    expect(link.statusCode, link.body).toBe(201);
    expect((await get(undefined, `/api/world_outlines/${world.id}`)).json().guestEntryEnabled).toBe(
      true,
    );
  });

  it('lets owner and staff update the board, and tells everyone inside', async () => {
    const { world, members } = await people.world(['staff', 'user']);
    const [staff, user] = members as [(typeof members)[0], (typeof members)[0]];
    const userSocket = await socket(user.headers, world.id, 'user');
    const url = `/api/worlds/${world.id}/information_board`;
    expect(
      (await t.app.inject({ method: 'PATCH', url, headers: user.headers, payload: { body: 'x' } }))
        .statusCode,
    ).toBe(403);
    const res = await t.app.inject({
      method: 'PATCH',
      url,
      headers: staff.headers,
      payload: { body: '15時から表彰式です。', visible: true },
    });
    expect(res.json()).toMatchObject({
      body: '15時から表彰式です。',
      visible: true,
      updatedAt: expect.any(String),
    });
    await userSocket.next('world.informationBoardUpdated');
    const hidden = await t.app.inject({
      method: 'PATCH',
      url,
      headers: staff.headers,
      payload: { visible: false },
    });
    expect(hidden.json()).toMatchObject({ body: '15時から表彰式です。', visible: false });
    expect((await get(user.headers, url)).json().visible).toBe(false);
  });

  it('lets owner and staff ring the bell for everyone or a space of the world, and tells everyone inside', async () => {
    const { owner, world, members, mainSpace } = await people.world(['staff', 'user']);
    const [staff, user] = members as [(typeof members)[0], (typeof members)[0]];
    const userSocket = await socket(user.headers, world.id, 'user');
    const url = `/api/bell_callings/${world.id}`;
    const ring = (headers: AuthHeaders, payload: object) =>
      t.app.inject({ method: 'POST', url, headers, payload });

    expect((await ring(user.headers, {})).statusCode).toBe(403);
    const everyone = await ring(staff.headers, { message: '  まもなく開始します  ' });
    expect(everyone.statusCode, everyone.body).toBe(201);
    expect(everyone.json()).toMatchObject({
      worldId: world.id,
      spaceId: null,
      message: 'まもなく開始します',
    });
    expect(await userSocket.next('bell.rang')).toMatchObject({
      spaceId: null,
      message: 'まもなく開始します',
    });

    const space = await ring(owner.headers, { spaceId: mainSpace });
    expect(space.statusCode, space.body).toBe(201);
    expect(await userSocket.next('bell.rang')).toMatchObject({ spaceId: mainSpace, message: null });

    // A space of another world is refused, and nobody is rung.
    const other = await people.world([]);
    const foreign = await ring(owner.headers, { spaceId: other.mainSpace });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual([bellMessages.spaceNotInWorld]);
  });

  it('tells owner and staff, and only them, that someone entered, and lists the entries', async () => {
    const { owner, world, members } = await people.world(['staff', 'user']);
    const [staff, user] = members as [(typeof members)[0], (typeof members)[0]];
    const ownerSocket = await socket(owner.headers, world.id, 'owner');
    const staffSocket = await socket(staff.headers, world.id, 'staff');
    const userSocket = await socket(user.headers, world.id, 'user');
    const url = `/api/worlds/${world.id}/enter_notifications`;
    const entered = await t.app.inject({ method: 'POST', url, headers: user.headers });
    expect(entered.statusCode).toBe(201);
    expect(entered.json()).toMatchObject({ userId: user.id, isGuest: false });
    expect(await ownerSocket.next('world.entered')).toMatchObject({
      userId: user.id,
      isGuest: false,
    });
    await staffSocket.next('world.entered');
    expect(await userSocket.none('world.entered')).toBe(true);

    const list = (await get(owner.headers, url)).json();
    expect(list).toMatchObject({ page: 1, total: 1, items: [{ userId: user.id }] });
    expect((await get(user.headers, url)).statusCode).toBe(403);
  });

  it('keeps an entry when someone comes into the world by joining, not when they join again inside it', async () => {
    const { owner, world, members, mainSpace } = await people.world(['user']);
    const user = members[0]!;
    const ownerSocket = await socket(owner.headers, world.id, 'owner');
    const join = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/worlds/${world.id}/chime_meetings`,
        headers: user.headers,
        payload: { spaceId: mainSpace },
      });
    expect((await join()).statusCode).toBe(201);
    expect(await ownerSocket.next('world.entered')).toMatchObject({ userId: user.id });
    // Joining again from inside the world (a move, another tab) is not an entry.
    expect((await join()).statusCode).toBe(201);
    const list = (await get(owner.headers, `/api/worlds/${world.id}/enter_notifications`)).json();
    expect(list).toMatchObject({ total: 1, items: [{ userId: user.id, isGuest: false }] });
  });
});
