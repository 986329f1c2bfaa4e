import { and, eq, gt, lte } from 'drizzle-orm';
import { TRIAL_CAPACITY } from '../../src/domain/price';
import type { Db } from '../db/connect';
import { calendarDates } from '../db/schema';
import type { Tx } from '../spaces/spaces';

/**
 * How many attendees the world admits at once now: the capacity of the reserved calendar date
 * running now, else the trial's 8 (spec section 9).
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
