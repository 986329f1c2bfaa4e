import { describe, expect, it } from 'vitest';
import { TRIAL_CAPACITY } from '../../src/domain/price';
import { instantMessages } from '../../server/guests/links';
import { joinMessages } from '../../server/meetings/join';
import { useTestServer } from './support/app';
import { testDbKind } from './support/database';
import { type AuthHeaders, anyIp } from './support/session';
import { worldPeople } from './support/world-members';

const t = useTestServer();
const people = worldPeople(t);

const rightOf = (worldId: string) => `/api/worlds/${worldId}/my_instant_enter_access_right`;
const entrancesOf = (worldId: string) => `/api/mypage/worlds/${worldId}/instant_entrances`;

async function openEntrance(headers: AuthHeaders, worldId: string, body: object = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: entrancesOf(worldId),
    headers,
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  const entrance = res.json() as { id: string; url: string };
  return { id: entrance.id, token: new URL(entrance.url).searchParams.get('token')! };
}

const right = (worldId: string, token: string) =>
  t.app.inject({ method: 'GET', url: rightOf(worldId), query: { token } });
const enter = (worldId: string, token: string, name = '来場者') =>
  t.app.inject({
    method: 'POST',
    url: rightOf(worldId),
    payload: { token, name, botToken: 'x' },
    remoteAddress: anyIp(),
  });

describe(`instant entry on ${testDbKind}`, () => {
  it('lets a visitor in as a new signed-in guest of the world with an open entrance, counting the use', async () => {
    const { owner, world } = await people.world([]);
    const { token } = await openEntrance(owner.headers, world.id, { maxUses: 2 });

    const before = await right(world.id, token);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toEqual({
      available: true,
      reason: 'open',
      message: null,
      capacity: TRIAL_CAPACITY,
      currentAttendees: 0,
    });

    const entered = await enter(world.id, token, ' 受付の佐藤 ');
    expect(entered.statusCode, entered.body).toBe(201);
    expect(entered.json()).toMatchObject({
      worldId: world.id,
      data: { name: '受付の佐藤', isGuest: true },
    });
    const headers = {
      'access-token': String(entered.headers['access-token']),
      client: String(entered.headers.client),
      uid: String(entered.headers.uid),
    };
    const outline = await t.app.inject({
      method: 'GET',
      url: `/api/worlds/${world.id}/outline`,
      headers,
    });
    expect(outline.json()).toMatchObject({ role: 'guest' });

    const listed = await t.app.inject({
      method: 'GET',
      url: entrancesOf(world.id),
      headers: owner.headers,
    });
    expect(listed.json().items[0]).toMatchObject({ uses: 1, enabled: true, stoppedAt: null });
  });

  it('refuses with 422 once the entrance is used up or expired, saying why', async () => {
    const { owner, world } = await people.world([]);
    const once = await openEntrance(owner.headers, world.id, { maxUses: 1 });
    expect((await enter(world.id, once.token)).statusCode).toBe(201);
    const usedUp = await enter(world.id, once.token);
    expect([usedUp.statusCode, usedUp.json()]).toEqual([422, { errors: [instantMessages.usedUp] }]);
    expect((await right(world.id, once.token)).json()).toMatchObject({
      available: false,
      reason: 'usedUp',
      message: instantMessages.usedUp,
    });

    const soon = await openEntrance(owner.headers, world.id, {
      expiresAt: new Date(t.clock.now().getTime() + 60_000).toISOString(),
    });
    t.clock.advance(61);
    const expired = await enter(world.id, soon.token);
    expect([expired.statusCode, expired.json()]).toEqual([
      422,
      { errors: [instantMessages.expired] },
    ]);
    expect((await right(world.id, soon.token)).json()).toMatchObject({
      available: false,
      reason: 'expired',
    });
  });

  it('lets owner and staff stop an entrance, which stays listed as stopped and lets nobody in', async () => {
    const { owner, world, members } = await people.world(['staff', 'user']);
    const [staff, user] = members as [(typeof members)[0], (typeof members)[0]];
    const { id, token } = await openEntrance(owner.headers, world.id, { label: '受付' });
    const stopUrl = `${entrancesOf(world.id)}/${id}`;

    expect(
      (await t.app.inject({ method: 'DELETE', url: stopUrl, headers: user.headers })).statusCode,
    ).toBe(403);
    const stranger = await people.stranger();
    expect(
      (await t.app.inject({ method: 'DELETE', url: stopUrl, headers: stranger.headers }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: stopUrl, headers: staff.headers })).statusCode,
    ).toBe(204);
    const again = await t.app.inject({ method: 'DELETE', url: stopUrl, headers: owner.headers });
    expect([again.statusCode, again.json()]).toEqual([404, { errors: [instantMessages.notFound] }]);

    const listed = await t.app.inject({
      method: 'GET',
      url: entrancesOf(world.id),
      headers: owner.headers,
    });
    expect(listed.json().items).toEqual([
      expect.objectContaining({ id, enabled: false, stoppedAt: t.clock.now().toISOString() }),
    ]);
    const refused = await enter(world.id, token);
    expect([refused.statusCode, refused.json()]).toEqual([
      422,
      { errors: [instantMessages.revoked] },
    ]);
    expect(instantMessages.revoked).toContain('停止されています');
    expect((await right(world.id, token)).json()).toMatchObject({
      available: false,
      reason: 'stopped',
    });
  });

  it('refuses while the world is full (8 outside a reserved date) and gives the use back', async () => {
    const { owner, world, members, mainSpace } = await people.world(
      Array.from({ length: TRIAL_CAPACITY }, () => 'user' as const),
    );
    const { token } = await openEntrance(owner.headers, world.id, { maxUses: 5 });
    for (const member of members) {
      const joined = await t.app.inject({
        method: 'POST',
        url: `/api/worlds/${world.id}/chime_meetings`,
        headers: member.headers,
        payload: { spaceId: mainSpace },
      });
      expect(joined.statusCode, joined.body).toBe(201);
    }
    expect((await right(world.id, token)).json()).toEqual({
      available: false,
      reason: 'full',
      message: joinMessages.full(TRIAL_CAPACITY),
      capacity: TRIAL_CAPACITY,
      currentAttendees: TRIAL_CAPACITY,
    });
    const full = await enter(world.id, token);
    expect([full.statusCode, full.json()]).toEqual([
      422,
      { errors: ['このワールドは満員です（定員8名）。'] },
    ]);
    const listed = await t.app.inject({
      method: 'GET',
      url: entrancesOf(world.id),
      headers: owner.headers,
    });
    expect(listed.json().items[0].uses).toBe(0);
  });

  it('knows only the world’s own instant entrances: another world’s, or a shared guest link, is 404', async () => {
    const { owner, world } = await people.world([]);
    const other = await people.world([]);
    const { token } = await openEntrance(other.owner.headers, other.world.id);
    const shared = await t.app.inject({
      method: 'POST',
      url: `/api/mypage/worlds/${world.id}/world_guest_tokens`,
      headers: owner.headers,
      payload: {},
    });
    const sharedToken = shared.json().token as string;
    for (const wrong of [token, sharedToken, 'nope']) {
      const res = await enter(world.id, wrong);
      expect([res.statusCode, res.json()]).toEqual([
        404,
        { errors: [instantMessages.unknownLink] },
      ]);
      expect((await right(world.id, wrong)).statusCode).toBe(404);
    }
    expect((await right(other.world.id, token)).json().available).toBe(true);
  });

  it('shows in the public outline whether instant entry is open, and the next published event', async () => {
    const { owner, world } = await people.world([]);
    const outline = () =>
      t.app.inject({ method: 'GET', url: `/api/world_outlines/${world.id}` }).then((r) => r.json());
    expect(await outline()).toMatchObject({ instantEnterEnabled: false, nextEvent: null });
    const { id } = await openEntrance(owner.headers, world.id);
    expect((await outline()).instantEnterEnabled).toBe(true);
    await t.app.inject({
      method: 'DELETE',
      url: `${entrancesOf(world.id)}/${id}`,
      headers: owner.headers,
    });
    expect((await outline()).instantEnterEnabled).toBe(false);

    const at = (hours: number) =>
      new Date(t.clock.now().getTime() + hours * 3600_000).toISOString();
    const announce = async (title: string, startHours: number, publishedAt: string | null) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/mypage/worlds/${world.id}/event_announcements`,
        headers: owner.headers,
        payload: {
          title,
          startAt: at(startHours),
          endAt: at(startHours + 1),
          capacity: 10,
          publishedAt,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: string };
    };
    await announce('下書き', 1, null);
    await announce('終わった回', -3, at(-5));
    await announce('来週', 24 * 7, at(0));
    const next = await announce('明日', 24, at(0));
    const expected = { id: next.id, title: '明日', startAt: at(24), endAt: at(25) };
    expect((await outline()).nextEvent).toEqual(expected);
    const member = await t.app.inject({
      method: 'GET',
      url: `/api/worlds/${world.id}/outline`,
      headers: owner.headers,
    });
    expect(member.json().nextEvent).toEqual(expected);
  });
});
