import { cardLabel } from '../../../domain/receipt';
import { durationMinutes } from '../../../domain/price';
import type { PaymentMethod } from '../../../services/payments/payments-api';

/** "VISA •••• 4242" */
export function cardName(card: Pick<PaymentMethod, 'brand' | 'last4'>): string {
  return cardLabel(card.brand, card.last4);
}

export function cardExpiry(card: Pick<PaymentMethod, 'expMonth' | 'expYear'>): string {
  return `${String(card.expMonth).padStart(2, '0')}/${card.expYear}`;
}

// The span of a date is written the same way on receipts (server) and screens.
export { spanLabel } from '../../../domain/time-zone';

/** "90分 × 20人" */
export function sizeLabel(slot: {
  startAt: string | Date;
  endAt: string | Date;
  capacity: number;
}): string {
  const minutes = durationMinutes({ startAt: new Date(slot.startAt), endAt: new Date(slot.endAt) });
  return `${minutes}分 × ${slot.capacity}人`;
}
