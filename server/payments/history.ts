import { and, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { priceYen } from '../../src/domain/price';
import type { Db } from '../db/connect';
import { calendarDates, paymentRefunds, payments, users, worlds } from '../db/schema';

export type PaymentRow = typeof payments.$inferSelect;
/** A reserved date as the column answers it (ISO strings), or as rows in hand (Dates). */
type DateRow = { startAt: string | Date; endAt: string | Date; capacity: number };
export type HistoryRow = {
  payment: PaymentRow;
  worldName: string;
  userName: string;
  dates: DateRow[];
  refunds?: RefundRow[];
};

/**
 * The dates a payment reserved, earliest first, as a column of the payment's own row (one round
 * trip for a page of histories, and none added to a checkout).
 */
export const paidDatesColumn = sql<DateRow[]>`(
  select coalesce(json_agg(json_build_object(
    'startAt', ${calendarDates.startAt}, 'endAt', ${calendarDates.endAt},
    'capacity', ${calendarDates.capacity}) order by ${calendarDates.startAt}), '[]'::json)
  from ${calendarDates} where ${calendarDates.paymentId} = ${payments.id})`;

type RefundRow = {
  id: string;
  startAt: string;
  endAt: string;
  capacity: number;
  percent: number;
  amount: number;
  status: 'pending' | 'succeeded';
  createdAt: string;
};

/** The refunds of the payment's cancelled dates (ADR 036), oldest first, as a column like the dates. */
const refundsColumn = sql<RefundRow[]>`(
  select coalesce(json_agg(json_build_object(
    'id', r.id, 'startAt', d.start_at, 'endAt', d.end_at, 'capacity', d.capacity,
    'percent', r.percent, 'amount', r.amount, 'status', r.status, 'createdAt', r.created_at)
    order by r.created_at, d.start_at), '[]'::json)
  from ${paymentRefunds} r join ${calendarDates} d on d.id = r.calendar_date_id
  where r.payment_id = ${payments.id})`;

/** DateRefund of the contract: times in ISO form. */
function dateRefunds(rows: RefundRow[]) {
  return rows.map((row) => ({
    ...row,
    startAt: new Date(row.startAt).toISOString(),
    endAt: new Date(row.endAt).toISOString(),
    createdAt: new Date(row.createdAt).toISOString(),
  }));
}

/** PaidDate of the contract: the date in ISO form and its tax-inclusive amount (docs/product.md). */
export function paidDates(rows: DateRow[]) {
  return rows.map((row) => {
    const slot = {
      startAt: new Date(row.startAt),
      endAt: new Date(row.endAt),
      capacity: row.capacity,
    };
    return {
      startAt: slot.startAt.toISOString(),
      endAt: slot.endAt.toISOString(),
      capacity: slot.capacity,
      amount: priceYen(slot),
    };
  });
}

/** Payments that moved money (or a fixed-plan reservation): what the history lists. */
const settled = or(eq(payments.status, 'succeeded'), eq(payments.status, 'refunded'))!;

/** PaymentHistory of docs/product.md §3. */
export function paymentHistoryJson({ payment, worldName, userName, dates, refunds }: HistoryRow) {
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
    dates: paidDates(dates),
    refunds: dateRefunds(refunds ?? []),
  };
}

export type PaymentHistoryJson = ReturnType<typeof paymentHistoryJson>;

function historyQuery(db: Db) {
  return db
    .select({
      payment: payments,
      worldName: worlds.name,
      userName: users.name,
      dates: paidDatesColumn,
      refunds: refundsColumn,
    })
    .from(payments)
    .innerJoin(worlds, eq(worlds.id, payments.worldId))
    .innerJoin(users, eq(users.id, payments.userId));
}

/** Histories by payment id (for the calendar dates that name them). */
export async function historiesById(
  db: Db,
  ids: string[],
): Promise<Map<string, PaymentHistoryJson>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await historyQuery(db).where(inArray(payments.id, unique));
  return new Map(rows.map((row) => [row.payment.id, paymentHistoryJson(row)]));
}

/** A page of settled payments, newest first: a user's across worlds, or a world's. */
export async function listHistories(
  db: Db,
  filter: { userId?: string; worldId?: string },
  page: number,
  perPage: number,
) {
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
