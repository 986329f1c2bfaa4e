import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { calendarDates } from '../db/schema';

/** YYYY/MM/DD HH:mm in Asia/Tokyo, as the product shows times (docs/product.md §9). */
export function formatTokyo(date: Date): string {
  return format(new TZDate(date, 'Asia/Tokyo'), 'yyyy/MM/dd HH:mm');
}

/** A payment's dates as a mail lists them: "2026/12/24 10:00〜11:30（20名）". */
export async function paymentDateLines(tx: Db, paymentId: string): Promise<string[]> {
  const dates = await tx
    .select()
    .from(calendarDates)
    .where(eq(calendarDates.paymentId, paymentId))
    .orderBy(asc(calendarDates.startAt));
  return dates.map(
    (d) => `${formatTokyo(d.startAt)}〜${formatTokyo(d.endAt).slice(-5)}（${d.capacity}名）`,
  );
}
