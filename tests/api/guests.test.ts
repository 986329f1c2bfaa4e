import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountMessages } from '../../server/auth/accounts';
import { unauthorizedMessage } from '../../server/auth/hook';
import { users, worldGuestTokens, worldMembers, worlds } from '../../server/db/schema';
import { guestForbiddenMessage } from '../../server/guests/guard';
import { guestMessages } from '../../server/guests/guests';
import { linkMessages } from '../../server/guests/links';
import { rateRules } from '../../server/http/rate-limit';
import { listMails } from '../../server/mail/outbox';
import { listOperations, loadDocument } from '../../server/openapi/document';
import { forbiddenMessage } from '../../server/worlds/access';
import { useTestServer } from './support/app';
import { useFakeBotCheck } from './support/fake-bot-check';
import { testDbKind } from './support/database';
import { type AuthHeaders, anyIp, createWorld, follow, newSignedInUser } from './support/session';
import { worldNotFoundMessage } from '../../server/db/world-locks';

type T = ReturnType<typeof useTestServer>;
type Link = {
  id: string;
  token: string;
  url: string;
  label: string | null;
  expiresAt: string | null;
  maxUses: number | null;
  uses: number;
};

/** The calls of this file, on one test server. */
function calls(t: T) {
  return {
    owner: () => newSignedInUser(t.app, t.database.db),
    world: (headers: AuthHeaders, name?: string) => createWorld(t.app, headers, name),
    async link(headers: AuthHeaders, worldId: string, payload: Record<string, unknown> = {}) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/mypage/worlds/${worldId}/world_guest_tokens`,
        headers,
        payload,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as Link;
    },
    enter(
      token: string,
      payload: Record<string, unknown> = { name: 'ゲスト' },
      remoteAddress = anyIp(),
    ) {
      return t.app.inject({
        method: 'POST',
        url: `/api/world_guest_tokens/${token}`,
        payload,
        remoteAddress,
      });
    },
    /** Enters and answers the guest's session headers and user. */
    async guest(token: string, name = 'ゲスト') {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/world_guest_tokens/${token}`,
        payload: { name },
        remoteAddress: anyIp(),
      });
      expect(res.statusCode, res.body).toBe(201);
      const headers: AuthHeaders = {
        'access-token': String(res.headers['access-token']),
        client: String(res.headers.client),
        uid: String(res.headers.uid),
      };
      return {
        headers,
        user: res.json().data as { id: string; email: string; name: string; isGuest: boolean },
      };
    },
    validate(headers: AuthHeaders) {
      return t.app.inject({ method: 'GET', url: '/api/auth/validate_token', headers });
    },
    async addMember(worldId: string, role: 'staff' | 'user') {
      const member = await this.owner();
      await t.database.db.insert(worldMembers).values({ worldId, userId: member.id, role });
      return member;
    },
  };
}

const t = useTestServer();
const api = calls(t);

describe(`guest links on ${testDbKind}`, () => {
  it('lets a signed-out visitor enter with a name and get a guest session for that world only', async () => {
    const owner = await api.owner();
    const world = await api.world(owner.headers);
    const link = await api.link(owner.headers, world.id, { label: '受付', maxUses: 10 });
    expect(link).toMatchObject({ label: '受付', maxUses: 10, uses: 0, expiresAt: null });
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{22}$/); // 128 bits, base64url
    expect(link.url).toBe(`http://app.test/worlds/${world.id}/enterGuest?token=${link.token}`);

    const info = await t.app.inject({
      method: 'GET',
      url: `/api/world_guest_tokens/${link.token}`,
    });
    expect(info.statusCode).toBe(200);
    // The world's name and whether the link works: nothing about uses, limits or who made it.
    expect(info.json()).toEqual({
      worldId: world.id,
      worldName: '夏祭り',
      coverImageUrl: null,
      expiresAt: null,
      valid: true,
      // A shared link names nobody; only an event registrant's own link does.
      guestName: null,
      // Nothing saved for the enter page yet.
      introduction: { body: '', imageUrl: null, updatedAt: null },
      badges: [],
    });

    const res = await api.enter(link.token, { name: '  ゲスト太郎 ' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      worldId: world.id,
      data: { name: 'ゲスト太郎', isGuest: true, unconfirmedEmail: null },
    });
    expect(body.data.email).toMatch(/^guest-[0-9a-f-]{36}@guest\.invalid$/);
    expect(res.headers).toMatchObject({
      'token-type': 'Bearer',
      uid: body.data.email,
      client: expect.any(String),
    });
    expect(String(res.headers['access-token'])).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(Number(res.headers.expiry)).toBeGreaterThan(t.clock.now().getTime() / 1000);
    const headers: AuthHeaders = {
      'access-token': String(res.headers['access-token']),
      client: String(res.headers.client),
      uid: String(res.headers.uid),
    };

    const validated = await api.validate(headers);
    expect(validated.statusCode).toBe(200);
    expect(validated.json().data).toMatchObject({
      id: body.data.id,
      isGuest: true,
      name: 'ゲスト太郎',
    });

    const [membership] = await t.database.db
      .select({ role: worldMembers.role })
      .from(worldMembers)
      .where(and(eq(worldMembers.worldId, world.id), eq(worldMembers.userId, body.data.id)));
    expect(membership?.role).toBe('guest');

    // A world-scoped call that admits guests passes authorization (501 until getWorld is built).
    const own = await t.app.inject({ method: 'GET', url: `/api/worlds/${world.id}`, headers });
    expect([200, 501]).toContain(own.statusCode);

    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/mypage/worlds/${world.id}/world_guest_tokens`,
      headers: owner.headers,
    });
    expect(listed.json().items).toEqual([expect.objectContaining({ id: link.id, uses: 1 })]);
  });

  it('refuses a guest the account area (/api/mypage) with 403', async () => {
    const owner = await api.owner();
    const world = await api.world(owner.headers);
    const { headers } = await api.guest((await api.link(owner.headers, world.id)).token);
    for (const url of [
      '/api/mypage/worlds',
      '/api/mypage/me',
      `/api/mypage/worlds/${world.id}`,
      `/api/mypage/worlds/${world.id}/world_guest_tokens`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ errors: [guestForbiddenMessage] });
    }
    const [before] = await t.database.db.select({ n: count() }).from(worlds);
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/mypage/worlds',
      headers,
      payload: { name: 'ゲストのワールド' },
    });
    expect(create.statusCode).toBe(403);
    const [after] = await t.database.db.select({ n: count() }).from(worlds);
    expect(after!.n).toBe(before!.n);
    // The same session still works where guests belong.
    expect((await api.validate(headers)).statusCode).toBe(200);
  });

  it('declares the guest refusal (403) on every /api/mypage operation of the contract', async () => {
    const mypage = listOperations(await loadDocument()).filter(
      (op) => op.secured && op.path.startsWith('/api/mypage/'),
    );
    expect(mypage.length).toBeGreaterThan(0);
    expect(mypage.filter((op) => !op.responses['403']).map((op) => op.operationId)).toEqual([]);
  });

  it('signs a guest out', async () => {
    const owner = await api.owner();
    const world = await api.world(owner.headers);
    const { headers } = await api.guest((await api.link(owner.headers, world.id)).token);
    const out = await t.app.inject({ method: 'DELETE', url: '/api/auth/sign_out', headers });
    expect(out.statusCode).toBe(200);
    const after = await api.validate(headers);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ errors: [unauthorizedMessage] });
  });

  it('refuses a password sign-in as a guest exactly like a wrong password, and never mails a guest uid', async () => {
    const owner = await api.owner();
    const world = await api.world(owner.headers);
    const { user } = await api.guest((await api.link(owner.headers, world.id)).token);
    const asGuest = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign_in',
      payload: { email: user.email, password: 'anything at all' },
      remoteAddress: anyIp(),
    });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign_in',
      payload: { email: owner.email, password: 'not the password' },
      remoteAddress: anyIp(),
    });
    expect(asGuest.statusCode).toBe(401);
    expect(asGuest.json()).toEqual(wrong.json());
    expect(asGuest.json()).toEqual({ errors: [accountMessages.badCredentials] });

    for (const [url, payload] of [
      ['/api/auth/password', { email: user.email }],
      ['/api/auth', { email: user.email, password: 'correct horse battery' }],
      ['/api/auth/resend_confirmations_email', { email: user.email }],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url, payload, remoteAddress: anyIp() });
      expect(res.statusCode, url).toBe(200);
    }
    await t.server.jobs.idle();
    expect(await listMails(t.database.db, { limit: 10, to: user.email })).toEqual([]);
  });

  it('answers 422 for an expired, used-up or revoked link and 404 for an unknown one', async () => {
    const owner = await api.owner();
    const world = await api.world(owner.headers);
    const inAnHour = new Date(t.clock.now().getTime() + 3600_000).toISOString();
    const expiring = await api.link(owner.headers, world.id, { expiresAt: inAnHour });
    const once = await api.link(owner.headers, world.id, { maxUses: 1 });
    const revoked = await api.link(owner.headers, world.id);

    expect((await api.enter(once.token)).statusCode).toBe(201);
    const usedUp = await api.enter(once.token);
    expect(usedUp.statusCode).toBe(422);
    expect(usedUp.json()).toEqual({ errors: [linkMessages.usedUp] });

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/mypage/worlds/${world.id}/world_guest_tokens/${revoked.id}`,
      headers: owner.headers,
    });
    expect(del.statusCode).toBe(204);
    const afterRevoke = await api.enter(revoked.token);
    expect(afterRevoke.statusCode).toBe(422);
    expect(afterRevoke.json()).toEqual({ errors: [linkMessages.revoked] });

    expect((await api.enter(expiring.token)).statusCode).toBe(201);
    t.clock.advance(3601);
    const expired = await api.enter(expiring.token);
    expect(expired.statusCode).toBe(422);
    expect(expired.json()).toEqual({ errors: [linkMessages.expired] });

    for (const link of [expiring, once, revoked]) {
      const info = await t.app.inject({
        method: 'GET',
        url: `/api/world_guest_tokens/${link.token}`,
      });
      expect(info.json().valid).toBe(false);
    }

    const unknown = await api.enter('A'.repeat(22));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ errors: [linkMessages.unknownLink] });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/world_guest_tokens/${'A'.repeat(22)}` }))
        .statusCode,
    ).toBe(404);
    expect((await api.enter('short')).statusCode).toBe(400);

    const [row] = await t.database.db
      .select()
      .from(worldGuestTokens)
      .where(eq(worldGuestTokens.id, once.id));
    expect(row!.uses).toBe(1);
  });

  it("shows the enter page's saved guide and badges to a link's visitor, who enters with one of them", async () => {
    const owner = await api.owner();
    const world = await api.world(owner.headers);
    const base = `/api/mypage/worlds/${world.id}`;
    const saved = await t.app.inject({
      method: 'POST',
      url: `${base}/enter_guest_editable_introductions`,
      headers: owner.headers,
      payload: { body: '受付は2階です。\n名札をつけてください。' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const badges = await t.app.inject({
      method: 'POST',
      url: `${base}/enter_guest_editable_badges`,
      headers: owner.headers,
      payload: {
        items: [
          { label: '登壇者', color: '#ff0000' },
          { label: '協賛', color: '#00AA00' },
        ],
      },
    });
    expect(badges.statusCode, badges.body).toBe(200);
    const link = await api.link(owner.headers, world.id);

    const info = (
      await t.app.inject({ method: 'GET', url: `/api/world_guest_tokens/${link.token}` })
    ).json();
    expect(info.introduction).toMatchObject({
      body: '受付は2階です。\n名札をつけてください。',
      imageUrl: null,
    });
    expect(info.badges).toEqual([
      { id: expect.any(String), label: '登壇者', color: '#FF0000', position: 0 },
      { id: expect.any(String), label: '協賛', color: '#00AA00', position: 1 },
    ]);

    const entered = await api.enter(link.token, { name: '登壇者A', badgeId: info.badges[1].id });
    expect(entered.statusCode, entered.body).toBe(201);
  });

  it('refuses a blank name and a badge the world does not have, without counting a use', async () => {
    const owner = await api.owner();
    const world = await api.world(owner.headers);
    const link = await api.link(owner.headers, world.id, { maxUses: 1 });
    const blank = await api.enter(link.token, { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ errors: [guestMessages.nameRequired] });
    const badge = await api.enter(link.token, {
      name: 'ゲスト',
      badgeId: '00000000-0000-4000-8000-000000000000',
    });
    expect(badge.statusCode).toBe(422);
    expect(badge.json()).toEqual({ errors: [guestMessages.badgeNotFound] });
    expect((await api.enter(link.token)).statusCode).toBe(201);
  });

  it('lets exactly maxUses of 20 concurrent entries in', async () => {
    const owner = await api.owner();
    const world = await api.world(owner.headers);
    const link = await api.link(owner.headers, world.id, { maxUses: 5 });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => api.enter(link.token, { name: `ゲスト${i}` })),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 422)).toHaveLength(15);
    const [row] = await t.database.db
      .select()
      .from(worldGuestTokens)
      .where(eq(worldGuestTokens.id, link.id));
    expect(row!.uses).toBe(5);
    const [guests] = await t.database.db
      .select({ n: count() })
      .from(worldMembers)
      .where(and(eq(worldMembers.worldId, world.id), eq(worldMembers.role, 'guest')));
    expect(guests!.n).toBe(5);
  });

  it("does not let another world's guest into this world", async () => {
    const owner = await api.owner();
    const mine = await api.world(owner.headers, 'こちら');
    const other = await api.world(owner.headers, 'あちら');
    const { headers } = await api.guest((await api.link(owner.headers, other.id)).token);
    const here = await t.app.inject({ method: 'GET', url: `/api/worlds/${mine.id}`, headers });
    expect(here.statusCode).toBe(404);
    expect(here.json()).toEqual({ errors: [worldNotFoundMessage] });
    const there = await t.app.inject({ method: 'GET', url: `/api/worlds/${other.id}`, headers });
    expect([200, 501]).toContain(there.statusCode);

    // A link id of another world is not found under this world either.
    const otherLink = await api.link(owner.headers, other.id);
    const crossed = await t.app.inject({
      method: 'GET',
      url: `/api/mypage/worlds/${mine.id}/world_guest_tokens/${otherLink.id}`,
      headers: owner.headers,
    });
    expect(crossed.statusCode).toBe(404);
  });

  it('lets staff manage links; a plain member gets 403 and a stranger 404', async () => {
    const owner = await api.owner();
    const world = await api.world(owner.headers);
    const staff = await api.addMember(world.id, 'staff');
    const member = await api.addMember(world.id, 'user');
    const stranger = await api.owner();
    const base = `/api/mypage/worlds/${world.id}/world_guest_tokens`;

    const created = await api.link(staff.headers, world.id, { label: ' スタッフ用 ', maxUses: 3 });
    expect(created.label).toBe('スタッフ用');
    const got = await t.app.inject({
      method: 'GET',
      url: `${base}/${created.id}`,
      headers: staff.headers,
    });
    expect(got.json()).toEqual(created);

    const expiresAt = new Date(t.clock.now().getTime() + 86_400_000).toISOString();
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `${base}/${created.id}`,
      headers: staff.headers,
      payload: { label: null, maxUses: null, expiresAt },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      id: created.id,
      token: created.token,
      label: null,
      maxUses: null,
      expiresAt,
    });

    const past = await t.app.inject({
      method: 'PATCH',
      url: `${base}/${created.id}`,
      headers: staff.headers,
      payload: { expiresAt: new Date(t.clock.now().getTime() - 1000).toISOString() },
    });
    expect(past.statusCode).toBe(422);
    expect(past.json()).toEqual({ errors: [linkMessages.pastExpiry] });
    const pastCreate = await t.app.inject({
      method: 'POST',
      url: base,
      headers: staff.headers,
      payload: { expiresAt: new Date(t.clock.now().getTime() - 1000).toISOString() },
    });
    expect(pastCreate.statusCode).toBe(422);

    const list = await t.app.inject({ method: 'GET', url: base, headers: staff.headers });
    expect(list.json().items.map((l: Link) => l.id)).toEqual([created.id]);

    for (const [who, status, message] of [
      [member.headers, 403, forbiddenMessage],
      [stranger.headers, 404, worldNotFoundMessage],
    ] as const) {
      for (const req of [
        { method: 'GET' as const, url: base },
        { method: 'POST' as const, url: base, payload: {} },
        { method: 'GET' as const, url: `${base}/${created.id}` },
        { method: 'PATCH' as const, url: `${base}/${created.id}`, payload: { label: '乗っ取り' } },
        { method: 'DELETE' as const, url: `${base}/${created.id}` },
      ]) {
        const res = await t.app.inject({ ...req, headers: who });
        expect(res.statusCode, `${req.method} ${req.url}`).toBe(status);
        expect(res.json()).toEqual({ errors: [message] });
      }
    }

    const del = await t.app.inject({
      method: 'DELETE',
      url: `${base}/${created.id}`,
      headers: staff.headers,
    });
    expect(del.statusCode).toBe(204);
    expect(
      (await t.app.inject({ method: 'GET', url: `${base}/${created.id}`, headers: staff.headers }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: base, headers: owner.headers })).json().items,
    ).toEqual([]);
  });

  it("ends a deleted guest's sessions; only the owner and staff of its world may delete it", async () => {
    const owner = await api.owner();
    const world = await api.world(owner.headers);
    const member = await api.addMember(world.id, 'user');
    const stranger = await api.owner();
    const link = await api.link(owner.headers, world.id);
    const guest = await api.guest(link.token);
    const other = await api.guest(link.token);
    const url = `/api/guests/${guest.user.id}`;

    expect(
      (await t.app.inject({ method: 'DELETE', url, headers: stranger.headers })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url, headers: member.headers })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url, headers: other.headers })).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ method: 'DELETE', url, headers: guest.headers })).statusCode).toBe(
      403,
    );
    // Only guests can be deleted this way, not accounts.
    const account = await t.app.inject({
      method: 'DELETE',
      url: `/api/guests/${member.id}`,
      headers: owner.headers,
    });
    expect(account.statusCode).toBe(404);

    let headers = guest.headers;
    t.clock.advance(10); // the guest's token rotates on its next use: the old and the new one both end
    const before = await api.validate(headers);
    expect(before.statusCode).toBe(200);
    headers = follow(headers, before);

    const del = await t.app.inject({ method: 'DELETE', url, headers: owner.headers });
    expect(del.statusCode).toBe(204);
    expect((await api.validate(headers)).statusCode).toBe(401);
    expect((await api.validate(guest.headers)).statusCode).toBe(401);
    expect(await t.database.db.select().from(users).where(eq(users.id, guest.user.id))).toEqual([]);
    expect((await t.app.inject({ method: 'DELETE', url, headers: owner.headers })).statusCode).toBe(
      404,
    );
    expect((await api.validate(other.headers)).statusCode).toBe(200);
  });

  it("removes a world's guests and links with the world", async () => {
    const owner = await api.owner();
    const world = await api.world(owner.headers);
    const link = await api.link(owner.headers, world.id);
    const guest = await api.guest(link.token);
    await t.database.db.delete(worlds).where(eq(worlds.id, world.id));
    expect(await t.database.db.select().from(users).where(eq(users.id, guest.user.id))).toEqual([]);
    expect(
      await t.database.db.select().from(worldGuestTokens).where(eq(worldGuestTokens.id, link.id)),
    ).toEqual([]);
    expect((await api.validate(guest.headers)).statusCode).toBe(401);
  });

  it('limits entries per IP with 429 and Retry-After', async () => {
    const owner = await api.owner();
    const world = await api.world(owner.headers);
    const link = await api.link(owner.headers, world.id, { maxUses: 1 });
    const ip = '198.51.100.7';
    const { limit } = rateRules.guestEntry.ip;
    const answers = [];
    for (let i = 0; i < limit; i++)
      answers.push((await api.enter(link.token, { name: 'ゲスト' }, ip)).statusCode);
    expect(answers.filter((s) => s === 201)).toHaveLength(1);
    expect(answers.filter((s) => s === 422)).toHaveLength(limit - 1);
    const refused = await api.enter(link.token, { name: 'ゲスト' }, ip);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await api.enter(link.token, { name: 'ゲスト' }, '198.51.100.8')).statusCode).toBe(422);
  });
});

const botCheck = useFakeBotCheck();

describe(`guest entry with a bot check on ${testDbKind}`, () => {
  const b = useTestServer({ env: botCheck.env });
  const bapi = calls(b);

  it('needs a human token for the enterGuest action, and a refusal counts no use', async () => {
    const owner = await bapi.owner();
    const world = await bapi.world(owner.headers);
    const link = await bapi.link(owner.headers, world.id, { maxUses: 1 });
    for (const payload of [
      { name: 'ゲスト' },
      { name: 'ゲスト', botToken: 'contact:0.9' },
      { name: 'ゲスト', botToken: 'enterGuest:0.1' },
    ]) {
      const res = await bapi.enter(link.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json()).toEqual({ errors: [guestMessages.botCheckFailed] });
    }
    expect(
      (await bapi.enter(link.token, { name: 'ゲスト', botToken: 'enterGuest:0.9' })).statusCode,
    ).toBe(201);
  });
});
