// The whole refund of a payment the product no longer wants (ADR 008, 031); a date's partial
// refund under the cancellation policy is date-cancellation.ts (ADR 036).
import { eq } from 'drizzle-orm';
import { payments } from '../db/schema';
import type { PaymentRow } from './history';
import { atProvider, type PaymentDeps } from './payment-deps';

/**
 * Refunds a payment whose money the product no longer wants (cancelled_at set while the provider
 * holds the money), outside any transaction: the provider is another system, and PGlite runs one
 * query at a time. Idempotent at the provider; the status says refunded only once it is.
 */
export async function refundPayment(deps: PaymentDeps, payment: PaymentRow): Promise<PaymentRow> {
  if (!payment.providerPaymentId || payment.paymentType !== 'card' || payment.status === 'refunded')
    return payment;
  await atProvider(() => deps.provider.refund(payment.providerPaymentId!));
  const [row] = await deps.db
    .update(payments)
    .set({ status: 'refunded', updatedAt: deps.now() })
    .where(eq(payments.id, payment.id))
    .returning();
  return row!;
}
