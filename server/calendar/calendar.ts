import { and, asc, eq, gt, lt, lte, ne, or, type SQL } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { calendarDates } from '../db/schema';
import { RuleError } from '../http/errors';
import { HOLD_MINUTES } from '../../src/domain/commerce-terms';
import { historiesById, type PaymentHistoryJson } from '../payments/history';
import {
  assertFree,
  calendarMessages,
  checkSlot,
  isLive,
  releaseExpiredHolds,
  type SlotInput,
} from './rules';
import { assertAnnouncementsOfWorld } from '../events/announcements';
import { lockWorld } from '../db/world-locks';

export type CalendarDateRow = typeof calendarDates.$inferSelect;
export type CalendarStatus = 'pending' | 'reserved' | 'cancelled' | 'finished';

/** The status a person sees: an expired hold is cancelled, a reserved date whose end passed is finished. */
function shownStatus(date: CalendarDateRow, now: Date): CalendarStatus {
  if (date.status === 'cancelled') return 'cancelled';
  if (date.status === 'pending')
    return date.holdExpiresAt && date.holdExpiresAt > now ? 'pending' : 'cancelled';
  return date.endAt < now ? 'finished' : 'reserved';
}

export function calendarDateJson(
  date: CalendarDateRow,
  history: PaymentHistoryJson | null,
  now: Date,
) {
  return {
    id: date.id,
    worldId: date.worldId,
    isRehearsal: date.isRehearsal,
    startAt: date.startAt.toISOString(),
    endAt: date.endAt.toISOString(),
    capacity: date.capacity,
    status: shownStatus(date, now),
    paidByFixed: date.paidByFixed,
    eventAnnouncementId: date.eventAnnouncementId,
    paymentHistory: history,
    createdAt: date.createdAt.toISOString(),
    updatedAt: date.updatedAt.toISOString(),
  };
}

/** Dates with their payment histories (one query for all histories). */
export async function datesJson(db: Db, dates: CalendarDateRow[], now: Date) {
  const histories = await historiesById(
    db,
    dates.map((d) => d.paymentId).filter((id): id is string => id !== null),
  );
  return dates.map((d) =>
    calendarDateJson(d, (d.paymentId && histories.get(d.paymentId)) || null, now),
  );
}

const MAX_LISTED = 500;

/**
 * The world's dates that overlap [from, to), by start. Without a status: everything but
 * cancelled dates and expired holds. With one: only dates shown with that status.
 */
export async function listDates(
  db: Db,
  worldId: string,
  query: { from?: string; to?: string; status?: CalendarStatus },
  now: Date,
) {
  const conditions: SQL[] = [eq(calendarDates.worldId, worldId)];
  if (query.from) conditions.push(gt(calendarDates.endAt, new Date(query.from)));
  if (query.to) conditions.push(lt(calendarDates.startAt, new Date(query.to)));
  switch (query.status) {
    case undefined:
      conditions.push(isLive(now));
      break;
    case 'pending':
      conditions.push(
        and(eq(calendarDates.status, 'pending'), gt(calendarDates.holdExpiresAt, now))!,
      );
      break;
    case 'reserved':
      conditions.push(and(eq(calendarDates.status, 'reserved'), gt(calendarDates.endAt, now))!);
      break;
    case 'finished':
      conditions.push(and(eq(calendarDates.status, 'reserved'), lte(calendarDates.endAt, now))!);
      break;
    case 'cancelled':
      conditions.push(
        or(
          eq(calendarDates.status, 'cancelled'),
          and(eq(calendarDates.status, 'pending'), lte(calendarDates.holdExpiresAt, now)),
        )!,
      );
      break;
  }
  const rows = await db
    .select()
    .from(calendarDates)
    .where(and(...conditions))
    .orderBy(asc(calendarDates.startAt), asc(calendarDates.id))
    .limit(MAX_LISTED);
  return { items: await datesJson(db, rows, now) };
}

async function findDate(
  db: Db,
  worldId: string,
  id: string,
  message: string = calendarMessages.dateNotFound,
) {
  const [date] = await db
    .select()
    .from(calendarDates)
    .where(and(eq(calendarDates.id, id), eq(calendarDates.worldId, worldId)));
  if (!date) throw new RuleError('notFound', message);
  return date;
}

export async function getDate(db: Db, worldId: string, id: string, now: Date) {
  const [json] = await datesJson(db, [await findDate(db, worldId, id)], now);
  return json!;
}

/** Holds a date without paying (pending, HOLD_MINUTES); checkout holds its own dates. */
export async function holdDate(db: Db, worldId: string, input: SlotInput, now: Date) {
  const slot = checkSlot(input, now);
  const date = await db.transaction(async (tx) => {
    await lockWorld(tx, worldId);
    await releaseExpiredHolds(tx, worldId, now);
    await assertFree(tx, worldId, [slot], now);
    await assertAnnouncementsOfWorld(tx, worldId, [slot.eventAnnouncementId]);
    const [row] = await tx
      .insert(calendarDates)
      .values({
        worldId,
        ...slot,
        status: 'pending',
        holdExpiresAt: holdUntil(now),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return row!;
  });
  return calendarDateJson(date, null, now);
}

export function holdUntil(now: Date): Date {
  return new Date(now.getTime() + HOLD_MINUTES * 60_000);
}

/** Rehearsal flag and event announcement; a cancelled date no longer changes. */
export async function updateDate(
  db: Db,
  worldId: string,
  id: string,
  input: { isRehearsal?: boolean; eventAnnouncementId?: string | null },
  now: Date,
) {
  const date = await findDate(db, worldId, id);
  if (shownStatus(date, now) === 'cancelled')
    throw new RuleError('invalid', calendarMessages.alreadyCancelled);
  const [updated] = await db.transaction(async (tx) => {
    await assertAnnouncementsOfWorld(tx, worldId, [input.eventAnnouncementId]);
    return tx
      .update(calendarDates)
      .set({ ...input, updatedAt: now })
      .where(and(eq(calendarDates.id, id), ne(calendarDates.status, 'cancelled')))
      .returning();
  });
  if (!updated) throw new RuleError('invalid', calendarMessages.alreadyCancelled);
  const [json] = await datesJson(db, [updated], now);
  return json!;
}

/** reserved_calendar_dates/{id}: only reserved dates exist there (past ones included). */
export async function getReservedDate(db: Db, worldId: string, id: string, now: Date) {
  const date = await findDate(db, worldId, id, calendarMessages.reservedNotFound);
  if (date.status !== 'reserved')
    throw new RuleError('notFound', calendarMessages.reservedNotFound);
  const [json] = await datesJson(db, [date], now);
  return { ...json!, status: 'reserved' as const };
}

export async function tieReservedDate(
  db: Db,
  worldId: string,
  id: string,
  eventAnnouncementId: string,
  now: Date,
) {
  const [updated] = await db.transaction(async (tx) => {
    await assertAnnouncementsOfWorld(tx, worldId, [eventAnnouncementId]);
    return tx
      .update(calendarDates)
      .set({ eventAnnouncementId, updatedAt: now })
      .where(
        and(
          eq(calendarDates.id, id),
          eq(calendarDates.worldId, worldId),
          eq(calendarDates.status, 'reserved'),
        ),
      )
      .returning();
  });
  if (!updated) throw new RuleError('notFound', calendarMessages.reservedNotFound);
  const [json] = await datesJson(db, [updated], now);
  return { ...json!, status: 'reserved' as const };
}

/** Releases the world's expired holds, then answers the list as listDates does. */
export async function refreshDates(db: Db, worldId: string, now: Date) {
  await db.transaction(async (tx) => {
    await lockWorld(tx, worldId);
    await releaseExpiredHolds(tx, worldId, now);
  });
  return listDates(db, worldId, {}, now);
}
