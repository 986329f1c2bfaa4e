// コンビニ払い (docs/product.md §4 Checkout): a voucher the payer takes to a convenience store.
// Its pay-by deadline is the earlier of 3 days from now and 24 hours before the order's first
// date starts; it is not offered when that leaves less than the minimum window to pay.
// Shared by the server (which refuses) and the payment page (which hides the choice).

export const KONBINI_DAYS = 3;
export const KONBINI_BEFORE_START_HOURS = 24;
/** The least time a payer is given to reach a store. */
export const KONBINI_MIN_WINDOW_HOURS = 1;

const HOUR = 3_600_000;

/** The voucher's deadline for an order whose dates start at `starts`, or null when too soon. */
export function konbiniDeadline(now: Date, starts: readonly Date[]): Date | null {
  if (starts.length === 0) return null;
  const first = Math.min(...starts.map((s) => s.getTime()));
  const deadline = Math.min(
    now.getTime() + KONBINI_DAYS * 24 * HOUR,
    first - KONBINI_BEFORE_START_HOURS * HOUR,
  );
  return deadline - now.getTime() >= KONBINI_MIN_WINDOW_HOURS * HOUR ? new Date(deadline) : null;
}

export const konbiniMessages = {
  tooSoon: `コンビニ払いは、最初の日時の開始まで${KONBINI_BEFORE_START_HOURS + KONBINI_MIN_WINDOW_HOURS}時間以上あるご注文でのみ選べます。カードでお支払いください。`,
  expired:
    'コンビニ払いの支払期限を過ぎたため、お支払いは取り消され、確保していた日時は解除されました。',
  voucherNotFound: 'コンビニ払いの払込票が見つかりません。',
  alreadyPaid: 'この払込票はすでに支払い済みです。',
  voucherClosed: 'この払込票は支払期限を過ぎたか取り消されたため、支払えません。',
} as const;
