import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hashSecret } from '../../server/auth/secrets';
import { news, userPublicApiTokens, worldMembers } from '../../server/db/schema';
import { userMessages } from '../../server/users/users';
import { useTestServer } from './support/app';
import { checkoutCalls } from './support/checkout';
import { testDbKind } from './support/database';

const t = useTestServer();
const api = checkoutCalls(t);

describe(`users, tokens and news on ${testDbKind}`, () => {
  it('shows a profile to members of a shared world only', async () => {
    const owner = await api.owner();
    const world = await api.world(owner.headers);
    const member = await api.owner();
    const stranger = await api.owner();
    await t.database.db
      .insert(worldMembers)
      .values({ worldId: world.id, userId: member.id, role: 'user' });
    const seen = await t.app.inject({
      method: 'GET',
      url: `/api/users/${owner.id}`,
      headers: member.headers,
    });
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toEqual({
      id: owner.id,
      name: expect.any(String),
      isGuest: false,
      iconUrl: null,
      createdAt: expect.any(String),
    });
    expect(seen.json()).not.toHaveProperty('email');
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/users/${owner.id}`, headers: owner.headers }))
        .statusCode,
    ).toBe(200);
    const hidden = await t.app.inject({
      method: 'GET',
      url: `/api/users/${owner.id}`,
      headers: stranger.headers,
    });
    expect(hidden.statusCode).toBe(403);
    expect(hidden.json().errors).toEqual([userMessages.notShared]);
    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/users/00000000-0000-4000-8000-000000000000`,
      headers: owner.headers,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('shows a public API token once, keeps only its hash, replaces and revokes it', async () => {
    const user = await api.owner();
    const url = '/api/user_public_api_token';
    expect((await t.app.inject({ method: 'GET', url, headers: user.headers })).json()).toEqual({
      hasToken: false,
      tokenPrefix: null,
      createdAt: null,
      lastUsedAt: null,
    });
    const created = await t.app.inject({ method: 'POST', url, headers: user.headers });
    expect(created.statusCode).toBe(201);
    const { token } = created.json() as { token: string };
    expect(token).toMatch(/^wpat_[A-Za-z0-9_-]{22}$/);
    const [stored] = await t.database.db
      .select()
      .from(userPublicApiTokens)
      .where(eq(userPublicApiTokens.userId, user.id));
    expect(stored!.tokenHash).toBe(hashSecret(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    const status = (await t.app.inject({ method: 'GET', url, headers: user.headers })).json();
    expect(status).toMatchObject({ hasToken: true, tokenPrefix: token.slice(0, 9) });
    expect(JSON.stringify(status)).not.toContain(token);

    const replaced = (await t.app.inject({ method: 'POST', url, headers: user.headers })).json()
      .token as string;
    expect(replaced).not.toBe(token);
    const [after] = await t.database.db
      .select()
      .from(userPublicApiTokens)
      .where(eq(userPublicApiTokens.userId, user.id));
    expect(after!.tokenHash).toBe(hashSecret(replaced));
    expect((await t.app.inject({ method: 'DELETE', url, headers: user.headers })).statusCode).toBe(
      204,
    );
    expect(
      (await t.app.inject({ method: 'GET', url, headers: user.headers })).json().hasToken,
    ).toBe(false);
  });

  it('lists published news newest first, a page at a time, to anyone', async () => {
    const now = t.clock.now().getTime();
    await t.database.db.insert(news).values([
      { title: '古いお知らせ', publishedAt: new Date(now - 2 * 86_400_000) },
      {
        title: '新しいお知らせ',
        body: '本文',
        url: 'https://example.com/n',
        publishedAt: new Date(now - 60_000),
      },
      { title: '予約投稿', publishedAt: new Date(now + 86_400_000) },
    ]);
    const first = await t.app.inject({ method: 'GET', url: '/api/news?perPage=1' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      page: 1,
      perPage: 1,
      total: 2,
      items: [{ title: '新しいお知らせ', body: '本文', url: 'https://example.com/n' }],
    });
    const second = await t.app.inject({ method: 'GET', url: '/api/news?perPage=1&page=2' });
    expect(second.json().items.map((n: { title: string }) => n.title)).toEqual(['古いお知らせ']);
  });
});
