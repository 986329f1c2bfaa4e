import { and, count, desc, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { payments, users, worlds } from '../db/schema';

export type PaymentRow = typeof payments.$inferSelect;
export type HistoryRow = { payment: PaymentRow; worldName: string; userName: string };

/** Payments that moved money (or a fixed-plan reservation): what the history lists. */
const settled = or(eq(payments.status, 'succeeded'), eq(payments.status, 'refunded'))!;

/** PaymentHistory of spec section 3. */
export function paymentHistoryJson({ payment, worldName, userName }: HistoryRow) {
  return {
    id: payment.id,
    createdAt: payment.createdAt.toISOString(),
    paymentType: payment.paymentType,
    cancelled: payment.status === 'refunded' || payment.cancelledAt !== null,
    total: payment.total,
    worldId: payment.worldId,
    worldName,
    ssWorldName: payment.worldName,
    cardLast4: payment.paymentType === 'fixed' ? null : payment.cardLast4,
    receiptUrl: payment.receiptUrl,
    userId: payment.userId,
    userName,
  };
}

export type PaymentHistoryJson = ReturnType<typeof paymentHistoryJson>;

function historyQuery(db: Db) {
  return db
    .select({ payment: payments, worldName: worlds.name, userName: users.name })
    .from(payments)
    .innerJoin(worlds, eq(worlds.id, payments.worldId))
    .innerJoin(users, eq(users.id, payments.userId));
}

/** Histories by payment id (for the calendar dates that name them). */
export async function historiesById(db: Db, ids: string[]): Promise<Map<string, PaymentHistoryJson>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await historyQuery(db).where(inArray(payments.id, unique));
  return new Map(rows.map((row) => [row.payment.id, paymentHistoryJson(row)]));
}

/** A page of settled payments, newest first: a user's across worlds, or a world's. */
export async function listHistories(db: Db, filter: { userId?: string; worldId?: string }, page: number, perPage: number) {
  const conditions = [settled];
  if (filter.userId) conditions.push(eq(payments.userId, filter.userId));
  if (filter.worldId) conditions.push(eq(payments.worldId, filter.worldId));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    historyQuery(db)
      .where(where)
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(payments).where(where),
  ]);
  return { items: rows.map(paymentHistoryJson), page, perPage, total: total?.n ?? 0 };
}
