// コンビニ払い (docs/product.md §4 Checkout): the cart's dates are held until the voucher's
// deadline; the store's payment reserves them, the deadline releases them, and the payer gets a
// mail either way. Checkout's steps (ADR 008) with a voucher in place of a charge.
import { and, asc, eq, lte } from 'drizzle-orm';
import { konbiniDeadline, konbiniMessages } from '../../src/domain/konbini';
import type { SlotInput } from '../calendar/rules';
import { payments } from '../db/schema';
import { RuleError } from '../http/errors';
import { applyOutcome } from './apply-outcome';
import { answer, holdCart, type CheckoutAnswer } from './checkout';
import { atProvider, type PaymentDeps } from './payment-deps';

/** createPayment with method konbini: holds the dates until the deadline and issues the voucher. */
export async function checkoutKonbini(
  deps: PaymentDeps,
  input: { worldId: string; userId: string; items: SlotInput[]; expectedTotal: number },
): Promise<CheckoutAnswer> {
  const { held, slots, total } = await holdCart(
    deps,
    { ...input, paymentMethodId: null },
    (cart, now) => {
      const deadline = konbiniDeadline(
        now,
        cart.map((s) => s.startAt),
      );
      if (!deadline) throw new RuleError('invalid', konbiniMessages.tooSoon);
      return deadline;
    },
  );
  const { payment, worldName } = held;
  // When the provider fails it is unknown whether a voucher was issued: the dates stay held;
  // confirmPayment asks again.
  const outcome = await atProvider(() =>
    deps.provider.issueVoucher({
      customerId: held.customerId,
      amountYen: total,
      idempotencyKey: payment.id,
      description: `${worldName} のカレンダー予約 ${slots.length}件`,
      metadata: { paymentId: payment.id, worldId: input.worldId, worldName },
      expiresAt: held.dates[0]!.holdExpiresAt!,
      payer: { name: held.userName, email: held.userEmail },
    }),
  );
  await applyOutcome(deps, payment.id, outcome);
  return answer(deps, payment.id);
}

/**
 * The background pass's part (reconcile.ts, one process at a time): vouchers whose deadline has
 * passed are cancelled at the provider and their dates released, with the payer's mail. One the
 * store was paid for at the last moment is reserved instead (applyOutcome: if still free).
 */
export async function expireVouchers(deps: PaymentDeps & { appUrl: string }): Promise<number> {
  const due = await deps.db
    .select({ id: payments.id, providerPaymentId: payments.providerPaymentId })
    .from(payments)
    .where(
      and(
        eq(payments.provider, deps.provider.name),
        eq(payments.paymentType, 'konbini'),
        eq(payments.status, 'requires_action'),
        lte(payments.voucherExpiresAt, deps.now()),
      ),
    )
    .orderBy(asc(payments.voucherExpiresAt))
    .limit(100);
  for (const payment of due) {
    const outcome = await deps.provider.cancel(payment.providerPaymentId!);
    await applyOutcome(
      deps,
      payment.id,
      outcome.status === 'failed' ? { ...outcome, message: konbiniMessages.expired } : outcome,
    );
  }
  return due.length;
}
