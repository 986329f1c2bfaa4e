import { and, eq, gt, lt, notInArray, or, sql } from 'drizzle-orm';
import { MAX_CAPACITY, priceYen } from '../../src/domain/price';
import type { Db } from '../db/connect';
import { calendarDates } from '../db/schema';
import { RuleError } from '../http/errors';

const MIN_MINUTES = 15;
const MAX_MINUTES = 24 * 60;
/** Dates can be booked up to this many days ahead. */
const MAX_DAYS_AHEAD = 365;

export const calendarMessages = {
  inPast: '開始日時は現在より後の日時を選んでください。',
  tooFar: '予約できるのは1年先までです。開始日時を選び直してください。',
  endBeforeStart: '終了日時は開始日時より後にしてください。',
  tooShort: `1回の予約は${MIN_MINUTES}分以上にしてください。`,
  tooLong: `1回の予約は24時間以内にしてください。長いイベントは日時を分けて予約してください。`,
  capacity: `定員は1人から${MAX_CAPACITY}人までで指定してください。`,
  overlap: '選択した日時はすでに予約されています。別の時間を選んでください。',
  overlapInCart: 'カート内の日時が重なっています。重ならないように選び直してください。',
  totalChanged: 'お支払い金額が変わりました。最新の金額を確認してからもう一度お支払いください。',
  dateNotFound: '予約日時が見つかりません。',
  reservedNotFound: '予約済みの日時が見つかりません。',
  pastCannotCancel: '開始済み・終了済みの日時は取り消せません。',
  alreadyCancelled: 'この日時はすでに取り消されています。',
  inFlight: 'この日時はお支払いの手続き中です。',
} as const;

export type SlotInput = {
  startAt: string;
  endAt: string;
  capacity: number;
  isRehearsal?: boolean;
  eventAnnouncementId?: string | null;
};

export type Slot = {
  startAt: Date;
  endAt: Date;
  capacity: number;
  isRehearsal: boolean;
  eventAnnouncementId: string | null;
};

/**
 * A date's own rules: starts in the future (at most a year ahead), ends after it starts, lasts
 * 15 minutes to 24 hours, 1..MAX_CAPACITY people. 422 with what to change. `label` names the
 * cart item when there are several ("2件目: …").
 */
export function checkSlot(input: SlotInput, now: Date, label = ''): Slot {
  const startAt = new Date(input.startAt);
  const endAt = new Date(input.endAt);
  const fail = (message: string) => new RuleError('invalid', label + message);
  if (Number.isNaN(startAt.getTime()) || Number.isNaN(endAt.getTime()))
    throw new RuleError('malformed', '日時の形式が正しくありません。');
  if (!(endAt > startAt)) throw fail(calendarMessages.endBeforeStart);
  if (!(startAt > now)) throw fail(calendarMessages.inPast);
  if (startAt.getTime() - now.getTime() > MAX_DAYS_AHEAD * 86_400_000)
    throw fail(calendarMessages.tooFar);
  const minutes = (endAt.getTime() - startAt.getTime()) / 60_000;
  if (minutes < MIN_MINUTES) throw fail(calendarMessages.tooShort);
  if (minutes > MAX_MINUTES) throw fail(calendarMessages.tooLong);
  if (!Number.isInteger(input.capacity) || input.capacity < 1 || input.capacity > MAX_CAPACITY)
    throw fail(calendarMessages.capacity);
  return {
    startAt,
    endAt,
    capacity: input.capacity,
    isRehearsal: input.isRehearsal ?? false,
    eventAnnouncementId: input.eventAnnouncementId ?? null,
  };
}

/** Every item of a cart checked, not overlapping each other, and priced by the one price function. */
export function checkCart(items: SlotInput[], now: Date): { slots: Slot[]; total: number } {
  const slots = items.map((item, i) =>
    checkSlot(item, now, items.length > 1 ? `${i + 1}件目: ` : ''),
  );
  const sorted = [...slots].sort((a, b) => a.startAt.getTime() - b.startAt.getTime());
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i]!.startAt < sorted[i - 1]!.endAt)
      throw new RuleError('invalid', calendarMessages.overlapInCart);
  }
  return { slots, total: slots.reduce((sum, slot) => sum + priceYen(slot), 0) };
}

/** A date that blocks its time: reserved, or pending with a hold that has not expired. */
export function isLive(now: Date) {
  return or(
    eq(calendarDates.status, 'reserved'),
    and(eq(calendarDates.status, 'pending'), gt(calendarDates.holdExpiresAt, now)),
  )!;
}

/**
 * Marks the world's expired holds cancelled. They already block nothing (every overlap check
 * ignores them); this makes the stored status say so. Their payment keeps its status: a payment
 * the payer finishes after its hold expired reserves the dates again if they are still free,
 * or is refunded (server/payments/apply-outcome.ts). Call with the world locked.
 */
export async function releaseExpiredHolds(tx: Db, worldId: string, now: Date): Promise<number> {
  return (await expiredHoldsRelease(tx, worldId, now)).length;
}

/** releaseExpiredHolds as a statement not yet sent (checkout sends it inside a larger one). */
export function expiredHoldsRelease(tx: Db, worldId: string, now: Date) {
  return tx
    .update(calendarDates)
    .set({ status: 'cancelled', updatedAt: now })
    .where(
      and(
        eq(calendarDates.worldId, worldId),
        eq(calendarDates.status, 'pending'),
        sql`${calendarDates.holdExpiresAt} <= ${now}`,
      ),
    )
    .returning({ id: calendarDates.id });
}

/** 409 when any slot overlaps a live date of the world (other than `exceptIds`). World locked. */
export async function assertFree(
  tx: Db,
  worldId: string,
  slots: Pick<Slot, 'startAt' | 'endAt'>[],
  now: Date,
  exceptIds: string[] = [],
) {
  if (slots.length === 0) return;
  const [clash] = await clashQuery(tx, worldId, slots, now, exceptIds);
  if (clash) throw new RuleError('conflict', calendarMessages.overlap);
}

/** A live date of the world overlapping any of the slots, as a statement not yet sent. */
export function clashQuery(
  tx: Db,
  worldId: string,
  slots: Pick<Slot, 'startAt' | 'endAt'>[],
  now: Date,
  exceptIds: string[] = [],
) {
  const overlaps = or(
    ...slots.map((s) =>
      and(lt(calendarDates.startAt, s.endAt), gt(calendarDates.endAt, s.startAt)),
    ),
  )!;
  const conditions = [eq(calendarDates.worldId, worldId), isLive(now), overlaps];
  if (exceptIds.length > 0) conditions.push(notInArray(calendarDates.id, exceptIds));
  return tx
    .select({ id: calendarDates.id })
    .from(calendarDates)
    .where(and(...conditions))
    .limit(1);
}
