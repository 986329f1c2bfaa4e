// The local provider's partial refunds (a cancelled date under the cancellation policy): one row
// per idempotency key, never more in all than the payment's amount.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { localPayments, localRefunds } from '../db/schema';

export async function refundLocalPart(
  db: Db,
  payment: typeof localPayments.$inferSelect,
  part: { amountYen: number; idempotencyKey: string },
  at: Date,
): Promise<void> {
  if (!Number.isInteger(part.amountYen) || part.amountYen < 1)
    throw new Error(`refund amount ${part.amountYen} is not a positive number of yen`);
  const inserted = (await db.execute(sql`
    insert into ${localRefunds} (id, idempotency_key, payment_id, amount, created_at)
    select ${`re_${randomUUID()}`}, ${part.idempotencyKey}, ${payment.id}, ${part.amountYen}::integer,
      ${at.toISOString()}::timestamptz
    where (select coalesce(sum(amount), 0) from ${localRefunds} where payment_id = ${payment.id})
      + ${part.amountYen} <= ${payment.amount}
    on conflict (idempotency_key) do nothing
    returning id`)) as unknown as { rows: { id: string }[] };
  if (inserted.rows.length > 0) return;
  const [seen] = await db
    .select()
    .from(localRefunds)
    .where(eq(localRefunds.idempotencyKey, part.idempotencyKey));
  if (seen?.paymentId === payment.id && seen.amount === part.amountYen) return; // a retry
  throw new Error(`local payment ${payment.id} cannot be refunded ${part.amountYen} yen more`);
}
