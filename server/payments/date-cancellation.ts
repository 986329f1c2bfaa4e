// Cancelling a calendar date, and the refund of a reserved date under the cancellation policy
// (src/domain/refund-policy.ts, docs/product.md §3, ADR 036).
import { and, eq, lt, ne } from 'drizzle-orm';
import { priceYen } from '../../src/domain/price';
import { refundPercent } from '../../src/domain/refund-policy';
import { calendarMessages } from '../calendar/rules';
import { calendarDates, paymentRefunds, payments } from '../db/schema';
import { lockWorld } from '../db/world-locks';
import { RuleError } from '../http/errors';
import { applyOutcome } from './apply-outcome';
import { atProvider, checkoutMessages, type PaymentDeps } from './payment-deps';

export const refundMessages = {
  alreadyCancelled: 'この日時はすでにキャンセルされ、返金を受け付けています。返金は1回だけです。',
  providerUnavailable:
    '日時はキャンセルしました。返金は決済サービスに接続できしだい自動で行います（二重に返金されることはありません）。',
} as const;

type RefundRow = typeof paymentRefunds.$inferSelect;
type Owed = { refund: RefundRow; providerPaymentId: string };
/** A checkout stopped by releasing its dates: its charge or voucher is cancelled at the provider. */
type Stopped = { stopped: { paymentId: string; providerPaymentId: string } };

/**
 * deleteCalendarDate. A pending date is released; when it belongs to an unfinished checkout, that
 * checkout stops and all its dates are released (if the payer still completes it, it is
 * refunded). A reserved date that has not started is cancelled and, when paid by card, that date's
 * amount is refunded under the policy: recorded in the same transaction (one refund per date),
 * then sent to the provider with the refund's id as the idempotency key. Started or past dates:
 * 422. A date already cancelled: 409 when a refund was recorded for it, else nothing to do.
 */
export async function cancelDate(deps: PaymentDeps, worldId: string, dateId: string) {
  const now = deps.now();
  const owed = await deps.db.transaction(async (tx): Promise<Owed | Stopped | null> => {
    await lockWorld(tx, worldId);
    const [date] = await tx
      .select()
      .from(calendarDates)
      .where(and(eq(calendarDates.id, dateId), eq(calendarDates.worldId, worldId)))
      .for('update');
    if (!date) throw new RuleError('notFound', calendarMessages.dateNotFound);
    if (date.status === 'cancelled') {
      const [refunded] = await tx
        .select({ id: paymentRefunds.id })
        .from(paymentRefunds)
        .where(eq(paymentRefunds.calendarDateId, date.id));
      if (refunded) throw new RuleError('conflict', refundMessages.alreadyCancelled);
      return null;
    }
    if (date.status === 'reserved' && date.startAt <= now)
      throw new RuleError('invalid', calendarMessages.pastCannotCancel);
    const [payment] = date.paymentId
      ? await tx.select().from(payments).where(eq(payments.id, date.paymentId)).for('update')
      : [];
    if (payment && (payment.status === 'processing' || payment.status === 'requires_action')) {
      // Releasing a held date stops its checkout: every date it holds is released with it.
      await tx
        .update(calendarDates)
        .set({ status: 'cancelled', holdExpiresAt: null, updatedAt: now })
        .where(and(eq(calendarDates.paymentId, payment.id), ne(calendarDates.status, 'cancelled')));
      await tx
        .update(payments)
        .set({ status: 'failed', failureMessage: checkoutMessages.released, updatedAt: now })
        .where(eq(payments.id, payment.id));
      return payment.providerPaymentId && payment.provider === deps.provider.name
        ? { stopped: { paymentId: payment.id, providerPaymentId: payment.providerPaymentId } }
        : null;
    }
    await tx
      .update(calendarDates)
      .set({ status: 'cancelled', holdExpiresAt: null, updatedAt: now })
      .where(eq(calendarDates.id, date.id));
    if (
      !payment ||
      payment.status !== 'succeeded' ||
      payment.paymentType !== 'card' ||
      !payment.providerPaymentId
    )
      return null;
    const dateAmount = priceYen(date);
    const percent = refundPercent(date.startAt, now);
    const amount = Math.floor((dateAmount * percent) / 100);
    if (amount === 0) return null;
    const [refund] = await tx
      .insert(paymentRefunds)
      .values({
        paymentId: payment.id,
        calendarDateId: date.id,
        dateAmount,
        percent,
        amount,
        status: 'pending',
        createdAt: now,
      })
      .returning();
    return { refund: refund!, providerPaymentId: payment.providerPaymentId };
  });
  if (owed && 'stopped' in owed) await stopAtProvider(deps, owed.stopped);
  else if (owed) await sendRefund(deps, owed);
}

/**
 * After a held date's release: its checkout is cancelled at the provider, so that a voucher can
 * no longer be paid at a store (a konbini payment cannot be refunded) and an authentication can
 * no longer charge. One the payer finished first is settled (a card is refunded: applyOutcome).
 */
async function stopAtProvider(deps: PaymentDeps, stopped: Stopped['stopped']) {
  const outcome = await atProvider(() => deps.provider.cancel(stopped.providerPaymentId));
  if (outcome.status === 'succeeded') await applyOutcome(deps, stopped.paymentId, outcome);
}

/** The recorded refund at the provider (idempotent by its id), then marked succeeded. */
async function sendRefund(deps: Pick<PaymentDeps, 'db' | 'provider' | 'now'>, owed: Owed) {
  await atProvider(
    () =>
      deps.provider.refund(owed.providerPaymentId, {
        amountYen: owed.refund.amount,
        idempotencyKey: owed.refund.id,
      }),
    refundMessages.providerUnavailable,
  );
  await deps.db
    .update(paymentRefunds)
    .set({ status: 'succeeded', refundedAt: deps.now() })
    .where(eq(paymentRefunds.id, owed.refund.id));
}

/**
 * Refunds recorded before `cutoff` that never reached the provider (an outage, a crash): sent
 * again by the reconciliation pass (reconcile.ts). Answers how many were sent.
 */
export async function sendPendingRefunds(
  deps: Pick<PaymentDeps, 'db' | 'provider' | 'now'>,
  cutoff: Date,
): Promise<number> {
  const pending = await deps.db
    .select({ refund: paymentRefunds, providerPaymentId: payments.providerPaymentId })
    .from(paymentRefunds)
    .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
    .where(
      and(
        eq(paymentRefunds.status, 'pending'),
        eq(payments.provider, deps.provider.name),
        lt(paymentRefunds.createdAt, cutoff),
      ),
    )
    .limit(100);
  for (const row of pending)
    await sendRefund(deps, { refund: row.refund, providerPaymentId: row.providerPaymentId! });
  return pending.length;
}
