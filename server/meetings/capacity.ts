import { and, count, eq, gt, isNull, lte, type SQL } from 'drizzle-orm';
import { TRIAL_CAPACITY } from '../../src/domain/price';
import type { Db } from '../db/connect';
import { calendarDates, meetingAttendees, meetings } from '../db/schema';
import type { Tx } from '../db/connect';

/**
 * How many attendees the world admits at once now: the capacity of the reserved calendar date
 * running now, else the trial's 8 (docs/product.md §9).
 */
export async function currentCapacity(db: Db | Tx, worldId: string, now: Date) {
  const [date] = await db
    .select({ id: calendarDates.id, capacity: calendarDates.capacity })
    .from(calendarDates)
    .where(
      and(
        eq(calendarDates.worldId, worldId),
        eq(calendarDates.status, 'reserved'),
        lte(calendarDates.startAt, now),
        gt(calendarDates.endAt, now),
      ),
    )
    .limit(1);
  return { capacity: date?.capacity ?? TRIAL_CAPACITY, calendarDateId: date?.id ?? null };
}

/**
 * How many are in live meetings now, among those `where` picks (a world, a space), attending or
 * watching (ADR 026).
 */
export async function presentCount(
  db: Db | Tx,
  where: SQL | undefined,
  { watching }: { watching: boolean },
) {
  const [row] = await db
    .select({ n: count() })
    .from(meetingAttendees)
    .innerJoin(meetings, eq(meetings.id, meetingAttendees.meetingId))
    .where(
      and(
        where,
        isNull(meetings.endedAt),
        isNull(meetingAttendees.leftAt),
        eq(meetingAttendees.watching, watching),
      ),
    );
  return row?.n ?? 0;
}

/** Attendees in the world's live meetings now (what the capacity limits; watchers are not). */
const currentAttendees = (db: Db | Tx, worldId: string) =>
  presentCount(db, eq(meetings.worldId, worldId), { watching: false });

/** The world's capacity now and how many attend: full when they meet. */
export async function room(db: Db | Tx, worldId: string, now: Date) {
  const [{ capacity }, attendees] = await Promise.all([
    currentCapacity(db, worldId, now),
    currentAttendees(db, worldId),
  ]);
  return { capacity, currentAttendees: attendees, full: attendees >= capacity };
}
