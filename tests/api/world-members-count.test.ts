import { describe, expect, it } from 'vitest';
import { worldMembers } from '../../server/db/schema';
import { createGuestUser } from '../../server/guests/guests';
import { useTestServer } from './support/app';
import { testDbKind } from './support/database';
import { connect, listenWithSockets } from './support/realtime';
import { worldPeople } from './support/world-members';

const t = useTestServer();
const people = worldPeople(t);
const open = listenWithSockets(t);

const countsOf = (worldId: string) => `/api/mypage/worlds/${worldId}/world_members_counts`;

describe(`world members count on ${testDbKind}`, () => {
  it('counts members by role, and those connected now once each, however many tabs', async () => {
    const { owner, world, members } = await people.world(['staff', 'user', 'user']);
    const [staff, user] = members as [(typeof members)[0], (typeof members)[0]];
    const coOwner = await people.stranger();
    await t.database.db
      .insert(worldMembers)
      .values({ worldId: world.id, userId: coOwner.id, role: 'owner' });
    await createGuestUser(
      t.database.db,
      world.id,
      { name: 'ゲスト', createdBy: owner.id },
      t.clock.now(),
    );
    const count = async () =>
      (
        await t.app.inject({ method: 'GET', url: countsOf(world.id), headers: owner.headers })
      ).json();

    expect(await count()).toEqual({
      owners: 2,
      staff: 1,
      users: 2,
      guests: 1,
      total: 6,
      online: 0,
    });

    const watcher = await connect(t.app, owner.headers, world.id);
    const tab1 = await connect(t.app, user.headers, world.id);
    const tab2 = await connect(t.app, user.headers, world.id);
    open.push(watcher, tab1, tab2);
    expect((await count()).online).toBe(2);
    await tab1.close();
    await tab2.close();
    await watcher.next('presence.left');
    expect((await count()).online).toBe(1);

    const asStaff = await t.app.inject({
      method: 'GET',
      url: countsOf(world.id),
      headers: staff.headers,
    });
    expect(asStaff.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: countsOf(world.id), headers: user.headers }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: countsOf(world.id),
          headers: (await people.stranger()).headers,
        })
      ).statusCode,
    ).toBe(404);
  });
});
