// Applying a provider's outcome to a payment (ADR 008): the one step every path settles through,
// checkout and confirm, the webhook, cancelling, reconciliation and the store's stand-in.
import { and, eq, gt, ne } from 'drizzle-orm';
import type { CalendarDateRow } from '../calendar/calendar';
import { assertFree, releaseExpiredHolds } from '../calendar/rules';
import type { Db } from '../db/connect';
import { calendarDates, payments } from '../db/schema';
import { lockWorld } from '../db/world-locks';
import { RuleError } from '../http/errors';
import type { PaymentRow } from './history';
import { tellVoucherPayer } from './konbini-mail';
import { checkoutMessages, type PaymentDeps } from './payment-deps';
import { refundPayment } from './payment-refund';
import type { ChargeOutcome } from './provider';

/**
 * The second step, in one transaction with the world locked, then the payment row:
 * - requires_action: the payment waits for the payer; its dates stay held.
 * - failed: the dates are cancelled (free at once), the payment failed with the provider's message.
 * - succeeded: the dates are reserved, with the receipt. If the hold expired meanwhile, the dates
 *   are reserved again when still free; when someone else took the time, or the owner released
 *   the dates, the money is refunded.
 */
export async function applyOutcome(
  deps: PaymentDeps,
  paymentId: string,
  outcome: ChargeOutcome,
  /** Called in the transaction whenever the payment's row changes (reconciliation mails here). */
  onChange?: (tx: Db, row: PaymentRow) => Promise<void>,
): Promise<PaymentRow> {
  const [head] = await deps.db
    .select({ worldId: payments.worldId })
    .from(payments)
    .where(eq(payments.id, paymentId));
  if (!head) throw new RuleError('notFound', checkoutMessages.paymentNotFound);
  const { row, refundOwed } = await deps.db.transaction(async (tx) => {
    const now = deps.now();
    await lockWorld(tx, head.worldId);
    const [payment] = await tx
      .select()
      .from(payments)
      .where(eq(payments.id, paymentId))
      .for('update');
    const open = payment!.status === 'processing' || payment!.status === 'requires_action';
    const providerPaymentId = outcome.providerPaymentId ?? payment!.providerPaymentId;
    const done = (row: PaymentRow, refundOwed = false) => ({ row, refundOwed });
    const update = async (values: Partial<typeof payments.$inferInsert>) => {
      const [row] = await tx
        .update(payments)
        .set({ ...values, providerPaymentId, updatedAt: now })
        .where(eq(payments.id, paymentId))
        .returning();
      await onChange?.(tx, row!);
      // A voucher is issued, or ends (paid at the store, or its deadline passed): the payer is told.
      if (
        deps.appUrl &&
        (payment!.status === 'requires_action' || row!.status === 'requires_action')
      )
        await tellVoucherPayer(tx, deps.appUrl, row!);
      return row!;
    };
    const releaseDates = () =>
      tx
        .update(calendarDates)
        .set({ status: 'cancelled', holdExpiresAt: null, updatedAt: now })
        .where(and(eq(calendarDates.paymentId, paymentId), eq(calendarDates.status, 'pending')));
    // Money was taken for dates the payment no longer holds: recorded here (failed, cancelled_at),
    // refunded after the commit; a refund that fails then is retried by the next settle.
    const giveBack = async (message: string) => {
      await releaseDates();
      return done(
        await update({
          status: 'failed',
          failureMessage: message,
          cancelledAt: now,
          receiptUrl: null,
        }),
        true,
      );
    };

    if (outcome.status === 'awaiting_payment') {
      const { voucher } = outcome;
      return done(
        payment!.status === 'processing'
          ? await update({
              status: 'requires_action',
              voucherNumber: voucher.paymentNumber,
              voucherConfirmation: voucher.confirmationNumber,
              voucherExpiresAt: voucher.expiresAt,
              voucherUrl: voucher.url,
            })
          : payment!,
      );
    }
    if (outcome.status === 'requires_action') {
      return done(
        payment!.status === 'processing' ? await update({ status: 'requires_action' }) : payment!,
      );
    }
    if (outcome.status === 'refunded') {
      if (payment!.status === 'refunded') return done(payment!);
      // Refunded at the provider (Stripe's dashboard): the payer has the money back, so the dates
      // it paid for that have not started are given up; started or past ones stay as they were.
      await tx
        .update(calendarDates)
        .set({ status: 'cancelled', holdExpiresAt: null, updatedAt: now })
        .where(
          and(
            eq(calendarDates.paymentId, paymentId),
            ne(calendarDates.status, 'cancelled'),
            gt(calendarDates.startAt, now),
          ),
        );
      return done(await update({ status: 'refunded', cancelledAt: payment!.cancelledAt ?? now }));
    }
    if (outcome.status === 'failed') {
      if (!open) return done(payment!);
      await releaseDates();
      return done(await update({ status: 'failed', failureMessage: outcome.message }));
    }
    // succeeded
    if (payment!.status === 'succeeded' || payment!.status === 'refunded') return done(payment!);
    if (payment!.status === 'failed') {
      return giveBack(
        payment!.cancelledAt
          ? (payment!.failureMessage ?? checkoutMessages.cancelledByOwner)
          : checkoutMessages.cancelledByOwner,
      );
    }
    const dates = await tx
      .select()
      .from(calendarDates)
      .where(eq(calendarDates.paymentId, paymentId))
      .for('update');
    const held = (d: CalendarDateRow) =>
      d.status === 'pending' && d.holdExpiresAt !== null && d.holdExpiresAt > now;
    const lapsed = dates.filter((d) => !held(d));
    if (lapsed.length > 0) {
      await releaseExpiredHolds(tx, head.worldId, now);
      const free =
        lapsed.every((d) => d.startAt > now) &&
        (await assertFree(
          tx,
          head.worldId,
          lapsed,
          now,
          dates.map((d) => d.id),
        ).then(
          () => true,
          () => false,
        ));
      if (!free) return giveBack(checkoutMessages.lateAndTaken);
    }
    await tx
      .update(calendarDates)
      .set({ status: 'reserved', holdExpiresAt: null, updatedAt: now })
      .where(eq(calendarDates.paymentId, paymentId));
    return done(
      await update({ status: 'succeeded', receiptUrl: outcome.receiptUrl, failureMessage: null }),
    );
  });
  return refundOwed ? refundPayment(deps, row) : row;
}
/**
 * For the provider's asynchronous notices (the Stripe webhook): finds the payment by the
 * provider's id and applies the outcome (retrieved when not given). Idempotent: a payment that
 * already reached succeeded, failed or refunded is not changed again, except that money taken
 * for a payment the product no longer wants is refunded. Answers the payment's status, or null
 * when no payment has that id.
 */
export async function settleProviderPayment(
  deps: PaymentDeps,
  providerPaymentId: string,
  outcome?: ChargeOutcome,
): Promise<PaymentRow['status'] | null> {
  const [payment] = await deps.db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.provider, deps.provider.name),
        eq(payments.providerPaymentId, providerPaymentId),
      ),
    );
  if (!payment) return null;
  const settled = await applyOutcome(
    deps,
    payment.id,
    outcome ?? (await deps.provider.retrieve(providerPaymentId)),
  );
  return settled.status;
}
