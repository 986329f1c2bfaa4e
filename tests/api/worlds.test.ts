import { describe, expect, it } from 'vitest';
import { useTestServer } from './support/app';
import { testDbKind } from './support/database';
import { newSignedInUser } from './support/session';

const t = useTestServer();

describe(`worlds on ${testDbKind}`, () => {
  it('creates a world from a name alone, every other field defaulted, owned by the creator', async () => {
    const { headers } = await newSignedInUser(t.app, t.database.db);
    const res = await t.app.inject({ method: 'POST', url: '/api/mypage/worlds', headers, payload: { name: '夏祭り' } });
    expect(res.statusCode).toBe(201);
    const me = (await t.app.inject({ method: 'GET', url: '/api/mypage/me', headers })).json();
    expect(res.json()).toMatchObject({
      name: '夏祭り',
      description: '',
      timeZone: 'Asia/Tokyo',
      coverImageUrl: null,
      ownerId: me.id,
      role: 'owner',
    });
  });

  it("lists only the caller's worlds, newest first, paginated", async () => {
    const a = await newSignedInUser(t.app, t.database.db);
    const b = await newSignedInUser(t.app, t.database.db);
    for (const name of ['一', '二', '三']) {
      t.clock.advance(1);
      await t.app.inject({ method: 'POST', url: '/api/mypage/worlds', headers: a.headers, payload: { name } });
    }
    await t.app.inject({ method: 'POST', url: '/api/mypage/worlds', headers: b.headers, payload: { name: 'B のワールド' } });
    const page1 = (await t.app.inject({ method: 'GET', url: '/api/mypage/worlds?perPage=2', headers: a.headers })).json();
    expect(page1.items.map((w: { name: string }) => w.name)).toEqual(['三', '二']);
    expect(page1).toMatchObject({ page: 1, perPage: 2, total: 3 });
    const page2 = (await t.app.inject({ method: 'GET', url: '/api/mypage/worlds?perPage=2&page=2', headers: a.headers })).json();
    expect(page2.items.map((w: { name: string }) => w.name)).toEqual(['一']);
  });

  it("hides another user's world as not found, and needs a session", async () => {
    const owner = await newSignedInUser(t.app, t.database.db);
    const stranger = await newSignedInUser(t.app, t.database.db);
    const world = (
      await t.app.inject({ method: 'POST', url: '/api/mypage/worlds', headers: owner.headers, payload: { name: '秘密' } })
    ).json();
    const asOwner = await t.app.inject({ method: 'GET', url: `/api/mypage/worlds/${world.id}`, headers: owner.headers });
    expect(asOwner.statusCode).toBe(200);
    const asStranger = await t.app.inject({ method: 'GET', url: `/api/mypage/worlds/${world.id}`, headers: stranger.headers });
    expect(asStranger.statusCode).toBe(404);
    expect(asStranger.json()).toEqual({ errors: ['ワールドが見つかりません。'] });
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/mypage/worlds/${world.id}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers the same with a .json suffix', async () => {
    const { headers } = await newSignedInUser(t.app, t.database.db);
    const plain = await t.app.inject({ method: 'GET', url: '/api/mypage/me', headers });
    const suffixed = await t.app.inject({ method: 'GET', url: '/api/mypage/me.json', headers });
    expect(suffixed.statusCode).toBe(200);
    expect(suffixed.json()).toEqual(plain.json());
  });
});
