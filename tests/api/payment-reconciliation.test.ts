import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatYen } from '../../src/domain/price';
import { calendarDates, localPayments, payments } from '../../server/db/schema';
import { listMails } from '../../server/mail/outbox';
import { checkout } from '../../server/payments/checkout';
import type { PaymentDeps } from '../../server/payments/payment-deps';
import type { PaymentProvider } from '../../server/payments/provider';
import { reconcilePayments } from '../../server/payments/reconcile';
import { useTestServer } from './support/app';
import { checkoutCalls, type Item } from './support/checkout';
import { testDbKind } from './support/database';

const t = useTestServer();
const api = checkoutCalls(t);
// docs/decisions/008: looked up after a minute; "no charge found" is believed after five.
const afterMs = 60_000;
const notChargedAfterMs = 5 * 60_000;

/** The provider as a crash right after (or before) the charge leaves it: the answer never comes back. */
function answerLost(provider: PaymentProvider, charged: boolean): PaymentProvider {
  return Object.assign(Object.create(provider) as PaymentProvider, {
    async charge(request: Parameters<PaymentProvider['charge']>[0]) {
      if (charged) await provider.charge(request);
      throw new Error('connection lost');
    },
  });
}

async function stuckCheckout(items: Item[], charged = true) {
  const owner = await api.owner();
  const world = await api.world(owner.headers);
  const card = await api.card(owner.headers);
  const deps: PaymentDeps = {
    db: t.database.db,
    provider: answerLost(t.app.deps.payments, charged),
    now: t.clock.now,
  };
  await expect(
    checkout(deps, {
      worldId: world.id,
      userId: owner.id,
      paymentMethodId: card.id,
      items,
      expectedTotal: api.total(items),
    }),
  ).rejects.toThrow();
  const [payment] = await t.database.db
    .select()
    .from(payments)
    .where(eq(payments.worldId, world.id));
  expect(payment!.status).toBe('processing');
  return { ...owner, world, card, paymentId: payment!.id };
}

const reconcile = () =>
  reconcilePayments({
    db: t.database.db,
    provider: t.app.deps.payments,
    now: t.clock.now,
    appUrl: 'http://app.test',
    afterMs,
    notChargedAfterMs,
  });

async function state(paymentId: string) {
  const [payment] = await t.database.db.select().from(payments).where(eq(payments.id, paymentId));
  const [charge] = await t.database.db
    .select()
    .from(localPayments)
    .where(eq(localPayments.idempotencyKey, paymentId));
  const dates = await t.database.db
    .select()
    .from(calendarDates)
    .where(eq(calendarDates.paymentId, paymentId));
  return { payment: payment!, charge, dates: dates.map((d) => d.status) };
}

describe(`reconciliation of charged, then crashed checkouts on ${testDbKind}`, () => {
  it('reserves the dates of a charge whose answer was lost when they are still free, and mails the payer', async () => {
    const items = [api.item(24), api.item(48)];
    const stuck = await stuckCheckout(items);
    // Within the grace period the checkout may still be running elsewhere: left alone.
    await reconcile();
    expect((await state(stuck.paymentId)).payment.status).toBe('processing');

    t.clock.advance(afterMs / 1000 + 1);
    await reconcile();
    const settled = await state(stuck.paymentId);
    expect(settled.payment.status).toBe('succeeded');
    expect(settled.dates).toEqual(['reserved', 'reserved']);
    expect(settled.charge!.refundedAt).toBeNull();
    const [mail] = await listMails(t.database.db, { limit: 1, to: stuck.email });
    expect(mail!.subject).toBe('【Worlds】「夏祭り」のお支払いと予約が完了しました');
    expect(mail!.text).toContain(`お支払い（${formatYen(api.total(items))}）は完了`);
    expect(mail!.text.match(/（20名）/g)).toHaveLength(2);
  });

  it('refunds a charge whose dates were taken meanwhile, and mails the payer', async () => {
    const item = api.item(30);
    const stuck = await stuckCheckout([item]);
    t.clock.advance(16 * 60); // the hold has expired: the same owner takes the time again
    const other = await api.card(stuck.headers);
    const taken = await api.pay(stuck.headers, stuck.world.id, other.id, [item]);
    expect(taken.statusCode, taken.body).toBe(201);

    await reconcile();
    const settled = await state(stuck.paymentId);
    expect(settled.payment.status).toBe('refunded');
    expect(settled.charge!.refundedAt).not.toBeNull();
    expect(settled.dates).toEqual(['cancelled']);
    const [mail] = await listMails(t.database.db, { limit: 1, to: stuck.email });
    expect(mail!.subject).toBe('【Worlds】「夏祭り」のお支払いを返金しました');
    // Reconciling again changes nothing and mails nothing.
    await reconcile();
    expect(await listMails(t.database.db, { limit: 10, to: stuck.email })).toHaveLength(2);
  });

  it('releases the dates of a checkout that was never charged, without charging it now', async () => {
    const stuck = await stuckCheckout([api.item(60)], false);
    t.clock.advance(afterMs / 1000 + 1);
    // No charge found yet: Stripe's search may not list it for about a minute, so not believed.
    await reconcile();
    expect((await state(stuck.paymentId)).payment.status).toBe('processing');

    t.clock.advance((notChargedAfterMs - afterMs) / 1000);
    await reconcile();
    const settled = await state(stuck.paymentId);
    expect(settled.payment.status).toBe('failed');
    expect(settled.charge).toBeUndefined();
    expect(settled.dates).toEqual(['cancelled']);
    const [mail] = await listMails(t.database.db, { limit: 1, to: stuck.email });
    expect(mail!.subject).toBe('【Worlds】「夏祭り」のお支払いは完了していません');
  });
});
