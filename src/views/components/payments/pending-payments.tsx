import type { ReactNode } from 'react';
import { formatYen } from '../../../domain/price';
import { formatDateTime, type TimeZoneName } from '../../../domain/time-zone';
import type { PendingPaymentSummary } from '../../../services/payments/payments-api';
import { sizeLabel, spanLabel } from './format';
import { VoucherDetails } from './konbini-voucher';

const KINDS = {
  card: {
    title: '認証待ちのお支払い',
    intro:
      'カード会社の本人認証が済んでいないお支払いがあります。確保期限まで日時はあなたのために確保されています。「認証を続ける」でお支払いを完了するか、「取り消す」で日時を解除してください。',
  },
  konbini: {
    title: '支払い待ちのコンビニ払い',
    intro:
      'コンビニでのお支払いを待っている払込票があります。支払期限まで日時はあなたのために確保されています。期限までにお支払いがないと解除されます。',
  },
} as const;

export type PendingPaymentsProps = {
  /** Card payments awaiting authentication, or コンビニ払い vouchers awaiting the store. */
  kind: keyof typeof KINDS;
  items: PendingPaymentSummary[];
  timezone: TimeZoneName;
  /** Across worlds (the history page): each payment names its world. */
  showWorld?: boolean;
  /** 「認証を続ける」 and 「取り消す」 of one payment: buttons here, a link there. */
  actions: (payment: PendingPaymentSummary) => ReactNode;
};

/**
 * The payer's own payments whose card issuer still waits for authentication (a closed tab, a
 * reload), or whose コンビニ払い voucher waits for the store: their dates are held for them
 * until the hold's end (docs/product.md §4 Checkout).
 */
export function PendingPayments({
  kind,
  items,
  timezone,
  showWorld,
  actions,
}: PendingPaymentsProps) {
  const shown = items.filter((payment) => (kind === 'konbini') === Boolean(payment.voucher));
  if (shown.length === 0) return null;
  const { title, intro } = KINDS[kind];
  return (
    <section className="payment-section" aria-labelledby={`pending-${kind}-heading`}>
      <h2 id={`pending-${kind}-heading`}>{title}</h2>
      <p>{intro}</p>
      <ul className="pending-list" aria-label={title}>
        {shown.map((payment) => (
          <li key={payment.id} className="pending-item">
            {showWorld && <p>ワールド「{payment.worldName}」</p>}
            <ul aria-label="確保中の日時">
              {payment.dates.map((date) => (
                <li key={date.startAt}>
                  {spanLabel(date, timezone)}（{sizeLabel(date)}） {formatYen(date.amount)}
                </li>
              ))}
            </ul>
            <p>
              合計 {formatYen(payment.total)}（税込）・確保期限{' '}
              {formatDateTime(payment.holdExpiresAt, timezone)}
            </p>
            {payment.voucher && <VoucherDetails voucher={payment.voucher} timezone={timezone} />}
            <div className="pending-actions">{actions(payment)}</div>
          </li>
        ))}
      </ul>
    </section>
  );
}
