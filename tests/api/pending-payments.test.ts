// Payments awaiting authentication are their payer's (issue 23, docs/product.md §4 Checkout):
// listed, resumed, cancelled with the dates free at once; nobody else may touch them.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { localPayments, payments } from '../../server/db/schema';
import { checkoutMessages } from '../../server/payments/payment-deps';
import { ownHoldMessage } from '../../server/payments/hold';
import { localMessages, testCards } from '../../server/payments/local';
import { pendingMessages } from '../../server/payments/pending';
import { useTestServer } from './support/app';
import { checkoutCalls } from './support/checkout';
import { testDbKind } from './support/database';
import type { AuthHeaders } from './support/session';

const t = useTestServer();
const api = checkoutCalls(t);

const pending = (headers: AuthHeaders, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/mypage/pending_payments${query}`, headers });
const resume = (headers: AuthHeaders, id: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/mypage/pending_payments/${id}/resume`,
    headers,
    payload: {},
  });
const cancel = (headers: AuthHeaders, id: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/mypage/pending_payments/${id}`, headers });
const authenticate = (headers: AuthHeaders, clientSecret: string, result: 'approve' | 'reject') =>
  t.app.inject({
    method: 'POST',
    url: `/api/payments/local/payments/${clientSecret}/authenticate`,
    headers,
    payload: { result },
  });
const confirm = (headers: AuthHeaders, worldId: string, id: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/mypage/worlds/${worldId}/payments/${id}/confirm`,
    headers,
    payload: {},
  });

/** An owner whose 3-D Secure card payment of one date waits for authentication (the tab closed). */
async function abandoned(hours = 24) {
  const owner = await api.owner();
  const world = await api.world(owner.headers);
  const card = await api.card(owner.headers, testCards.authentication);
  const item = api.item(hours);
  const res = await api.pay(owner.headers, world.id, card.id, [item]);
  expect(res.statusCode, res.body).toBe(202);
  const body = res.json() as { paymentId: string; nextAction: { clientSecret: string } };
  return {
    ...owner,
    world,
    card,
    item,
    paymentId: body.paymentId,
    secret: body.nextAction.clientSecret,
  };
}

describe(`pending payments on ${testDbKind}`, () => {
  it('lists the payer’s payment awaiting authentication with its dates and hold, and no one else’s', async () => {
    const p = await abandoned();
    const mine = await pending(p.headers, `?worldId=${p.world.id}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().items).toMatchObject([
      {
        id: p.paymentId,
        worldId: p.world.id,
        total: 3300,
        provider: 'local',
        dates: [{ startAt: p.item.startAt, endAt: p.item.endAt, capacity: 20, amount: 3300 }],
      },
    ]);
    const hold = Date.parse(mine.json().items[0].holdExpiresAt) - t.clock.now().getTime();
    expect(hold).toBe(15 * 60_000);
    const stranger = await api.owner();
    expect((await pending(stranger.headers)).json().items).toEqual([]);
    // Once the hold lapsed it holds nothing: not listed.
    t.clock.advance(16 * 60);
    expect((await pending(p.headers)).json().items).toEqual([]);
  });

  it('tells the payer paying again that the time is held by their own pending payment, not someone else’s', async () => {
    const p = await abandoned();
    const other = await api.card(p.headers);
    const again = await api.pay(p.headers, p.world.id, other.id, [p.item]);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ errors: [ownHoldMessage] });
  });

  it('resumes: the provider’s step again, then paid after approval', async () => {
    const p = await abandoned();
    const resumed = await resume(p.headers, p.paymentId);
    expect(resumed.statusCode, resumed.body).toBe(202);
    expect(resumed.json()).toMatchObject({
      paymentId: p.paymentId,
      nextAction: { provider: 'local', clientSecret: p.secret },
    });
    expect((await authenticate(p.headers, p.secret, 'approve')).statusCode).toBe(200);
    const paid = await resume(p.headers, p.paymentId);
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().calendarDates).toMatchObject([{ status: 'reserved' }]);
    expect((await pending(p.headers)).json().items).toEqual([]);
  });

  it('cancels at the provider and releases the dates at once: the same time can be paid right away', async () => {
    const p = await abandoned();
    const res = await cancel(p.headers, p.paymentId);
    expect(res.statusCode, res.body).toBe(204);
    expect((await pending(p.headers)).json().items).toEqual([]);
    const [row] = await t.database.db.select().from(payments).where(eq(payments.id, p.paymentId));
    expect(row).toMatchObject({
      status: 'failed',
      failureMessage: pendingMessages.cancelledByPayer,
    });
    // The issuer's step can no longer be answered.
    const late = await authenticate(p.headers, p.secret, 'approve');
    expect(late.statusCode).toBe(422);
    expect(late.json()).toEqual({ errors: [localMessages.notAwaitingAuthentication] });
    const other = await api.card(p.headers);
    expect((await api.pay(p.headers, p.world.id, other.id, [p.item])).statusCode).toBe(201);
    // Cancelling again: nothing to do.
    expect((await cancel(p.headers, p.paymentId)).statusCode).toBe(204);
  });

  it('refunds when the payer had approved at the provider before cancelling', async () => {
    const p = await abandoned();
    expect((await authenticate(p.headers, p.secret, 'approve')).statusCode).toBe(200);
    expect((await cancel(p.headers, p.paymentId)).statusCode).toBe(204);
    const [row] = await t.database.db.select().from(payments).where(eq(payments.id, p.paymentId));
    expect(row!.status).toBe('refunded');
    const [charge] = await t.database.db
      .select()
      .from(localPayments)
      .where(eq(localPayments.id, p.secret));
    expect(charge!.refundedAt).not.toBeNull();
    expect((await api.dates(p.headers, p.world.id)).json().items).toEqual([]);
  });

  it('refuses someone else’s payment (404) and a payment that already succeeded (422), changing nothing', async () => {
    const p = await abandoned();
    const stranger = await api.owner();
    for (const res of [
      await resume(stranger.headers, p.paymentId),
      await cancel(stranger.headers, p.paymentId),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ errors: [checkoutMessages.paymentNotFound] });
    }
    expect((await pending(p.headers)).json().items).toHaveLength(1);

    const card = await api.card(p.headers);
    const paid = await api.pay(p.headers, p.world.id, card.id, [api.item(72)]);
    expect(paid.statusCode).toBe(201);
    const refused = await cancel(p.headers, paid.json().paymentHistory.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ errors: [pendingMessages.alreadyPaid] });
    const [row] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, paid.json().paymentHistory.id));
    expect(row!.status).toBe('succeeded');
  });
});

// PGlite runs one query at a time, so it cannot show a race; this is PostgreSQL's test.
describe.skipIf(testDbKind !== 'postgres')('cancelling races confirming on postgres', () => {
  it('after approval, a cancel and a confirm at once end as one story: paid and kept, or cancelled and refunded', async () => {
    for (let round = 0; round < 5; round++) {
      const p = await abandoned(24 + round);
      expect((await authenticate(p.headers, p.secret, 'approve')).statusCode).toBe(200);
      const [cancelled, confirmed] = await Promise.all([
        cancel(p.headers, p.paymentId),
        confirm(p.headers, p.world.id, p.paymentId),
      ]);
      const [row] = await t.database.db.select().from(payments).where(eq(payments.id, p.paymentId));
      const [charge] = await t.database.db
        .select()
        .from(localPayments)
        .where(eq(localPayments.id, p.secret));
      const dates = (await api.dates(p.headers, p.world.id)).json().items as { status: string }[];
      if (cancelled.statusCode === 204) {
        expect(confirmed.statusCode).toBe(422);
        expect(row!.status).toBe('refunded');
        expect(charge!.refundedAt).not.toBeNull();
        expect(dates).toEqual([]);
      } else {
        expect(cancelled.statusCode).toBe(422);
        expect(cancelled.json()).toEqual({ errors: [pendingMessages.alreadyPaid] });
        expect(confirmed.statusCode).toBe(201);
        expect(row!.status).toBe('succeeded');
        expect(charge!.refundedAt).toBeNull();
        expect(dates).toMatchObject([{ status: 'reserved' }]);
      }
    }
  });
});
