import { and, eq, inArray, or } from 'drizzle-orm';
import type { Tx } from '../db/connect';
import { calendarDates, payments } from '../db/schema';
import { checkoutMessages } from './payment-deps';

/**
 * The payments' part of deleting a world (ADR 009), in the deleting transaction with the world
 * locked: its pending holds are released and their unfinished checkouts stopped (a payer who
 * still completes one is refunded, as when the owner releases a date).
 */
export async function stopCheckoutsOfWorld(tx: Tx, worldId: string, now: Date) {
  const held = await tx
    .update(calendarDates)
    .set({ status: 'cancelled', holdExpiresAt: null, updatedAt: now })
    .where(and(eq(calendarDates.worldId, worldId), eq(calendarDates.status, 'pending')))
    .returning({ paymentId: calendarDates.paymentId });
  const checkouts = [...new Set(held.flatMap((d) => (d.paymentId ? [d.paymentId] : [])))];
  if (checkouts.length === 0) return;
  await tx
    .update(payments)
    .set({ status: 'failed', failureMessage: checkoutMessages.released, updatedAt: now })
    .where(
      and(
        inArray(payments.id, checkouts),
        or(eq(payments.status, 'processing'), eq(payments.status, 'requires_action')),
      ),
    );
}
