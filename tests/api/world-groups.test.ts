import { describe, expect, it } from 'vitest';
import { worldMembers } from '../../server/db/schema';
import { groupMessages } from '../../server/worlds/groups';
import { urlMessages } from '../../server/worlds/urls';
import { rateRules } from '../../server/http/rate-limit';
import { useTestServer } from './support/app';
import { testDbKind } from './support/database';
import { membershipCalls } from './support/members';
import { worldNotFoundMessage } from '../../server/db/world-locks';

const t = useTestServer();
const api = membershipCalls(t);

const groups = '/api/mypage/world_groups';

describe(`world groups and world URLs on ${testDbKind}`, () => {
  it('groups worlds the user owns, lists, renames, reorders and deletes the group (the worlds stay)', async () => {
    const owner = await api.person();
    const a = await api.world(owner.headers, 'A');
    const b = await api.world(owner.headers, 'B');
    const c = await api.world(owner.headers, 'C');
    const created = await api.send('POST', owner.headers, groups, {
      name: ' 展示会シリーズ ',
      worldIds: [b.id, a.id],
    });
    expect(created.statusCode, created.body).toBe(201);
    const group = created.json();
    expect(group).toMatchObject({ name: '展示会シリーズ', worldIds: [b.id, a.id] });

    expect((await api.get(owner.headers, groups)).json().items).toEqual([group]);
    const updated = await api.send('PATCH', owner.headers, `${groups}/${group.id}`, {
      name: '改名',
      worldIds: [c.id, a.id, b.id],
    });
    expect(updated.json()).toMatchObject({
      id: group.id,
      name: '改名',
      worldIds: [c.id, a.id, b.id],
    });
    expect((await api.get(owner.headers, `${groups}/${group.id}`)).json().worldIds).toEqual([
      c.id,
      a.id,
      b.id,
    ]);

    const same = await api.get(owner.headers, `/api/mypage/worlds/${a.id}/same_group_worlds`);
    expect(same.json().items).toEqual([
      { id: b.id, name: 'B', coverImageUrl: null, role: 'owner' },
      { id: c.id, name: 'C', coverImageUrl: null, role: 'owner' },
    ]);

    // A deleted world leaves the group's list.
    expect((await api.send('DELETE', owner.headers, `/api/mypage/worlds/${c.id}`)).statusCode).toBe(
      204,
    );
    expect((await api.get(owner.headers, `${groups}/${group.id}`)).json().worldIds).toEqual([
      a.id,
      b.id,
    ]);

    expect((await api.send('DELETE', owner.headers, `${groups}/${group.id}`)).statusCode).toBe(204);
    expect((await api.get(owner.headers, groups)).json().items).toEqual([]);
    expect((await api.get(owner.headers, `/api/mypage/worlds/${a.id}`)).statusCode).toBe(200);
  });

  it('refuses worlds the user does not own and blank names, writing nothing; other users’ groups are 404', async () => {
    const owner = await api.person();
    const mine = await api.world(owner.headers);
    const other = await api.person();
    const theirs = await api.world(other.headers);
    await api.member(theirs.id, 'staff');
    const staffed = await api.world(other.headers, 'スタッフ参加');
    await t.database.db
      .insert(worldMembers)
      .values({ worldId: staffed.id, userId: owner.id, role: 'staff' });

    for (const worldIds of [[theirs.id], [mine.id, staffed.id]]) {
      const res = await api.send('POST', owner.headers, groups, { name: 'まとめ', worldIds });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ errors: [groupMessages.notOwned] });
    }
    const blank = await api.send('POST', owner.headers, groups, { name: '  ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json()).toEqual({ errors: [groupMessages.nameRequired] });
    expect((await api.get(owner.headers, groups)).json().items).toEqual([]);

    const group = (
      await api.send('POST', owner.headers, groups, { name: 'まとめ', worldIds: [mine.id] })
    ).json();
    const refused = await api.send('PATCH', owner.headers, `${groups}/${group.id}`, {
      name: '変更',
      worldIds: [theirs.id],
    });
    expect(refused.statusCode).toBe(422);
    expect((await api.get(owner.headers, `${groups}/${group.id}`)).json()).toMatchObject({
      name: 'まとめ',
      worldIds: [mine.id],
    });

    for (const res of [
      await api.get(other.headers, `${groups}/${group.id}`),
      await api.send('PATCH', other.headers, `${groups}/${group.id}`, { name: '乗っ取り' }),
      await api.send('DELETE', other.headers, `${groups}/${group.id}`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ errors: [groupMessages.notFound] });
    }
    expect(
      (await api.get(other.headers, `/api/mypage/worlds/${mine.id}/same_group_worlds`)).statusCode,
    ).toBe(404);
  });

  it('answers a world’s URLs, sets a URL name that resolves to the world, and refuses a taken one', async () => {
    const owner = await api.person();
    const world = await api.world(owner.headers);
    const staff = await api.member(world.id, 'staff');
    const urls = await api.get(staff.headers, `/api/mypage/world_urls/${world.id}`);
    expect(urls.json()).toEqual({
      worldId: world.id,
      slug: null,
      worldUrl: `http://app.test/worlds/${world.id}`,
      gateUrl: `http://app.test/worlds/${world.id}/gate`,
      enterGuestUrl: `http://app.test/worlds/${world.id}/enterGuest`,
      instantEnterUrl: `http://app.test/worlds/${world.id}/instantEnter`,
    });
    const slug = `winter-${Date.now()}`;
    expect(
      (await api.send('PATCH', staff.headers, `/api/mypage/world_urls/${world.id}`, { slug }))
        .statusCode,
    ).toBe(403);
    const set = await api.send('PATCH', owner.headers, `/api/mypage/world_urls/${world.id}`, {
      slug,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().slug).toBe(slug);

    const resolved = await t.app.inject({ method: 'GET', url: `/api/world_ids/${slug}` });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toEqual({ worldId: world.id });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/world_ids/${world.id}` })).json(),
    ).toEqual({ worldId: world.id });

    const other = await api.person();
    const otherWorld = await api.world(other.headers);
    const taken = await api.send(
      'PATCH',
      other.headers,
      `/api/mypage/world_urls/${otherWorld.id}`,
      { slug },
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ errors: [urlMessages.taken] });
    const idShaped = await api.send(
      'PATCH',
      other.headers,
      `/api/mypage/world_urls/${otherWorld.id}`,
      { slug: world.id },
    );
    expect(idShaped.statusCode).toBe(422);
    expect((await api.get(other.headers, `/api/mypage/world_urls/${world.id}`)).statusCode).toBe(
      404,
    );

    expect(
      (
        await api.send('PATCH', owner.headers, `/api/mypage/world_urls/${world.id}`, { slug: null })
      ).json().slug,
    ).toBeNull();
    const gone = await t.app.inject({ method: 'GET', url: `/api/world_ids/${slug}` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ errors: [worldNotFoundMessage] });
    // A deleted world no longer resolves, by id either.
    await api.send('DELETE', owner.headers, `/api/mypage/worlds/${world.id}`);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/world_ids/${world.id}` })).statusCode,
    ).toBe(404);
  });

  it('limits how fast one address may resolve world URL names (429 with Retry-After)', async () => {
    const url = `/api/world_ids/no-such-name-${Date.now()}`;
    const remoteAddress = '198.51.100.7';
    const { limit } = rateRules.worldIdLookup.ip;
    for (let i = 0; i < limit; i++) {
      expect((await t.app.inject({ method: 'GET', url, remoteAddress })).statusCode).toBe(404);
    }
    const refused = await t.app.inject({ method: 'GET', url, remoteAddress });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held back by it.
    expect(
      (await t.app.inject({ method: 'GET', url, remoteAddress: '198.51.100.8' })).statusCode,
    ).toBe(404);
  });
});
