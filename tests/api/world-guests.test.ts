import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users, worldGuestTokens } from '../../server/db/schema';
import { enterPageMessages } from '../../server/guests/enter-page';
import { guestMessages } from '../../server/guests/guests';
import { instantMessages, linkMessages } from '../../server/guests/links';
import { listMails } from '../../server/mail/outbox';
import { forbiddenMessage } from '../../server/worlds/access';
import { uniqueEmail, useTestServer } from './support/app';
import { testDbKind } from './support/database';
import { membershipCalls } from './support/members';
import { type AuthHeaders, anyIp } from './support/session';
import { worldNotFoundMessage } from '../../server/db/world-locks';

const t = useTestServer();
const api = membershipCalls(t);

type Guest = {
  id: string;
  worldId: string;
  name: string;
  email: string | null;
  token: string;
  enterUrl: string;
  expiresAt: string | null;
  lastEnteredAt: string | null;
};

const guestsOf = (worldId: string) => `/api/mypage/worlds/${worldId}/guests`;
const entrancesOf = (worldId: string) => `/api/mypage/worlds/${worldId}/instant_entrances`;
const introOf = (worldId: string) =>
  `/api/mypage/worlds/${worldId}/enter_guest_editable_introductions`;
const badgesOf = (worldId: string) => `/api/mypage/worlds/${worldId}/enter_guest_editable_badges`;

function enter(token: string, payload: Record<string, unknown> = { name: 'ゲスト' }) {
  return t.app.inject({
    method: 'POST',
    url: `/api/world_guest_tokens/${token}`,
    payload,
    remoteAddress: anyIp(),
  });
}

function sessionOf(res: { headers: Record<string, unknown> }): AuthHeaders {
  return {
    'access-token': String(res.headers['access-token']),
    client: String(res.headers.client),
    uid: String(res.headers.uid),
  };
}

async function ownerWithWorld() {
  const owner = await api.person();
  const world = await api.world(owner.headers, '冬のワールド');
  return { owner, world };
}

describe(`guests of a world on ${testDbKind}`, () => {
  it('registers a guest with a personal link, mails it, and lets that guest enter again with it', async () => {
    const { owner, world } = await ownerWithWorld();
    const email = uniqueEmail('guest');
    const expiresAt = new Date(t.clock.now().getTime() + 3 * 24 * 3600 * 1000).toISOString();
    const created = await api.send('POST', owner.headers, guestsOf(world.id), {
      name: ' 登壇者 田中 ',
      email,
      expiresAt,
    });
    expect(created.statusCode, created.body).toBe(201);
    const guest = created.json() as Guest;
    expect(guest).toMatchObject({
      worldId: world.id,
      name: '登壇者 田中',
      email,
      expiresAt,
      lastEnteredAt: null,
    });
    expect(guest.enterUrl).toBe(
      `http://app.test/worlds/${world.id}/enterGuest?token=${guest.token}`,
    );

    const [mail] = await listMails(t.database.db, { limit: 1, to: email });
    expect(mail!.subject).toBe('【Worlds】「冬のワールド」への入場のご案内');
    expect(mail!.text).toContain(guest.enterUrl);

    // The enter page fills in the name the guest enters under.
    const info = await t.app.inject({
      method: 'GET',
      url: `/api/world_guest_tokens/${guest.token}`,
    });
    expect(info.json()).toMatchObject({ valid: true, guestName: '登壇者 田中' });

    const first = await enter(guest.token, { name: '別の名前' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({ id: guest.id, name: '登壇者 田中', isGuest: true });
    const again = await enter(guest.token);
    expect(again.json().data.id).toBe(guest.id);

    const shown = await api.get(owner.headers, `/api/guests/${guest.id}`);
    expect(shown.json()).toMatchObject({
      id: guest.id,
      lastEnteredAt: t.clock.now().toISOString(),
    });
    // The guest reads themself, and may rename themself but not move the expiry.
    const self = sessionOf(again);
    expect((await api.get(self, `/api/guests/${guest.id}`)).statusCode).toBe(200);
    expect(
      (await api.send('PATCH', self, `/api/guests/${guest.id}`, { name: '田中' })).json(),
    ).toMatchObject({ name: '田中' });
    const expiry = await api.send('PATCH', self, `/api/guests/${guest.id}`, { expiresAt: null });
    expect(expiry.statusCode).toBe(403);
    expect(expiry.json()).toEqual({ errors: [guestMessages.expiryByOrganizers] });

    // Once the organisers shorten the expiry and it passes, the personal link says so.
    const soon = new Date(t.clock.now().getTime() + 60_000).toISOString();
    expect(
      (
        await api.send('PATCH', owner.headers, `/api/guests/${guest.id}`, { expiresAt: soon })
      ).json(),
    ).toMatchObject({ expiresAt: soon });
    t.clock.advance(61);
    const late = await enter(guest.token);
    expect(late.statusCode).toBe(422);
    expect(late.json()).toEqual({ errors: [linkMessages.expired] });
  });

  it('lists every guest, also those who came by a shared link, with their own link back; searchable', async () => {
    const { owner, world } = await ownerWithWorld();
    const staff = await api.member(world.id, 'staff');
    const registered = (
      await api.send('POST', staff.headers, guestsOf(world.id), {
        name: '協賛 佐藤',
        email: 'sato@example.com',
      })
    ).json() as Guest;
    const link = (
      await api.send('POST', owner.headers, `/api/mypage/worlds/${world.id}/world_guest_tokens`, {})
    ).json();
    t.clock.advance(1);
    const walkIn = await enter(link.token, { name: '当日参加' });
    const listed = await api.get(staff.headers, guestsOf(world.id));
    expect(listed.json()).toMatchObject({ total: 2, page: 1, perPage: 20 });
    const items = listed.json().items as Guest[];
    expect(items.map((g) => g.id)).toEqual([registered.id, walkIn.json().data.id]);
    expect(items[1]!.token).not.toBe(link.token);
    // The walk-in comes back with its own link, as itself.
    expect((await enter(items[1]!.token)).json().data.id).toBe(walkIn.json().data.id);
    // Personal links are not shared links.
    expect(
      (await api.get(owner.headers, `/api/mypage/worlds/${world.id}/world_guest_tokens`)).json()
        .items,
    ).toHaveLength(1);

    expect(
      (await api.get(owner.headers, `${guestsOf(world.id)}?q=SATO@`))
        .json()
        .items.map((g: Guest) => g.id),
    ).toEqual([registered.id]);
    expect(
      (await api.get(owner.headers, `${guestsOf(world.id)}?q=${encodeURIComponent('当日')}`)).json()
        .total,
    ).toBe(1);
  });

  it('refuses bad input with 422 and writes nothing', async () => {
    const { owner, world } = await ownerWithWorld();
    const blank = await api.send('POST', owner.headers, guestsOf(world.id), { name: '   ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json()).toEqual({ errors: [guestMessages.nameRequired] });
    const past = await api.send('POST', owner.headers, guestsOf(world.id), {
      name: 'ゲスト',
      expiresAt: t.clock.now().toISOString(),
    });
    expect(past.statusCode).toBe(422);
    expect(past.json()).toEqual({ errors: [linkMessages.pastExpiry] });
    expect(
      await t.database.db.select().from(users).where(eq(users.guestWorldId, world.id)),
    ).toEqual([]);
    expect(
      (await api.send('POST', owner.headers, guestsOf(world.id), { name: 'ゲスト', email: 'no' }))
        .statusCode,
    ).toBe(400);
  });

  it('keeps guests to their world: a plain user gets 403, another world 404', async () => {
    const { owner, world } = await ownerWithWorld();
    const user = await api.member(world.id, 'user');
    const guest = (
      await api.send('POST', owner.headers, guestsOf(world.id), { name: 'ゲスト' })
    ).json() as Guest;
    const other = await ownerWithWorld();

    expect((await api.get(user.headers, guestsOf(world.id))).statusCode).toBe(403);
    const stranger = await api.get(other.owner.headers, guestsOf(world.id));
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ errors: [worldNotFoundMessage] });
    const cross = await api.get(other.owner.headers, `/api/guests/${guest.id}`);
    expect(cross.statusCode).toBe(404);
    expect(cross.json()).toEqual({ errors: [guestMessages.guestNotFound] });
    expect(
      (
        await api.send('PATCH', other.owner.headers, `/api/guests/${guest.id}`, {
          name: '乗っ取り',
        })
      ).statusCode,
    ).toBe(404);
    const asUser = await api.get(user.headers, `/api/guests/${guest.id}`);
    expect(asUser.statusCode).toBe(403);
    expect(asUser.json()).toEqual({ errors: [forbiddenMessage] });
    expect((await api.get(owner.headers, `/api/guests/${guest.id}`)).json().name).toBe('ゲスト');
  });

  it('creates instant entrances that let anyone in until expired or used up', async () => {
    const { owner, world } = await ownerWithWorld();
    const created = await api.send('POST', owner.headers, entrancesOf(world.id), {
      label: '受付',
      maxUses: 1,
    });
    expect(created.statusCode, created.body).toBe(201);
    const entrance = created.json();
    expect(entrance).toMatchObject({
      label: '受付',
      enabled: true,
      maxUses: 1,
      uses: 0,
      expiresAt: null,
    });
    const token = new URL(entrance.url).searchParams.get('token')!;
    expect(entrance.url).toBe(`http://app.test/worlds/${world.id}/instantEnter?token=${token}`);

    expect((await enter(token, { name: '一人目' })).statusCode).toBe(201);
    const full = await enter(token, { name: '二人目' });
    expect(full.statusCode).toBe(422);
    expect(full.json()).toEqual({ errors: [instantMessages.usedUp] });
    const listed = await api.get(owner.headers, entrancesOf(world.id));
    expect(listed.json().items).toEqual([
      expect.objectContaining({ id: entrance.id, enabled: false, uses: 1 }),
    ]);
    // Not one of the shared guest links.
    expect(
      (await api.get(owner.headers, `/api/mypage/worlds/${world.id}/world_guest_tokens`)).json()
        .items,
    ).toEqual([]);

    const past = await api.send('POST', owner.headers, entrancesOf(world.id), {
      expiresAt: t.clock.now().toISOString(),
    });
    expect(past.statusCode).toBe(422);
    const other = await ownerWithWorld();
    expect((await api.get(other.owner.headers, entrancesOf(world.id))).statusCode).toBe(404);
  });

  it('saves the enter-guest introduction (https images only)', async () => {
    const { owner, world } = await ownerWithWorld();
    expect((await api.get(owner.headers, introOf(world.id))).json()).toEqual({
      body: '',
      imageUrl: null,
      updatedAt: null,
    });
    const saved = await api.send('POST', owner.headers, introOf(world.id), {
      body: ' ようこそ！ ',
      imageUrl: 'https://cdn.example.com/a.png',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      body: 'ようこそ！',
      imageUrl: 'https://cdn.example.com/a.png',
      updatedAt: t.clock.now().toISOString(),
    });
    const http = await api.send('POST', owner.headers, introOf(world.id), {
      body: '変更',
      imageUrl: 'http://cdn.example.com/a.png',
    });
    expect(http.statusCode).toBe(422);
    expect(http.json()).toEqual({ errors: [enterPageMessages.imageHttps] });
    expect((await api.get(owner.headers, introOf(world.id))).json().body).toBe('ようこそ！');
  });

  it('replaces the badges in order, keeping the id of a badge whose label stays, and checks a guest’s pick', async () => {
    const { owner, world } = await ownerWithWorld();
    const first = await api.send('POST', owner.headers, badgesOf(world.id), {
      items: [
        { label: '登壇者', color: '#ff0000' },
        { label: '協賛', color: '#00FF00' },
      ],
    });
    expect(first.statusCode, first.body).toBe(200);
    const [speaker, sponsor] = first.json().items;
    expect(first.json().items).toEqual([
      { id: expect.any(String), label: '登壇者', color: '#FF0000', position: 0 },
      { id: expect.any(String), label: '協賛', color: '#00FF00', position: 1 },
    ]);

    const link = (
      await api.send('POST', owner.headers, `/api/mypage/worlds/${world.id}/world_guest_tokens`, {})
    ).json();
    const entered = await enter(link.token, { name: '田中', badgeId: speaker.id });
    expect(entered.statusCode).toBe(201);
    const [personal] = await t.database.db
      .select()
      .from(worldGuestTokens)
      .where(eq(worldGuestTokens.guestUserId, entered.json().data.id));
    expect(personal!.badgeId).toBe(speaker.id);

    const second = await api.send('POST', owner.headers, badgesOf(world.id), {
      items: [
        { label: '一般', color: '#0000ff' },
        { label: '登壇者', color: '#123456' },
      ],
    });
    expect(second.json().items).toEqual([
      { id: expect.any(String), label: '一般', color: '#0000FF', position: 0 },
      { id: speaker.id, label: '登壇者', color: '#123456', position: 1 },
    ]);
    const gone = await enter(link.token, { name: '佐藤', badgeId: sponsor.id });
    expect(gone.statusCode).toBe(422);
    expect(gone.json()).toEqual({ errors: [guestMessages.badgeNotFound] });

    const duplicate = await api.send('POST', owner.headers, badgesOf(world.id), {
      items: [
        { label: '同じ', color: '#000000' },
        { label: '同じ', color: '#111111' },
      ],
    });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json()).toEqual({ errors: [enterPageMessages.duplicateBadge('同じ')] });
    expect((await api.get(owner.headers, badgesOf(world.id))).json().items).toHaveLength(2);
    // Another world's badge is not this world's.
    const other = await ownerWithWorld();
    const theirs = (
      await api.send('POST', other.owner.headers, badgesOf(other.world.id), {
        items: [{ label: '他', color: '#000000' }],
      })
    ).json().items[0];
    expect((await enter(link.token, { name: '鈴木', badgeId: theirs.id })).statusCode).toBe(422);
    expect(
      (await api.send('POST', owner.headers, badgesOf(world.id), { items: [] })).json(),
    ).toEqual({ items: [] });
  });
});
