import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { calendarMessages } from '../../server/calendar/rules';
import { localPayments, localRefunds, paymentRefunds } from '../../server/db/schema';
import { cancelDate, refundMessages } from '../../server/payments/date-cancellation';
import type { PaymentProvider } from '../../server/payments/provider';
import { reconcilePayments } from '../../server/payments/reconcile';
import { useTestServer } from './support/app';
import { checkoutCalls } from './support/checkout';
import { testDbKind } from './support/database';
import type { AuthHeaders } from './support/session';

const t = useTestServer({
  env: { INVOICE_ISSUER_NAME: '株式会社ワールズ', INVOICE_REGISTRATION_NUMBER: 'T1234567890123' },
});
const api = checkoutCalls(t);
const DAY = 24;

/** An owner who paid two 90-minute dates for 20 people (¥3,300 each) by card. */
async function paidTwo(hoursA: number, hoursB: number) {
  const owner = await api.owner();
  const world = await api.world(owner.headers);
  const card = await api.card(owner.headers);
  const items = [api.item(hoursA), api.item(hoursB)];
  const paid = await api.pay(owner.headers, world.id, card.id, items);
  expect(paid.statusCode, paid.body).toBe(201);
  // The answer lists dates earliest first; a and b are the cart's first and second.
  const [a, b] = items.map((item) =>
    (paid.json().calendarDates as { id: string; startAt: string }[]).find(
      (d) => d.startAt === item.startAt,
    )!,
  );
  const cancel = (id: string, headers: AuthHeaders = owner.headers) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/mypage/worlds/${world.id}/calendar_dates/${id}`,
      headers,
    });
  return { owner, world, paymentId: paid.json().paymentHistory.id as string, a: a!, b: b!, cancel };
}

async function localRefundsOf(paymentId: string) {
  const [charge] = await t.database.db
    .select()
    .from(localPayments)
    .where(eq(localPayments.idempotencyKey, paymentId));
  return t.database.db.select().from(localRefunds).where(eq(localRefunds.paymentId, charge!.id));
}

const history = async (headers: AuthHeaders) =>
  (await t.app.inject({ method: 'GET', url: '/api/mypage/payment_histories', headers })).json()
    .items[0];

describe(`refunds of cancelled dates on ${testDbKind}`, () => {
  it('refunds a date cancelled 7 days ahead in full and one cancelled 2 days ahead by half', async () => {
    const p = await paidTwo(10 * DAY, 2 * DAY);
    expect((await p.cancel(p.a.id)).statusCode).toBe(204);
    expect((await localRefundsOf(p.paymentId)).map((r) => r.amount)).toEqual([3300]);
    t.clock.advance(60);
    expect((await p.cancel(p.b.id)).statusCode).toBe(204);
    expect((await localRefundsOf(p.paymentId)).map((r) => r.amount).sort()).toEqual([1650, 3300]);
    const item = await history(p.owner.headers);
    expect(item).toMatchObject({ id: p.paymentId, total: 6600 });
    expect(item.refunds).toMatchObject([
      { percent: 100, amount: 3300, status: 'succeeded', capacity: 20 },
      { percent: 50, amount: 1650, status: 'succeeded', capacity: 20 },
    ]);
  });

  it('refunds nothing for a date cancelled less than a day ahead, and records no refund', async () => {
    const p = await paidTwo(30 * DAY, 20);
    expect((await p.cancel(p.b.id)).statusCode).toBe(204);
    expect(await localRefundsOf(p.paymentId)).toEqual([]);
    expect((await history(p.owner.headers)).refunds).toEqual([]);
  });

  it('refuses a date that has started (422) and a second refund of the same date (409), refunding once', async () => {
    const p = await paidTwo(10 * DAY, 3);
    expect((await p.cancel(p.a.id)).statusCode).toBe(204);
    const again = await p.cancel(p.a.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ errors: [refundMessages.alreadyCancelled] });
    t.clock.advance(4 * 3600);
    const started = await p.cancel(p.b.id);
    expect(started.statusCode).toBe(422);
    expect(started.json()).toEqual({ errors: [calendarMessages.pastCannotCancel] });
    expect((await localRefundsOf(p.paymentId)).map((r) => r.amount)).toEqual([3300]);
  });

  it('keeps a refund the provider could not take, tells so in Japanese, and the reconciliation pass sends it once', async () => {
    const p = await paidTwo(10 * DAY, 20 * DAY);
    const down = Object.assign(Object.create(t.app.deps.payments) as PaymentProvider, {
      refund: () => Promise.reject(new Error('connection lost')),
    });
    const failed = cancelDate(
      { db: t.database.db, provider: down, now: t.clock.now },
      p.world.id,
      p.a.id,
    );
    await expect(failed).rejects.toThrow(refundMessages.providerUnavailable);
    expect((await history(p.owner.headers)).refunds).toMatchObject([
      { amount: 3300, status: 'pending' },
    ]);
    expect(await localRefundsOf(p.paymentId)).toEqual([]);
    expect((await p.cancel(p.a.id)).statusCode).toBe(409); // not a second refund

    const pass = () =>
      reconcilePayments({
        db: t.database.db,
        provider: t.app.deps.payments,
        now: t.clock.now,
        appUrl: 'http://app.test',
        afterMs: 60_000,
        notChargedAfterMs: 300_000,
      });
    await pass(); // too recent: the request itself may still be at the provider
    expect(await localRefundsOf(p.paymentId)).toEqual([]);
    t.clock.advance(120);
    await pass();
    await pass();
    expect((await localRefundsOf(p.paymentId)).map((r) => r.amount)).toEqual([3300]);
    expect((await history(p.owner.headers)).refunds).toMatchObject([{ status: 'succeeded' }]);
  });

  it('gives each refund a 適格返還請求書 PDF for the payer; others get 404', async () => {
    const p = await paidTwo(10 * DAY, 2 * DAY);
    await p.cancel(p.b.id);
    const [refund] = (await history(p.owner.headers)).refunds as { id: string }[];
    const url = `/api/mypage/payment_histories/${p.paymentId}/refunds/${refund!.id}/pdf`;
    const res = await t.app.inject({ method: 'GET', url, headers: p.owner.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = await PDFDocument.load(res.rawPayload);
    expect(pdf.getTitle()).toMatch(/^適格返還請求書 R\d{8}-[0-9A-F]{8}$/);
    expect(pdf.getPage(0).getSize()).toEqual({ width: 595.28, height: 841.89 });
    const stranger = await api.owner();
    const refused = await t.app.inject({ method: 'GET', url, headers: stranger.headers });
    expect(refused.statusCode).toBe(404);
  });
});

// PGlite runs one query at a time, so it cannot show a race; this is PostgreSQL's test.
describe.skipIf(testDbKind !== 'postgres')('a refund requested twice at once on postgres', () => {
  it('cancels and refunds once: one 204, one 409 in Japanese', async () => {
    for (let round = 0; round < 4; round++) {
      const p = await paidTwo((10 + round) * DAY, (20 + round) * DAY);
      const answers = await Promise.all([p.cancel(p.a.id), p.cancel(p.a.id)]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([204, 409]);
      expect(answers.find((r) => r.statusCode === 409)!.json()).toEqual({
        errors: [refundMessages.alreadyCancelled],
      });
      const rows = await t.database.db
        .select()
        .from(paymentRefunds)
        .where(eq(paymentRefunds.paymentId, p.paymentId));
      expect(rows).toMatchObject([{ amount: 3300, status: 'succeeded' }]);
      expect((await localRefundsOf(p.paymentId)).map((r) => r.amount)).toEqual([3300]);
    }
  });
});
