// docs/product.md §9: 110 yen per person-hour, rounded up to the yen. One function for the client's
// estimate and the server's charge; the server's figure is the one charged.

const YEN_PER_PERSON_HOUR = 110;
/** Outside a reserved date a world admits this many attendees at once. */
export const TRIAL_CAPACITY = 8;
/** The most attendees one calendar date can be booked for (the contract's bound). */
export const MAX_CAPACITY = 1000;

export type Slot = { startAt: Date; endAt: Date; capacity: number };

export function durationMinutes({ startAt, endAt }: Pick<Slot, 'startAt' | 'endAt'>): number {
  return (endAt.getTime() - startAt.getTime()) / 60_000;
}

/** ceil(minutes × capacity × 110 / 60) yen. */
export function priceYen(slot: Slot): number {
  const minutes = durationMinutes(slot);
  if (!(minutes > 0)) throw new RangeError('endAt must be after startAt');
  if (!Number.isInteger(slot.capacity) || slot.capacity < 1)
    throw new RangeError('capacity must be a positive integer');
  // Integer arithmetic first, so that 90 min × 20 people is exactly 3300, not 3300.0000000000005.
  return Math.ceil((minutes * slot.capacity * YEN_PER_PERSON_HOUR) / 60);
}

export function totalYen(slots: readonly Slot[]): number {
  return slots.reduce((sum, slot) => sum + priceYen(slot), 0);
}

const yen = new Intl.NumberFormat('ja-JP', { style: 'currency', currency: 'JPY' });

/** "￥3,300" as ja-JP shows yen. */
export function formatYen(amount: number): string {
  return yen.format(amount);
}
