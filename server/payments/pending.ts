// Payments waiting for their payer's authentication (issue 23, docs/product.md §4 Checkout): the
// payer sees them, resumes the provider's step, or cancels them, which releases their dates at
// once. Only the payer may: another user gets 404, as for a payment that does not exist.
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { calendarDates, payments, worlds } from '../db/schema';
import { lockWorld } from '../db/world-locks';
import { RuleError } from '../http/errors';
import { applyOutcome } from './apply-outcome';
import { confirm } from './checkout';
import { atProvider, checkoutMessages, type PaymentDeps } from './payment-deps';
import { paidDates, paidDatesColumn } from './history';

export const pendingMessages = {
  alreadyPaid:
    'このお支払いは完了しているため取り消せません。予約の取り消しは予約状況の日時から行ってください。',
  cancelledByPayer: 'お支払いを取り消しました。確保していた日時は解除されました。',
} as const;

/** The dates' earliest hold end: when the payment stops holding anything. */
const holdEnd = sql<string>`(select min(${calendarDates.holdExpiresAt}) from ${calendarDates}
  where ${calendarDates.paymentId} = ${payments.id} and ${calendarDates.status} = 'pending')`;

/**
 * The payer's card payments awaiting authentication, and コンビニ払い vouchers awaiting the store,
 * whose dates are still held, oldest first.
 */
export async function listPending(db: Db, userId: string, worldId: string | undefined, now: Date) {
  const conditions = [
    eq(payments.userId, userId),
    ne(payments.paymentType, 'fixed'),
    eq(payments.status, 'requires_action'),
    sql`${holdEnd} > ${now.toISOString()}::timestamptz`,
  ];
  if (worldId) conditions.push(eq(payments.worldId, worldId));
  const rows = await db
    .select({
      payment: payments,
      worldName: worlds.name,
      dates: paidDatesColumn,
      holdExpiresAt: holdEnd,
    })
    .from(payments)
    .innerJoin(worlds, eq(worlds.id, payments.worldId))
    .where(and(...conditions))
    .orderBy(asc(payments.createdAt), asc(payments.id));
  return {
    items: rows.map(({ payment, worldName, dates, holdExpiresAt }) => ({
      id: payment.id,
      worldId: payment.worldId,
      worldName,
      total: payment.total,
      provider: payment.provider as 'local' | 'stripe',
      createdAt: payment.createdAt.toISOString(),
      holdExpiresAt: new Date(holdExpiresAt).toISOString(),
      dates: paidDates(dates),
      ...(payment.paymentType === 'konbini' && {
        voucher: {
          paymentNumber: payment.voucherNumber ?? '',
          confirmationNumber: payment.voucherConfirmation ?? '',
          expiresAt: (payment.voucherExpiresAt ?? new Date(holdExpiresAt)).toISOString(),
          url: payment.voucherUrl,
        },
      }),
    })),
  };
}

/** The payer's own card or konbini payment, or 404. */
async function ownPayment(db: Db, userId: string, paymentId: string) {
  const [payment] = await db
    .select({ worldId: payments.worldId })
    .from(payments)
    .where(
      and(
        eq(payments.id, paymentId),
        eq(payments.userId, userId),
        ne(payments.paymentType, 'fixed'),
      ),
    );
  if (!payment) throw new RuleError('notFound', checkoutMessages.paymentNotFound);
  return payment;
}

/** resumePendingPayment: the provider's step again, or the outcome it reached meanwhile. */
export async function resumePending(deps: PaymentDeps, userId: string, paymentId: string) {
  const { worldId } = await ownPayment(deps.db, userId, paymentId);
  return confirm(deps, worldId, paymentId);
}

/**
 * cancelPendingPayment. In one transaction with the world locked: the payment fails as cancelled
 * by its payer and its dates are released (free at once). Then the provider is told; if the payer
 * finished authenticating first, the money taken is refunded (applyOutcome gives it back).
 */
export async function cancelPending(deps: PaymentDeps, userId: string, paymentId: string) {
  const { worldId } = await ownPayment(deps.db, userId, paymentId);
  const providerPaymentId = await deps.db.transaction(async (tx) => {
    const now = deps.now();
    await lockWorld(tx, worldId);
    const [payment] = await tx
      .select()
      .from(payments)
      .where(eq(payments.id, paymentId))
      .for('update');
    if (payment!.status === 'succeeded' || payment!.status === 'refunded')
      throw new RuleError('invalid', pendingMessages.alreadyPaid);
    if (payment!.status === 'failed') return null;
    await tx
      .update(calendarDates)
      .set({ status: 'cancelled', holdExpiresAt: null, updatedAt: now })
      .where(and(eq(calendarDates.paymentId, paymentId), eq(calendarDates.status, 'pending')));
    await tx
      .update(payments)
      .set({
        status: 'failed',
        failureMessage: pendingMessages.cancelledByPayer,
        cancelledAt: now,
        updatedAt: now,
      })
      .where(eq(payments.id, paymentId));
    return payment!.provider === deps.provider.name ? payment!.providerPaymentId : null;
  });
  if (!providerPaymentId) return;
  // When the provider fails the dates are free already; a charge the payer still completes is
  // refunded when it is settled (confirm, the webhook, reconciliation).
  const outcome = await atProvider(() => deps.provider.cancel(providerPaymentId));
  if (outcome.status === 'succeeded') await applyOutcome(deps, paymentId, outcome);
}
