// コンビニ払い with the local provider (issue 23 item 3, docs/product.md §4 Checkout): a voucher
// holds the dates until its deadline; the store's payment (the outbox page's 「支払い済みにする」)
// reserves them with a receipt and a mail; the deadline (the background pass) releases them.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { konbiniMessages } from '../../src/domain/konbini';
import { calendarDates, localPayments, payments } from '../../server/db/schema';
import { listMails } from '../../server/mail/outbox';
import { formatTokyo } from '../../server/payments/format';
import { ownVoucherMessage } from '../../server/payments/hold';
import { reconcilePayments } from '../../server/payments/reconcile';
import { useTestServer } from './support/app';
import { checkoutCalls, type Item } from './support/checkout';
import { testDbKind } from './support/database';
import type { AuthHeaders } from './support/session';

const t = useTestServer();
const api = checkoutCalls(t);
const HOUR = 3_600_000;

const payKonbini = (headers: AuthHeaders, worldId: string, items: Item[]) =>
  t.app.inject({
    method: 'POST',
    url: `/api/mypage/worlds/${worldId}/payments`,
    headers,
    payload: { method: 'konbini', items, timezone: 'Asia/Tokyo', expectedTotal: api.total(items) },
  });
const store = (providerPaymentId: string, action: 'pay' | 'expire') =>
  t.app.inject({
    method: 'POST',
    url: `/dev/konbini/${providerPaymentId}/${action}`,
    // As the outbox page's form sends it.
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
const pending = (headers: AuthHeaders) =>
  t.app.inject({ method: 'GET', url: '/api/mypage/pending_payments', headers });
const reconcile = () =>
  reconcilePayments({
    db: t.database.db,
    provider: t.app.deps.payments,
    now: t.clock.now,
    appUrl: 'http://app.test',
    afterMs: 300_000,
    notChargedAfterMs: 300_000,
  });

/** The payer's mails about コンビニ払い (their sign-up mail aside). */
const konbiniMails = async (to: string) =>
  (await listMails(t.database.db, { limit: 10, to })).filter((m) => m.subject.includes('コンビニ'));

type Voucher = { paymentNumber: string; confirmationNumber: string; expiresAt: string };

/** An owner with a voucher for one date starting `hours` from now. */
async function voucher(hours: number) {
  const owner = await api.owner();
  const world = await api.world(owner.headers);
  const item = api.item(hours);
  const res = await payKonbini(owner.headers, world.id, [item]);
  expect(res.statusCode, res.body).toBe(202);
  const body = res.json() as { paymentId: string; nextAction: { voucher: Voucher } };
  const [local] = await t.database.db
    .select()
    .from(localPayments)
    .where(eq(localPayments.idempotencyKey, body.paymentId));
  return {
    ...owner,
    world,
    item,
    paymentId: body.paymentId,
    voucher: body.nextAction.voucher,
    local: local!,
  };
}

async function state(paymentId: string) {
  const [payment] = await t.database.db.select().from(payments).where(eq(payments.id, paymentId));
  const dates = await t.database.db
    .select()
    .from(calendarDates)
    .where(eq(calendarDates.paymentId, paymentId));
  return { payment: payment!, dates: dates.map((d) => d.status) };
}

describe(`コンビニ払い (local provider) on ${testDbKind}`, () => {
  it('issues a voucher due 3 days from now when the date is further away, and holds the date until then', async () => {
    const v = await voucher(10 * 24);
    expect(v.voucher.paymentNumber).toMatch(/^[0-9]{11}$/);
    expect(v.voucher.confirmationNumber).toMatch(/^[0-9]{4}$/);
    expect(Date.parse(v.voucher.expiresAt)).toBe(t.clock.now().getTime() + 3 * 24 * HOUR);
    expect(await state(v.paymentId)).toMatchObject({
      payment: { status: 'requires_action', paymentType: 'konbini' },
      dates: ['pending'],
    });
    // The payer is mailed what to take to the store: both numbers, the deadline and the amount.
    const [issued, ...others] = await konbiniMails(v.email);
    expect(others).toEqual([]);
    expect(issued!.subject).toBe(
      `【Worlds】「${v.world.name}」のコンビニ払いの払込票（支払期限 ${formatTokyo(new Date(v.voucher.expiresAt))}）`,
    );
    expect(issued!.text).toContain(`払込票番号: ${v.voucher.paymentNumber}`);
    expect(issued!.text).toContain(`確認番号: ${v.voucher.confirmationNumber}`);
    expect(issued!.text).toContain(`支払期限: ${formatTokyo(new Date(v.voucher.expiresAt))}`);
    expect(issued!.text).toMatch(/お支払い金額: [￥¥][\d,]+（税込）/);
    // Held after the card hold's 15 minutes too: paying the time again is refused, and told as
    // the payer's own voucher, not someone else's reservation.
    t.clock.advance(2 * 24 * 3600);
    const card = await api.card(v.headers);
    const again = await api.pay(v.headers, v.world.id, card.id, [v.item]);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ errors: [ownVoucherMessage] });
    // The payer's list shows the voucher until it is paid.
    expect((await pending(v.headers)).json().items).toMatchObject([
      { id: v.paymentId, voucher: { paymentNumber: v.voucher.paymentNumber } },
    ]);
  });

  it('is due 24 hours before the date starts when that comes first', async () => {
    const v = await voucher(30);
    expect(Date.parse(v.voucher.expiresAt)).toBe(Date.parse(v.item.startAt) - 24 * HOUR);
  });

  it('refuses a konbini payment for a date starting in less than 24 hours and the minimum window, holding nothing', async () => {
    const owner = await api.owner();
    const world = await api.world(owner.headers);
    const item = api.item(24.5);
    const res = await payKonbini(owner.headers, world.id, [item]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: [konbiniMessages.tooSoon] });
    const held = await t.database.db
      .select()
      .from(calendarDates)
      .where(eq(calendarDates.worldId, world.id));
    expect(held).toEqual([]);
  });

  it('paid at the store: the date is reserved with a receipt and the payer is mailed; paying twice is 409 and changes nothing', async () => {
    const v = await voucher(10 * 24);
    const paid = await store(v.local.id, 'pay');
    expect(paid.statusCode, paid.body).toBe(303);
    const after = await state(v.paymentId);
    expect(after).toMatchObject({ payment: { status: 'succeeded' }, dates: ['reserved'] });
    const receipt = await t.app.inject({
      method: 'GET',
      url: new URL(after.payment.receiptUrl!).pathname,
    });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.body).toContain('コンビニ払い');
    const [mail] = await listMails(t.database.db, { limit: 1, to: v.email });
    expect(mail!.subject).toContain('コンビニ払いを確認し、予約が確定しました');
    const again = await store(v.local.id, 'pay');
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain(konbiniMessages.alreadyPaid);
    expect(await konbiniMails(v.email)).toHaveLength(2);
    expect((await pending(v.headers)).json().items).toEqual([]);
  });

  it('a voucher that does not exist is 404; one past its deadline cannot be paid (422)', async () => {
    const unknown = await store('00000000-0000-0000-0000-000000000000', 'pay');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain(konbiniMessages.voucherNotFound);
    const v = await voucher(10 * 24);
    t.clock.advance(3 * 24 * 3600 + 1);
    const late = await store(v.local.id, 'pay');
    expect(late.statusCode).toBe(422);
    expect(late.body).toContain(konbiniMessages.voucherClosed);
    expect((await state(v.paymentId)).payment.status).toBe('requires_action');
  });

  it('a held date the owner cancels stops its voucher at the provider: the store can no longer take the money', async () => {
    const v = await voucher(10 * 24);
    const [date] = await t.database.db
      .select({ id: calendarDates.id })
      .from(calendarDates)
      .where(eq(calendarDates.paymentId, v.paymentId));
    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: `/api/mypage/worlds/${v.world.id}/calendar_dates/${date!.id}`,
      headers: v.headers,
    });
    expect(cancelled.statusCode, cancelled.body).toBeLessThan(300);
    expect(await state(v.paymentId)).toMatchObject({
      payment: { status: 'failed' },
      dates: ['cancelled'],
    });
    const paid = await store(v.local.id, 'pay');
    expect(paid.statusCode).toBe(422);
    expect(paid.body).toContain(konbiniMessages.voucherClosed);
    expect((await state(v.paymentId)).payment.status).toBe('failed');
  });

  it('the background pass releases a voucher past its deadline and mails the payer; the time is free again', async () => {
    const v = await voucher(10 * 24);
    t.clock.advance(3 * 24 * 3600 - 60);
    await reconcile();
    expect((await state(v.paymentId)).dates).toEqual(['pending']);
    t.clock.advance(61);
    await reconcile();
    expect(await state(v.paymentId)).toMatchObject({
      payment: { status: 'failed', failureMessage: konbiniMessages.expired },
      dates: ['cancelled'],
    });
    const [mail] = await listMails(t.database.db, { limit: 1, to: v.email });
    expect(mail!.subject).toContain('コンビニ払いの期限が過ぎ');
    await reconcile();
    expect(await konbiniMails(v.email)).toHaveLength(2);
    const card = await api.card(v.headers);
    expect((await api.pay(v.headers, v.world.id, card.id, [v.item])).statusCode).toBe(201);
  });

  it('paid twice at once: one payment, one reservation, the other 409', async () => {
    const v = await voucher(10 * 24);
    const answers = await Promise.all([store(v.local.id, 'pay'), store(v.local.id, 'pay')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([303, 409]);
    expect(await state(v.paymentId)).toMatchObject({
      payment: { status: 'succeeded' },
      dates: ['reserved'],
    });
    expect(await konbiniMails(v.email)).toHaveLength(2);
  });
});
