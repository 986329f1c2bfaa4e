// Time zones the product offers (docs/product.md §3: UTC and Asia/Tokyo) and its time format (§9)
// YYYY/MM/DD HH:mm. Neither zone has daylight saving, so a day is always 24 hours long.
import { TZDate, tz } from '@date-fns/tz';
import { addDays, format, parseISO } from 'date-fns';
import { ja } from 'date-fns/locale/ja';

export const TIME_ZONES = ['Asia/Tokyo', 'UTC'] as const;
export type TimeZoneName = (typeof TIME_ZONES)[number];
export const DEFAULT_TIME_ZONE: TimeZoneName = 'Asia/Tokyo';

export const TIME_ZONE_LABELS: Readonly<Record<TimeZoneName, string>> = {
  'Asia/Tokyo': '日本時間（Asia/Tokyo）',
  UTC: '協定世界時（UTC）',
};

export function isTimeZone(value: unknown): value is TimeZoneName {
  return typeof value === 'string' && (TIME_ZONES as readonly string[]).includes(value);
}

type Instant = Date | string;
const toDate = (at: Instant) => (typeof at === 'string' ? parseISO(at) : at);

/** "2025/06/01 10:00" in `zone`. */
export function formatDateTime(at: Instant, zone: TimeZoneName): string {
  return format(toDate(at), 'yyyy/MM/dd HH:mm', { in: tz(zone) });
}

/** "2030/06/03 10:00〜11:30", the end's date repeated only when it is another day. */
export function spanLabel(span: { startAt: Instant; endAt: Instant }, zone: TimeZoneName): string {
  const end = toDate(span.endAt);
  const sameDay = dayOf(span.startAt, zone) === dayOf(new Date(end.getTime() - 1), zone);
  return `${formatDateTime(span.startAt, zone)}〜${sameDay ? formatTime(end, zone) : formatDateTime(end, zone)}`;
}

/** "10:00" in `zone`. */
export function formatTime(at: Instant, zone: TimeZoneName): string {
  return format(toDate(at), 'HH:mm', { in: tz(zone) });
}

/** The calendar day of an instant in `zone`: "2025-06-01". */
export function dayOf(at: Instant, zone: TimeZoneName): string {
  return format(toDate(at), 'yyyy-MM-dd', { in: tz(zone) });
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** Value for <input type="datetime-local">: "2025-06-01T10:00" in `zone`. */
export function toLocalInput(at: Instant, zone: TimeZoneName): string {
  return format(toDate(at), "yyyy-MM-dd'T'HH:mm", { in: tz(zone) });
}

/** Reads "2025-06-01T10:00" as a wall-clock time in `zone`; null when it is not one. */
export function fromLocalInput(value: string, zone: TimeZoneName): Date | null {
  const match = LOCAL.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  const date = new TZDate(year, month - 1, day, hour, minute, zone);
  // 2025-02-30 rolls over to March: not a date the person typed.
  if (date.getDate() !== day) return null;
  return new Date(date.getTime());
}

/** The first instant of `day` ("2025-06-01") in `zone`. */
export function startOfDayIn(day: string, zone: TimeZoneName): Date {
  const match = DAY.exec(day);
  if (!match) throw new RangeError(`not a day: ${day}`);
  const [year, month, date] = match.slice(1).map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, date, 0, 0, zone).getTime());
}

/** "2025-06-01" plus n days (calendar arithmetic, no zone involved). */
export function addDaysToDay(day: string, days: number): string {
  const match = DAY.exec(day);
  if (!match) throw new RangeError(`not a day: ${day}`);
  const [year, month, date] = match.slice(1).map(Number) as [number, number, number];
  return format(addDays(new Date(Date.UTC(year, month - 1, date, 12)), days), 'yyyy-MM-dd', {
    in: tz('UTC'),
  });
}

/** The seven days of the week (Monday first) that holds `day`. */
export function weekOf(day: string): string[] {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay(); // 0 = Sunday
  const monday = addDaysToDay(day, -((weekday + 6) % 7));
  return Array.from({ length: 7 }, (_, i) => addDaysToDay(monday, i));
}

/** "6月1日(日)" for a day, in Japanese. */
export function formatDayLabel(day: string): string {
  return format(new Date(`${day}T12:00:00Z`), 'M月d日(E)', { locale: ja, in: tz('UTC') });
}
