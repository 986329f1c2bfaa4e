// Receipts as qualified invoices (適格請求書); the rules are in docs/receipts.md.
import { formatDateTime } from './time-zone';

/** Every price of the product is a standard-rate taxable sale, prices include the tax. */
export const CONSUMPTION_TAX_PERCENT = 10 as const;

/** A registration number of the qualified invoice issuer registry: T and 13 digits. */
export const REGISTRATION_NUMBER = /^T[0-9]{13}$/;

/** The longest addressee (宛名) a receipt takes. */
export const ADDRESSEE_MAX_LENGTH = 100;

/**
 * The consumption tax contained in a tax-inclusive amount at `percent`: amount × p / (100 + p),
 * rounded down. Applied ONCE per receipt to the total of the rate (消費税法施行令第70条の10:
 * one rounding per invoice and rate), never per line and summed.
 */
export function includedTax(amountInclTax: number, percent = CONSUMPTION_TAX_PERCENT): number {
  if (!Number.isInteger(amountInclTax) || amountInclTax < 0)
    throw new RangeError('amount must be a non-negative integer of yen');
  // Integers only: 1100 × 10 / 110 must be exactly 100.
  return Math.floor((amountInclTax * percent) / (100 + percent));
}

/** "YYYYMMDD" of an instant in Japan: receipt numbers are dated in Asia/Tokyo. */
export function tokyoDateStamp(at: Date | string): string {
  return formatDateTime(at, 'Asia/Tokyo').slice(0, 10).replace(/\//g, '');
}

/**
 * The receipt number of a payment: its day in Japan and the first 8 hex digits of its id, so it
 * is stable without being stored and unique in practice (32 bits within one day).
 */
export function receiptNumber(paidAt: Date | string, paymentId: string): string {
  return `${tokyoDateStamp(paidAt)}-${paymentId.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
}

/** The addressee as typed, on one line; null when nothing is left. */
export function normaliseAddressee(value: string): string | null {
  const oneLine = value.replace(/\s+/g, ' ').trim();
  return oneLine === '' ? null : oneLine;
}

/** The sentences a receipt prints, the same on the page and in the PDF. */
export const receiptWording = {
  title: '領収書',
  received: '上記の金額を正に領収いたしました。',
  notQualified: 'この領収書は適格請求書ではありません（発行者の登録番号がありません）。',
  refunded: 'このお支払いは返金されました（取消済み）。この領収書は無効です。',
  purpose: (worldName: string, dates: number) =>
    `ワールド「${worldName}」のカレンダー予約 ${dates}件（利用料 1人1時間 110円・税込）`,
  taxLine: (percent: number) => `${percent}%対象`,
  taxNote: '消費税額は税込合計から1回だけ算出し、1円未満を切り捨てています。',
} as const;

/** The sentences of a refund's document (適格返還請求書), the counterpart of the receipt. */
export const refundWording = {
  title: '返金明細書',
  qualifiedTitle: '適格返還請求書',
  returned: '上記の金額を、キャンセルされた日時の返金としてお返しいたしました。',
  notQualified: 'この明細書は適格返還請求書ではありません（発行者の登録番号がありません）。',
  policy: (percent: number) => `キャンセル規定により、この日時の金額の${percent}%を返金`,
} as const;

const CARD_BRANDS: Readonly<Record<string, string>> = {
  visa: 'VISA',
  mastercard: 'Mastercard',
  amex: 'American Express',
  jcb: 'JCB',
  diners: 'Diners Club',
  discover: 'Discover',
  unionpay: 'UnionPay',
  unknown: 'カード',
  konbini: 'コンビニ払い',
};

/** "VISA •••• 4242" */
export function cardLabel(brand: string | null, last4: string | null): string {
  const name = brand ? (CARD_BRANDS[brand] ?? brand) : 'カード';
  return last4 ? `${name} •••• ${last4}` : name;
}
