// The cancellation policy of a reserved date (docs/product.md §3, Checkout): what cancelling it
// gives back depends on how long before its start it is cancelled. One module for the server's
// refund, the cancel dialog and the confirmation screen.

import { formatYen, priceYen, type Slot } from './price';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Percent refunded when cancelled this long before the start: the first row that applies. */
const tiers = [
  { atLeastDays: 7, percent: 100 },
  { atLeastDays: 1, percent: 50 },
] as const;

/** 100 from 7 days before the start, 50 from 1 day (24 hours) before, 0 after. */
export function refundPercent(startAt: Date, now: Date): number {
  const before = startAt.getTime() - now.getTime();
  return tiers.find((tier) => before >= tier.atLeastDays * DAY_MS)?.percent ?? 0;
}

/** The yen given back for a date of this amount, rounded down to the yen. */
export function refundYen(amount: number, startAt: Date, now: Date): number {
  return Math.floor((amount * refundPercent(startAt, now)) / 100);
}

export const refundPolicyWording =
  '開始前の日時は予約状況から1件ずつ取り消せます。取り消した日時の金額を、開始の7日前（168時間前）までは全額、前日（24時間前）までは半額（1円未満切り捨て）返金し、それより後は返金しません。返金はお支払いと同じカードへ行います。開始した日時は取り消せません。';

/** What cancelling a reserved date now gives back, as the cancel dialog says it. */
export function cancelRefundNotice(slot: Slot, paidByCard: boolean, now: Date): string {
  if (!paidByCard) return 'この日程はカードでのお支払いではないため、返金はありません。';
  const percent = refundPercent(slot.startAt, now);
  if (percent === 0) return 'キャンセル規定により、開始まで24時間を切った日程の返金はありません。';
  const amount = priceYen(slot);
  return `キャンセル規定により、この日程の金額 ${formatYen(amount)} の${percent}%（${formatYen(refundYen(amount, slot.startAt, now))}）をお支払いのカードへ返金します。`;
}
