import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  calendarDates,
  payments,
  users,
  worldGuestTokens,
  worldMembers,
  worlds,
} from '../../server/db/schema';
import { checkoutMessages } from '../../server/payments/payment-deps';
import { testCards } from '../../server/payments/local';
import { forbiddenMessage } from '../../server/worlds/access';
import { worldMessages } from '../../server/worlds/worlds';
import { useTestServer } from './support/app';
import { checkoutCalls } from './support/checkout';
import { testDbKind } from './support/database';
import { anyIp, type AuthHeaders, newSignedInUser } from './support/session';
import { worldNotFoundMessage } from '../../server/db/world-locks';

const t = useTestServer();
const api = checkoutCalls(t);

const worldUrl = (id: string) => `/api/mypage/worlds/${id}`;

function patchWorld(headers: AuthHeaders, id: string, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'PATCH', url: worldUrl(id), headers, payload });
}

function deleteWorld(headers: AuthHeaders, id: string) {
  return t.app.inject({ method: 'DELETE', url: worldUrl(id), headers });
}

function copyWorld(headers: AuthHeaders, id: string, payload: Record<string, unknown> = {}) {
  return t.app.inject({ method: 'POST', url: `/api/worlds/${id}/copy`, headers, payload });
}

async function storedWorld(id: string) {
  const [row] = await t.database.db.select().from(worlds).where(eq(worlds.id, id));
  return row!;
}

/** An owner, one of the owner's worlds, and a staff member and a stranger of it. */
async function ownerStaffStranger() {
  const owner = await api.owner();
  const world = await api.world(owner.headers);
  const staff = await api.owner();
  await t.database.db
    .insert(worldMembers)
    .values({ worldId: world.id, userId: staff.id, role: 'staff' });
  const stranger = await api.owner();
  return { owner, world, staff, stranger };
}

describe(`worlds on ${testDbKind}`, () => {
  it('creates a world from a name alone, every other field defaulted, owned by the creator', async () => {
    const { headers } = await newSignedInUser(t.app, t.database.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/mypage/worlds',
      headers,
      payload: { name: '夏祭り' },
    });
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
      await t.app.inject({
        method: 'POST',
        url: '/api/mypage/worlds',
        headers: a.headers,
        payload: { name },
      });
    }
    await t.app.inject({
      method: 'POST',
      url: '/api/mypage/worlds',
      headers: b.headers,
      payload: { name: 'B のワールド' },
    });
    const page1 = (
      await t.app.inject({ method: 'GET', url: '/api/mypage/worlds?perPage=2', headers: a.headers })
    ).json();
    expect(page1.items.map((w: { name: string }) => w.name)).toEqual(['三', '二']);
    expect(page1).toMatchObject({ page: 1, perPage: 2, total: 3 });
    const page2 = (
      await t.app.inject({
        method: 'GET',
        url: '/api/mypage/worlds?perPage=2&page=2',
        headers: a.headers,
      })
    ).json();
    expect(page2.items.map((w: { name: string }) => w.name)).toEqual(['一']);
  });

  it("hides another user's world as not found, and needs a session", async () => {
    const owner = await newSignedInUser(t.app, t.database.db);
    const stranger = await newSignedInUser(t.app, t.database.db);
    const world = (
      await t.app.inject({
        method: 'POST',
        url: '/api/mypage/worlds',
        headers: owner.headers,
        payload: { name: '秘密' },
      })
    ).json();
    const asOwner = await t.app.inject({
      method: 'GET',
      url: `/api/mypage/worlds/${world.id}`,
      headers: owner.headers,
    });
    expect(asOwner.statusCode).toBe(200);
    const asStranger = await t.app.inject({
      method: 'GET',
      url: `/api/mypage/worlds/${world.id}`,
      headers: stranger.headers,
    });
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

  describe('updateWorld', () => {
    it('changes the given fields only, trims the name, answers the world and lists it changed', async () => {
      const { owner, world } = await ownerStaffStranger();
      t.clock.advance(60);
      const res = await patchWorld(owner.headers, world.id, {
        name: '  秋祭り ',
        description: '年に一度のお祭りです。',
        timeZone: 'UTC',
        coverImageUrl: 'https://cdn.example.jp/covers/aki.png',
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        id: world.id,
        name: '秋祭り',
        description: '年に一度のお祭りです。',
        timeZone: 'UTC',
        coverImageUrl: 'https://cdn.example.jp/covers/aki.png',
        ownerId: owner.id,
        role: 'owner',
      });
      expect(new Date(body.updatedAt).getTime()).toBeGreaterThan(
        new Date(body.createdAt).getTime(),
      );

      // One field at a time; the others stay. null removes the cover.
      const cover = await patchWorld(owner.headers, world.id, { coverImageUrl: null });
      expect(cover.json()).toMatchObject({ name: '秋祭り', timeZone: 'UTC', coverImageUrl: null });
      const read = await t.app.inject({
        method: 'GET',
        url: worldUrl(world.id),
        headers: owner.headers,
      });
      expect(read.json()).toEqual(cover.json());
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/mypage/worlds',
        headers: owner.headers,
      });
      expect(list.json().items).toEqual([cover.json()]);
    });

    it('refuses a blank name (422, the form message) and writes nothing of the request', async () => {
      const { owner, world } = await ownerStaffStranger();
      const before = await storedWorld(world.id);
      const blank = await patchWorld(owner.headers, world.id, {
        name: ' 　 ',
        description: '書き換わらない',
        timeZone: 'UTC',
      });
      expect(blank.statusCode).toBe(422);
      expect(blank.json()).toEqual({ errors: [worldMessages.nameRequired] });
      expect(worldMessages.nameRequired).toBe('name: 入力してください。');
      // Every problem at once, still nothing written.
      const both = await patchWorld(owner.headers, world.id, {
        name: '   ',
        coverImageUrl: 'http://cdn.example.jp/a.png',
      });
      expect(both.statusCode).toBe(422);
      expect(both.json()).toEqual({
        errors: [worldMessages.nameRequired, worldMessages.coverImageHttps],
      });
      expect(await storedWorld(world.id)).toEqual(before);
    });

    it("refuses what the contract refuses (400): an empty body, a long name, an unknown time zone, a field it doesn't know", async () => {
      const { owner, world } = await ownerStaffStranger();
      const before = await storedWorld(world.id);
      for (const payload of [
        {},
        { name: 'あ'.repeat(101) },
        { description: 'x'.repeat(2001) },
        { timeZone: 'Europe/Paris' },
        { coverImageUrl: 'not a url' },
        { ownerId: owner.id },
      ]) {
        const res = await patchWorld(owner.headers, world.id, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      }
      expect(
        (await patchWorld(owner.headers, world.id, { name: 'あ'.repeat(100) })).statusCode,
      ).toBe(200);
      expect((await storedWorld(world.id)).description).toBe(before.description);
    });

    it('is for the owner: staff get 403, a stranger 404, nothing changes', async () => {
      const { world, staff, stranger } = await ownerStaffStranger();
      const before = await storedWorld(world.id);
      const asStaff = await patchWorld(staff.headers, world.id, { name: 'スタッフが変更' });
      expect(asStaff.statusCode).toBe(403);
      expect(asStaff.json()).toEqual({ errors: [forbiddenMessage] });
      const asStranger = await patchWorld(stranger.headers, world.id, { name: '他人が変更' });
      expect(asStranger.statusCode).toBe(404);
      expect(asStranger.json()).toEqual({ errors: [worldNotFoundMessage] });
      expect(await storedWorld(world.id)).toEqual(before);
    });
  });

  describe('deleteWorld', () => {
    it('is for the owner: staff get 403, a stranger 404, the world stays', async () => {
      const { owner, world, staff, stranger } = await ownerStaffStranger();
      expect((await deleteWorld(staff.headers, world.id)).statusCode).toBe(403);
      expect((await deleteWorld(stranger.headers, world.id)).statusCode).toBe(404);
      expect(
        (await t.app.inject({ method: 'GET', url: worldUrl(world.id), headers: owner.headers }))
          .statusCode,
      ).toBe(200);
      expect((await storedWorld(world.id)).archivedAt).toBeNull();
    });

    it('is refused while a reserved date has not ended, allowed once it is cancelled; the payment history keeps the world', async () => {
      const { owner, world, staff } = await ownerStaffStranger();
      const card = await api.card(owner.headers);
      const paid = await api.pay(owner.headers, world.id, card.id, [api.item(48)]);
      expect(paid.statusCode, paid.body).toBe(201);
      const historyId = paid.json().paymentHistory.id as string;
      const dateId = paid.json().calendarDates[0].id as string;

      const refused = await deleteWorld(owner.headers, world.id);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({ errors: [worldMessages.reservedDatesLeft(1)] });
      expect(refused.json().errors[0]).toContain('ワールドを削除できません');
      expect(
        (await t.app.inject({ method: 'GET', url: worldUrl(world.id), headers: owner.headers }))
          .statusCode,
      ).toBe(200);

      const cancelled = await t.app.inject({
        method: 'DELETE',
        url: `${worldUrl(world.id)}/calendar_dates/${dateId}`,
        headers: owner.headers,
      });
      expect(cancelled.statusCode).toBe(204);
      const deleted = await deleteWorld(owner.headers, world.id);
      expect(deleted.statusCode, deleted.body).toBe(204);

      // Gone for every member: not found, not listed, not for staff either, not twice.
      for (const headers of [owner.headers, staff.headers]) {
        const read = await t.app.inject({ method: 'GET', url: worldUrl(world.id), headers });
        expect(read.statusCode).toBe(404);
        expect(read.json()).toEqual({ errors: [worldNotFoundMessage] });
        const list = (
          await t.app.inject({ method: 'GET', url: '/api/mypage/worlds', headers })
        ).json();
        expect(list).toMatchObject({ items: [], total: 0 });
      }
      expect((await api.dates(owner.headers, world.id)).statusCode).toBe(404);
      expect(
        (
          await t.app.inject({
            method: 'GET',
            url: `${worldUrl(world.id)}/payments`,
            headers: owner.headers,
          })
        ).statusCode,
      ).toBe(404);
      expect((await patchWorld(owner.headers, world.id, { name: '復活' })).statusCode).toBe(404);
      expect((await copyWorld(owner.headers, world.id)).statusCode).toBe(404);
      expect((await deleteWorld(owner.headers, world.id)).statusCode).toBe(404);

      // The payer's history still lists the payment, with the world's name; cancelling its date
      // refunded that date and left the payment paid (docs/product.md, ADR 036).
      const histories = await t.app.inject({
        method: 'GET',
        url: '/api/mypage/payment_histories',
        headers: owner.headers,
      });
      expect(histories.statusCode).toBe(200);
      expect(histories.json()).toMatchObject({
        total: 1,
        items: [
          {
            id: historyId,
            worldId: world.id,
            worldName: '夏祭り',
            ssWorldName: '夏祭り',
            cancelled: false,
            refunds: [expect.objectContaining({ status: expect.any(String) })],
          },
        ],
      });
      const filtered = await t.app.inject({
        method: 'GET',
        url: `/api/mypage/payment_histories?worldId=${world.id}`,
        headers: owner.headers,
      });
      expect(filtered.json()).toMatchObject({ total: 1, items: [{ id: historyId }] });
    });

    it('counts a date that has started but not ended, and not one that has ended', async () => {
      const { owner, world } = await ownerStaffStranger();
      const card = await api.card(owner.headers);
      expect((await api.pay(owner.headers, world.id, card.id, [api.item(1, 120)])).statusCode).toBe(
        201,
      );
      t.clock.advance(2 * 3600); // started an hour ago, ends in an hour
      expect((await deleteWorld(owner.headers, world.id)).statusCode).toBe(422);
      t.clock.advance(3600);
      expect((await deleteWorld(owner.headers, world.id)).statusCode).toBe(204);
      const histories = (
        await t.app.inject({
          method: 'GET',
          url: '/api/mypage/payment_histories',
          headers: owner.headers,
        })
      ).json();
      expect(histories.items).toMatchObject([
        { worldId: world.id, worldName: '夏祭り', cancelled: false },
      ]);
    });

    it('releases pending holds and stops an unfinished checkout', async () => {
      const { owner, world } = await ownerStaffStranger();
      const hold = await t.app.inject({
        method: 'POST',
        url: `${worldUrl(world.id)}/calendar_dates`,
        headers: owner.headers,
        payload: api.item(24),
      });
      expect(hold.statusCode, hold.body).toBe(201);
      const card = await api.card(owner.headers, testCards.authentication);
      const waiting = await api.pay(owner.headers, world.id, card.id, [api.item(72)]);
      expect(waiting.statusCode, waiting.body).toBe(202);
      const paymentId = waiting.json().paymentId as string;

      expect((await deleteWorld(owner.headers, world.id)).statusCode).toBe(204);
      const dates = await t.database.db
        .select()
        .from(calendarDates)
        .where(eq(calendarDates.worldId, world.id));
      expect(dates.map((d) => [d.status, d.holdExpiresAt])).toEqual([
        ['cancelled', null],
        ['cancelled', null],
      ]);
      const [payment] = await t.database.db
        .select()
        .from(payments)
        .where(eq(payments.id, paymentId));
      expect(payment).toMatchObject({
        status: 'failed',
        failureMessage: checkoutMessages.released,
      });
    });

    it('removes guest links and guests; other memberships are kept but answer nothing', async () => {
      const { owner, world, staff } = await ownerStaffStranger();
      const link = await t.app.inject({
        method: 'POST',
        url: `${worldUrl(world.id)}/world_guest_tokens`,
        headers: owner.headers,
        payload: {},
      });
      expect(link.statusCode, link.body).toBe(201);
      const token = link.json().token as string;
      const entered = await t.app.inject({
        method: 'POST',
        url: `/api/world_guest_tokens/${token}`,
        payload: { name: 'ゲスト' },
        remoteAddress: anyIp(),
      });
      expect(entered.statusCode, entered.body).toBe(201);
      const guest: AuthHeaders = {
        'access-token': String(entered.headers['access-token']),
        client: String(entered.headers.client),
        uid: String(entered.headers.uid),
      };

      expect((await deleteWorld(owner.headers, world.id)).statusCode).toBe(204);
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/world_guest_tokens/${token}` })).statusCode,
      ).toBe(404);
      const again = await t.app.inject({
        method: 'POST',
        url: `/api/world_guest_tokens/${token}`,
        payload: { name: '後から' },
        remoteAddress: anyIp(),
      });
      expect(again.statusCode).toBe(404);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/auth/validate_token', headers: guest }))
          .statusCode,
      ).toBe(401);
      expect(
        await t.database.db
          .select()
          .from(worldGuestTokens)
          .where(eq(worldGuestTokens.worldId, world.id)),
      ).toEqual([]);
      expect(
        await t.database.db.select().from(users).where(eq(users.guestWorldId, world.id)),
      ).toEqual([]);
      const members = await t.database.db
        .select()
        .from(worldMembers)
        .where(eq(worldMembers.worldId, world.id));
      expect(members.map((m) => m.userId).sort()).toEqual([owner.id, staff.id].sort());
      expect((await storedWorld(world.id)).archivedAt).toEqual(t.clock.now());
    });
  });

  describe('copyWorld', () => {
    it('makes an independent world owned by the caller: settings copied, no members, dates or links', async () => {
      const { owner, world, staff } = await ownerStaffStranger();
      await patchWorld(owner.headers, world.id, {
        description: '説明文',
        timeZone: 'UTC',
        coverImageUrl: 'https://cdn.example.jp/covers/natsu.png',
      });
      const card = await api.card(owner.headers);
      expect((await api.pay(owner.headers, world.id, card.id, [api.item(24)])).statusCode).toBe(
        201,
      );
      const link = await t.app.inject({
        method: 'POST',
        url: `${worldUrl(world.id)}/world_guest_tokens`,
        headers: owner.headers,
        payload: {},
      });
      expect(link.statusCode).toBe(201);

      t.clock.advance(1);
      const res = await copyWorld(owner.headers, world.id);
      expect(res.statusCode, res.body).toBe(201);
      const copy = res.json();
      expect(copy).toMatchObject({
        name: '夏祭り のコピー',
        description: '説明文',
        timeZone: 'UTC',
        coverImageUrl: 'https://cdn.example.jp/covers/natsu.png',
        ownerId: owner.id,
        role: 'owner',
      });
      expect(copy.id).not.toBe(world.id);

      const members = await t.database.db
        .select()
        .from(worldMembers)
        .where(eq(worldMembers.worldId, copy.id));
      expect(members).toMatchObject([{ userId: owner.id, role: 'owner' }]);
      expect((await api.dates(owner.headers, copy.id)).json().items).toEqual([]);
      const links = await t.app.inject({
        method: 'GET',
        url: `${worldUrl(copy.id)}/world_guest_tokens`,
        headers: owner.headers,
      });
      expect(links.json().items).toEqual([]);
      expect(
        (await t.app.inject({ method: 'GET', url: worldUrl(copy.id), headers: staff.headers }))
          .statusCode,
      ).toBe(404);
      const list = (
        await t.app.inject({ method: 'GET', url: '/api/mypage/worlds', headers: owner.headers })
      ).json();
      expect(list.items.map((w: { id: string }) => w.id)).toEqual([copy.id, world.id]);

      // Independent: changing or deleting the copy leaves the original alone.
      expect((await patchWorld(owner.headers, copy.id, { name: '別物' })).statusCode).toBe(200);
      expect((await deleteWorld(owner.headers, copy.id)).statusCode).toBe(204);
      const original = await t.app.inject({
        method: 'GET',
        url: worldUrl(world.id),
        headers: owner.headers,
      });
      expect(original.json()).toMatchObject({ name: '夏祭り', description: '説明文' });
      expect((await api.dates(owner.headers, world.id)).json().items).toHaveLength(1);
    });

    it('takes a name from the body (trimmed; blank is 422), keeps a long name within 100 characters', async () => {
      const { owner, world } = await ownerStaffStranger();
      const named = await copyWorld(owner.headers, world.id, {
        name: '  冬祭り ',
        copyLayout: true,
        copyQuestionnaires: false,
      });
      expect(named.statusCode, named.body).toBe(201);
      expect(named.json().name).toBe('冬祭り');
      const blank = await copyWorld(owner.headers, world.id, { name: '   ' });
      expect(blank.statusCode).toBe(422);
      expect(blank.json()).toEqual({ errors: [worldMessages.nameRequired] });

      const long = await api.world(owner.headers, 'あ'.repeat(100));
      const copy = (await copyWorld(owner.headers, long.id)).json();
      expect(Array.from(copy.name as string)).toHaveLength(100);
      expect(copy.name).toBe('あ'.repeat(95) + ' のコピー');
    });

    it('is for the owner: staff get 403, a stranger 404', async () => {
      const { owner, world, staff, stranger } = await ownerStaffStranger();
      expect((await copyWorld(staff.headers, world.id)).statusCode).toBe(403);
      expect((await copyWorld(stranger.headers, world.id)).statusCode).toBe(404);
      const list = (
        await t.app.inject({ method: 'GET', url: '/api/mypage/worlds', headers: owner.headers })
      ).json();
      expect(list.total).toBe(1);
      expect(
        (
          await t.app.inject({ method: 'GET', url: '/api/mypage/worlds', headers: staff.headers })
        ).json().total,
      ).toBe(1);
    });
  });
});
