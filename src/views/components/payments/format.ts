import { durationMinutes } from '../../../domain/price';
import { dayOf, formatDateTime, formatTime, type TimeZoneName } from '../../../domain/time-zone';
import type { PaymentMethod } from '../../../services/payments/payments-api';

const BRANDS: Record<PaymentMethod['brand'], string> = {
  visa: 'VISA',
  mastercard: 'Mastercard',
  amex: 'American Express',
  jcb: 'JCB',
  diners: 'Diners Club',
  discover: 'Discover',
  unionpay: 'UnionPay',
  unknown: 'カード',
};

/** "VISA •••• 4242" */
export function cardName(card: Pick<PaymentMethod, 'brand' | 'last4'>): string {
  return `${BRANDS[card.brand]} •••• ${card.last4}`;
}

export function cardExpiry(card: Pick<PaymentMethod, 'expMonth' | 'expYear'>): string {
  return `${String(card.expMonth).padStart(2, '0')}/${card.expYear}`;
}

/** "2030/06/03 10:00〜11:30", the end's date repeated only when it is another day. */
export function spanLabel(span: { startAt: string; endAt: string }, zone: TimeZoneName): string {
  const sameDay = dayOf(span.startAt, zone) === dayOf(new Date(Date.parse(span.endAt) - 1), zone);
  return `${formatDateTime(span.startAt, zone)}〜${sameDay ? formatTime(span.endAt, zone) : formatDateTime(span.endAt, zone)}`;
}

/** "90分 × 20人" */
export function sizeLabel(slot: { startAt: string | Date; endAt: string | Date; capacity: number }): string {
  const minutes = durationMinutes({ startAt: new Date(slot.startAt), endAt: new Date(slot.endAt) });
  return `${minutes}分 × ${slot.capacity}人`;
}
