import { and, count, eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { calendarMessages } from '../../server/calendar/rules';
import {
  calendarDates,
  fixedPlans,
  localPayments,
  payments,
  worldMembers,
} from '../../server/db/schema';
import { checkoutMessages } from '../../server/payments/payment-deps';
import { fixedMessages } from '../../server/payments/fixed';
import { invoiceMessages } from '../../server/payments/invoices';
import { localMessages, testCards } from '../../server/payments/local';
import { listMails } from '../../server/mail/outbox';
import { forbiddenMessage } from '../../server/worlds/access';
import { useTestServer } from './support/app';
import { checkoutCalls } from './support/checkout';
import { testDbKind } from './support/database';
import type { AuthHeaders } from './support/session';
import { worldNotFoundMessage } from '../../server/db/world-locks';

const t = useTestServer({ env: { CONTACT_TO: 'billing@example.com' } });
const api = checkoutCalls(t);

async function localCharges(idempotencyKey?: string) {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(localPayments)
    .where(idempotencyKey ? eq(localPayments.idempotencyKey, idempotencyKey) : undefined);
  return row!.n;
}

async function ownerWithCard(number: string = testCards.succeeds) {
  const owner = await api.owner();
  const world = await api.world(owner.headers);
  const card = await api.card(owner.headers, number);
  return { ...owner, world, card };
}

function confirm(headers: AuthHeaders, worldId: string, paymentId: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/mypage/worlds/${worldId}/payments/${paymentId}/confirm`,
    headers,
    payload: {},
  });
}

function authenticate(headers: AuthHeaders, clientSecret: string, result: 'approve' | 'reject') {
  return t.app.inject({
    method: 'POST',
    url: `/api/payments/local/payments/${clientSecret}/authenticate`,
    headers,
    payload: { result },
  });
}

describe(`checkout on ${testDbKind}`, () => {
  it('prices 90 minutes × 20 people at 3,300 yen and refuses an end before the start', async () => {
    const { headers, world } = await ownerWithCard();
    const item = api.item(24);
    const price = await t.app.inject({
      method: 'GET',
      url: `/api/mypage/worlds/${world.id}/payments/calc_price?startAt=${encodeURIComponent(item.startAt)}&endAt=${encodeURIComponent(item.endAt)}&capacity=20`,
      headers,
    });
    expect(price.statusCode).toBe(200);
    expect(price.json()).toEqual({ price: 3300 });
    const backwards = await t.app.inject({
      method: 'GET',
      url: `/api/mypage/worlds/${world.id}/payments/calc_price?startAt=${encodeURIComponent(item.endAt)}&endAt=${encodeURIComponent(item.startAt)}&capacity=20`,
      headers,
    });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json()).toEqual({ errors: [calendarMessages.endBeforeStart] });
  });

  it('reserves two dates with a card: dates reserved, a history with card and receipt, a receipt page that renders', async () => {
    const { headers, world, card, id } = await ownerWithCard();
    const items = [api.item(24), api.item(48, 60, 10)];
    const res = await api.pay(headers, world.id, card.id, items);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.paymentHistory).toMatchObject({
      paymentType: 'card',
      cancelled: false,
      total: 3300 + 1100,
      worldId: world.id,
      worldName: '夏祭り',
      ssWorldName: '夏祭り',
      cardLast4: '4242',
      userId: id,
    });
    expect(body.paymentHistory.receiptUrl).toMatch(
      /^http:\/\/app\.test\/receipts\/[A-Za-z0-9_-]{22}$/,
    );
    expect(body.calendarDates).toHaveLength(2);
    expect(body.calendarDates.map((d: { status: string }) => d.status)).toEqual([
      'reserved',
      'reserved',
    ]);
    expect(body.calendarDates[0].paymentHistory.id).toBe(body.paymentHistory.id);

    const listed = await api.dates(headers, world.id);
    expect(
      listed.json().items.map((d: { status: string; startAt: string }) => [d.status, d.startAt]),
    ).toEqual([
      ['reserved', items[0]!.startAt],
      ['reserved', items[1]!.startAt],
    ]);
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/mypage/payment_histories',
      headers,
    });
    expect(mine.json()).toMatchObject({
      total: 1,
      items: [{ id: body.paymentHistory.id, total: 4400 }],
    });
    const worlds = await t.app.inject({
      method: 'GET',
      url: `/api/mypage/worlds/${world.id}/payments`,
      headers,
    });
    expect(worlds.json()).toMatchObject({ total: 1, items: [{ id: body.paymentHistory.id }] });

    const receipt = await t.app.inject({
      method: 'GET',
      url: new URL(body.paymentHistory.receiptUrl).pathname,
    });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toContain('text/html');
    expect(receipt.headers['referrer-policy']).toBe('no-referrer');
    expect(receipt.body).toContain('領収書');
    expect(receipt.body).toContain('￥4,400');
    expect(receipt.body).toContain('夏祭り');
    expect(receipt.body).toContain('VISA •••• 4242');
    expect(receipt.body).toMatch(/\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}/);
    expect(receipt.body).toMatch(/\d{8}-[0-9A-F]{8}/);
    const unknown = await t.app.inject({ method: 'GET', url: '/receipts/AAAAAAAAAAAAAAAAAAAAAA' });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses a declined card with its message, reserves nothing and frees the slot at once', async () => {
    const { headers, world, card } = await ownerWithCard(testCards.declined);
    const item = api.item(30);
    const res = await api.pay(headers, world.id, card.id, [item]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: [localMessages.declined] });
    expect((await api.dates(headers, world.id)).json().items).toEqual([]);
    const good = await api.card(headers);
    expect((await api.pay(headers, world.id, good.id, [item])).statusCode).toBe(201);
    // The failed attempt is not a payment history.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/mypage/payment_histories', headers })).json()
        .total,
    ).toBe(1);
  });

  it('says when the balance is insufficient', async () => {
    const { headers, world, card } = await ownerWithCard(testCards.insufficientFunds);
    const res = await api.pay(headers, world.id, card.id, [api.item(30)]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toContain('カードの残高が不足しています。');
  });

  it('asks for authentication (202, dates held); approved by the payer, confirm reserves', async () => {
    const { headers, world, card } = await ownerWithCard(testCards.authentication);
    const item = api.item(30);
    const res = await api.pay(headers, world.id, card.id, [item]);
    expect(res.statusCode, res.body).toBe(202);
    const { paymentId, nextAction } = res.json();
    expect(res.json()).toMatchObject({
      status: 'requires_action',
      nextAction: { provider: 'local' },
    });
    expect((await api.dates(headers, world.id)).json().items).toMatchObject([
      { status: 'pending' },
    ]);
    const waiting = await confirm(headers, world.id, paymentId);
    expect(waiting.statusCode).toBe(202);

    const stranger = await api.owner();
    expect(
      (await authenticate(stranger.headers, nextAction.clientSecret, 'approve')).statusCode,
    ).toBe(404);
    const approved = await authenticate(headers, nextAction.clientSecret, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    const done = await confirm(headers, world.id, paymentId);
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json().calendarDates).toMatchObject([
      { status: 'reserved', startAt: item.startAt },
    ]);
    // Confirming again changes nothing and charges nothing.
    expect((await confirm(headers, world.id, paymentId)).statusCode).toBe(201);
    expect(await localCharges(paymentId)).toBe(1);
  });

  it('releases the dates when the payer rejects the authentication', async () => {
    const { headers, world, card } = await ownerWithCard(testCards.authentication);
    const item = api.item(30);
    const res = await api.pay(headers, world.id, card.id, [item]);
    const { paymentId, nextAction } = res.json();
    expect((await authenticate(headers, nextAction.clientSecret, 'reject')).statusCode).toBe(200);
    const refused = await confirm(headers, world.id, paymentId);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ errors: [localMessages.authenticationFailed] });
    expect((await api.dates(headers, world.id)).json().items).toEqual([]);
    const good = await api.card(headers);
    expect((await api.pay(headers, world.id, good.id, [item])).statusCode).toBe(201);
  });

  it("refuses a second owner's booking that overlaps the world's reserved time (409), not another world's", async () => {
    const first = await ownerWithCard();
    const item = api.item(40);
    expect((await api.pay(first.headers, first.world.id, first.card.id, [item])).statusCode).toBe(
      201,
    );
    const second = await api.owner();
    await t.database.db
      .insert(worldMembers)
      .values({ worldId: first.world.id, userId: second.id, role: 'owner' });
    const card = await api.card(second.headers);
    const overlapping = {
      ...item,
      startAt: new Date(new Date(item.startAt).getTime() + 30 * 60_000).toISOString(),
      endAt: new Date(new Date(item.endAt).getTime() + 30 * 60_000).toISOString(),
    };
    const before = await localCharges();
    const res = await api.pay(second.headers, first.world.id, card.id, [overlapping]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      errors: ['選択した日時はすでに予約されています。別の時間を選んでください。'],
    });
    expect(await localCharges()).toBe(before);
    // Touching ends do not overlap; another world's calendar is its own.
    const after = {
      ...item,
      startAt: item.endAt,
      endAt: new Date(new Date(item.endAt).getTime() + 60 * 60_000).toISOString(),
    };
    expect((await api.pay(second.headers, first.world.id, card.id, [after])).statusCode).toBe(201);
    const own = await api.world(second.headers, '別のワールド');
    expect((await api.pay(second.headers, own.id, card.id, [item])).statusCode).toBe(201);
  });

  it('refuses dates in the past, too far ahead, too short, too long, over capacity, blank, or overlapping in the cart', async () => {
    const { headers, world, card } = await ownerWithCard();
    const cases: [ReturnType<typeof api.item>, number, string][] = [
      [api.item(-1), 422, calendarMessages.inPast],
      [api.item(24 * 400), 422, calendarMessages.tooFar],
      [api.item(24, 10), 422, calendarMessages.tooShort],
      [api.item(24, 25 * 60), 422, calendarMessages.tooLong],
      [api.item(24, 90, 1001), 400, 'items.0.capacity: 1000以下の値にしてください。'],
      [api.item(24, 90, 0), 400, 'items.0.capacity: 1以上の値にしてください。'],
      [{ ...api.item(24), startAt: '' }, 400, 'items.0.startAt: 日時の形式が正しくありません。'],
      [{ ...api.item(24), endAt: api.item(23).startAt }, 422, calendarMessages.endBeforeStart],
    ];
    for (const [item, status, message] of cases) {
      const res = await api.pay(headers, world.id, card.id, [item], 1000);
      expect(res.statusCode, JSON.stringify(item)).toBe(status);
      expect(res.json().errors.join('\n')).toContain(message);
    }
    const twice = await api.pay(headers, world.id, card.id, [api.item(24), api.item(24.5)]);
    expect(twice.statusCode).toBe(422);
    expect(twice.json()).toEqual({ errors: [calendarMessages.overlapInCart] });
    const second = await api.pay(headers, world.id, card.id, [api.item(24), api.item(-2)]);
    expect(second.json()).toEqual({ errors: [`2件目: ${calendarMessages.inPast}`] });
    expect((await api.dates(headers, world.id, '?status=cancelled')).json().items).toEqual([]);
  });

  it('refuses a total that differs from expectedTotal (422) without charging or holding anything', async () => {
    const { headers, world, card } = await ownerWithCard();
    const before = await localCharges();
    const res = await api.pay(headers, world.id, card.id, [api.item(24)], 3299);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toBe(`${calendarMessages.totalChanged}（最新の金額: ￥3,300）`);
    expect(await localCharges()).toBe(before);
    const [held] = await t.database.db
      .select({ n: count() })
      .from(calendarDates)
      .where(eq(calendarDates.worldId, world.id));
    expect(held!.n).toBe(0);
  });

  it.each([0, -3300])(
    'refuses an expected total of %i yen with a Japanese 4xx, charging and holding nothing',
    async (expectedTotal) => {
      const { headers, world, card } = await ownerWithCard();
      const before = await localCharges();
      const res = await api.pay(headers, world.id, card.id, [api.item(24)], expectedTotal);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json()).toEqual({ errors: ['expectedTotal: 1以上の値にしてください。'] });
      expect(await localCharges()).toBe(before);
      expect((await api.dates(headers, world.id)).json().items).toEqual([]);
    },
  );

  it('lets an expired hold go: refresh marks it cancelled, and a later checkout takes the slot', async () => {
    const { headers, world, card } = await ownerWithCard(testCards.authentication);
    const item = api.item(50);
    const held = await api.pay(headers, world.id, card.id, [item]);
    expect(held.statusCode).toBe(202);
    const other = await api.card(headers);
    expect((await api.pay(headers, world.id, other.id, [item])).statusCode).toBe(409);
    t.clock.advance(16 * 60);
    // A later checkout ignores the expired hold.
    const taken = await api.pay(headers, world.id, other.id, [item]);
    expect(taken.statusCode, taken.body).toBe(201);
    // The late approval finds its time taken: refunded, nothing reserved twice.
    await authenticate(headers, held.json().nextAction.clientSecret, 'approve');
    const late = await confirm(headers, world.id, held.json().paymentId);
    expect(late.statusCode).toBe(422);
    expect(late.json()).toEqual({ errors: [checkoutMessages.lateAndTaken] });
    const [refunded] = await t.database.db
      .select()
      .from(localPayments)
      .where(eq(localPayments.idempotencyKey, held.json().paymentId));
    expect(refunded!.refundedAt).not.toBeNull();
    expect((await api.dates(headers, world.id)).json().items).toHaveLength(1);

    const hold = await t.app.inject({
      method: 'POST',
      url: `/api/mypage/worlds/${world.id}/calendar_dates`,
      headers,
      payload: { ...api.item(70), eventAnnouncementId: undefined },
    });
    expect(hold.statusCode, hold.body).toBe(201);
    t.clock.advance(16 * 60);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: `/api/mypage/worlds/${world.id}/calendar_dates/refresh`,
      headers,
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().items.map((d: { id: string }) => d.id)).not.toContain(hold.json().id);
    const [row] = await t.database.db
      .select()
      .from(calendarDates)
      .where(eq(calendarDates.id, hold.json().id));
    expect(row!.status).toBe('cancelled');
  });

  it('never charges one payment twice: the same key answers the first charge', async () => {
    const { headers, world, card } = await ownerWithCard();
    const res = await api.pay(headers, world.id, card.id, [api.item(24)]);
    const paymentId = res.json().paymentHistory.id as string;
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.id, paymentId));
    const provider = t.server.app.deps.payments;
    const [charge] = await t.database.db
      .select()
      .from(localPayments)
      .where(eq(localPayments.idempotencyKey, paymentId));
    const again = await provider.charge({
      customerId: charge!.customerId,
      providerPaymentMethodId: charge!.cardToken!,
      amountYen: payment!.total,
      idempotencyKey: paymentId,
      description: 'retry',
      metadata: {},
    });
    expect(again).toMatchObject({
      status: 'succeeded',
      providerPaymentId: payment!.providerPaymentId,
    });
    expect((await confirm(headers, world.id, paymentId)).statusCode).toBe(201);
    expect(await localCharges(paymentId)).toBe(1);
  });

  it('cancels reserved dates one by one, each refunded under the policy; the payment stays paid', async () => {
    const { headers, world, card } = await ownerWithCard();
    const items = [api.item(10 * 24), api.item(48)];
    const res = await api.pay(headers, world.id, card.id, items);
    const dateOf = (i: number) =>
      (res.json().calendarDates as { id: string; startAt: string }[]).find(
        (d) => d.startAt === items[i]!.startAt,
      )!;
    const historyId = res.json().paymentHistory.id as string;
    const del = (id: string) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/mypage/worlds/${world.id}/calendar_dates/${id}`,
        headers,
      });
    const charge = async () =>
      (
        await t.database.db
          .select()
          .from(localPayments)
          .where(eq(localPayments.idempotencyKey, historyId))
      )[0]!;
    expect((await del(dateOf(0).id)).statusCode).toBe(204);
    t.clock.advance(60);
    expect((await del(dateOf(1).id)).statusCode).toBe(204);
    expect((await charge()).refundedAt).toBeNull(); // two partial refunds, not a whole one
    const history = (
      await t.app.inject({ method: 'GET', url: '/api/mypage/payment_histories', headers })
    ).json().items[0];
    expect(history).toMatchObject({ id: historyId, cancelled: false, total: 6600 });
    expect(history.refunds).toMatchObject([
      { percent: 100, amount: 3300 },
      { percent: 50, amount: 1650 },
    ]);
    const receipt = await t.app.inject({
      method: 'GET',
      url: new URL(history.receiptUrl).pathname,
    });
    expect(receipt.body).not.toContain('返金されました');

    const soon = await api.pay(headers, world.id, card.id, [api.item(1)]);
    t.clock.advance(3 * 3600);
    const started = await del(soon.json().calendarDates[0].id);
    expect(started.statusCode).toBe(422);
    expect(started.json()).toEqual({ errors: [calendarMessages.pastCannotCancel] });
    const finished = await api.dates(headers, world.id, '?status=finished');
    expect(finished.json().items).toMatchObject([{ status: 'finished' }]);
  });

  it('reserves with an active fixed plan (paymentType fixed, total 0, paidByFixed) and refuses without one', async () => {
    const { headers, world } = await ownerWithCard();
    const items = [api.item(24, 60, 50)];
    const none = await t.app.inject({
      method: 'POST',
      url: `/api/mypage/worlds/${world.id}/fixed_payments`,
      headers,
      payload: { items, timezone: 'Asia/Tokyo' },
    });
    expect(none.statusCode).toBe(422);
    expect(none.json()).toEqual({ errors: [fixedMessages.noPlan] });
    await t.database.db.insert(fixedPlans).values({
      worldId: world.id,
      planName: 'スタンダード',
      maxCapacity: 100,
      monthlyFee: 50000,
      startsOn: '2000-01-01',
      endsOn: null,
    });
    const plans = await t.app.inject({
      method: 'GET',
      url: `/api/mypage/worlds/${world.id}/fixed_payments`,
      headers,
    });
    expect(plans.json().items).toMatchObject([
      { planName: 'スタンダード', status: 'active', maxCapacity: 100 },
    ]);
    const big = await t.app.inject({
      method: 'POST',
      url: `/api/mypage/worlds/${world.id}/fixed_payments`,
      headers,
      payload: { items: [api.item(24, 60, 101)], timezone: 'Asia/Tokyo' },
    });
    expect(big.json()).toEqual({ errors: [fixedMessages.overCapacity(100)] });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/mypage/worlds/${world.id}/fixed_payments`,
      headers,
      payload: { items, timezone: 'Asia/Tokyo' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().paymentHistory).toMatchObject({
      paymentType: 'fixed',
      total: 0,
      cardLast4: null,
      receiptUrl: null,
      cancelled: false,
    });
    expect(res.json().calendarDates).toMatchObject([{ status: 'reserved', paidByFixed: true }]);
  });

  it('issues one invoice per paid card payment, mailed to the operator, and lists it', async () => {
    const { headers, world, card, email } = await ownerWithCard();
    const paid = await api.pay(headers, world.id, card.id, [api.item(24)]);
    const paymentHistoryId = paid.json().paymentHistory.id as string;
    const url = `/api/mypage/worlds/${world.id}/invoices`;
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers,
      payload: { paymentHistoryId, addressee: '株式会社サンプル' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      paymentHistoryId,
      addressee: '株式会社サンプル',
      total: 3300,
      status: 'paid',
      pdfUrl: null,
    });
    expect(res.json().number).toMatch(/^INV-\d{6}-[0-9A-F]{8}$/);
    const again = await t.app.inject({
      method: 'POST',
      url,
      headers,
      payload: { paymentHistoryId, addressee: '株式会社サンプル' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ errors: [invoiceMessages.duplicate] });
    expect((await t.app.inject({ method: 'GET', url, headers })).json()).toMatchObject({
      total: 1,
      items: [{ id: res.json().id }],
    });
    const [operator] = await listMails(t.database.db, { limit: 1, to: 'billing@example.com' });
    expect(operator?.text).toContain(res.json().number);
    expect(operator?.text).toContain('株式会社サンプル');
    expect((await listMails(t.database.db, { limit: 1, to: email }))[0]?.subject).toContain(
      '請求書',
    );
  });

  it('is for the owner only: staff 403, other users 404, guests 403', async () => {
    const { headers, world, card } = await ownerWithCard();
    const staff = await api.owner();
    await t.database.db
      .insert(worldMembers)
      .values({ worldId: world.id, userId: staff.id, role: 'staff' });
    const staffCard = await api.card(staff.headers);
    const stranger = await api.owner();
    const strangerCard = await api.card(stranger.headers);
    const link = await t.app.inject({
      method: 'POST',
      url: `/api/mypage/worlds/${world.id}/world_guest_tokens`,
      headers,
      payload: {},
    });
    const entered = await t.app.inject({
      method: 'POST',
      url: `/api/world_guest_tokens/${link.json().token}`,
      payload: { name: 'ゲスト' },
      remoteAddress: '192.0.2.9',
    });
    const guest = {
      'access-token': String(entered.headers['access-token']),
      client: String(entered.headers.client),
      uid: String(entered.headers.uid),
    };

    const item = api.item(24);
    expect((await api.pay(staff.headers, world.id, staffCard.id, [item])).json()).toEqual({
      errors: [forbiddenMessage],
    });
    expect((await api.pay(stranger.headers, world.id, strangerCard.id, [item])).json()).toEqual({
      errors: [worldNotFoundMessage],
    });
    expect((await api.pay(guest, world.id, card.id, [item])).statusCode).toBe(403);
    for (const [who, status] of [
      [staff.headers, 403],
      [stranger.headers, 404],
      [guest, 403],
    ] as const) {
      for (const url of [
        `/api/mypage/worlds/${world.id}/payments`,
        `/api/mypage/worlds/${world.id}/invoices`,
        `/api/mypage/worlds/${world.id}/fixed_payments`,
      ]) {
        expect((await t.app.inject({ method: 'GET', url, headers: who })).statusCode, url).toBe(
          status,
        );
      }
    }
    // The owner's own card is not anyone else's to pay with.
    const borrowed = await api.pay(headers, world.id, strangerCard.id, [item]);
    expect(borrowed.json()).toEqual({ errors: [checkoutMessages.cardNotFound] });
    const [none] = await t.database.db
      .select({ n: count() })
      .from(payments)
      .where(and(eq(payments.worldId, world.id), isNotNull(payments.providerPaymentId)));
    expect(none!.n).toBe(0);
  });

  it('tells the browser the provider: local, no publishable key, nothing to set up', async () => {
    const { headers } = await api.owner();
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/payments/config', headers })).json(),
    ).toEqual({ provider: 'local', publishableKey: null });
    const setup = await t.app.inject({
      method: 'POST',
      url: '/api/mypage/payment_methods/setup',
      headers,
    });
    expect(setup.statusCode).toBe(201);
    expect(setup.json()).toEqual({ provider: 'local', clientSecret: null });
  });
});
