import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import {
  KONBINI_BEFORE_START_HOURS,
  KONBINI_MIN_WINDOW_HOURS,
  konbiniDeadline,
} from '../../../domain/konbini';
import { formatYen } from '../../../domain/price';
import { formatDateTime, type TimeZoneName } from '../../../domain/time-zone';
import type { checkoutMachine } from '../../../machines/checkout.machine';
import { canPayAtKonbini } from '../../../machines/checkout.selectors';
import type { CheckoutOrder } from '../../../machines/checkout.machine';
import type { KonbiniVoucher } from '../../../services/payments/payments-api';

type CheckoutActor = ActorRefFrom<typeof checkoutMachine>;

// コンビニ払い (docs/product.md §4 Checkout): the voucher's numbers and deadline, as the payer
// takes them to a store's terminal.

/** 払込票番号, 確認番号, 支払期限 and the provider's printable voucher when there is one. */
export function VoucherDetails({
  voucher,
  timezone,
}: {
  voucher: KonbiniVoucher;
  timezone: TimeZoneName;
}) {
  return (
    <>
      <dl className="voucher" aria-label="払込票">
        <dt>払込票番号</dt>
        <dd>{voucher.paymentNumber}</dd>
        <dt>確認番号</dt>
        <dd>{voucher.confirmationNumber}</dd>
        <dt>支払期限</dt>
        <dd>{formatDateTime(voucher.expiresAt, timezone)}</dd>
      </dl>
      {voucher.url && (
        <p>
          <a href={voucher.url} target="_blank" rel="noopener noreferrer">
            払込票を開く（店舗ごとのお支払い方法）
          </a>
        </p>
      )}
    </>
  );
}

/** The checkout's answer to 「コンビニ払いにする」: the voucher, then the store is awaited. */
export function VoucherIssued({
  voucher,
  total,
  timezone,
  onRestart,
}: {
  voucher: KonbiniVoucher;
  total: number;
  timezone: TimeZoneName;
  onRestart: () => void;
}) {
  // The page changed under the button just pressed: the voucher is read out and focused.
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => notice.current?.focus(), []);
  return (
    <section className="payment-section" aria-labelledby="checkout-heading">
      <h2 id="checkout-heading">お支払い</h2>
      <div className="notice" role="status" tabIndex={-1} ref={notice}>
        <h3 className="notice-title">コンビニ払いの払込票</h3>
        <p>お支払い金額: {formatYen(total)}（税込）</p>
        <VoucherDetails voucher={voucher} timezone={timezone} />
        <p>
          支払期限までにコンビニの端末またはレジでお支払いください。お支払いが確認されると予約が確定し、メールでお知らせします。期限までにお支払いがないと、確保している日時は解除されます。
        </p>
      </div>
      <button type="button" className="button button-secondary form-submit" onClick={onRestart}>
        続けて予約する
      </button>
    </section>
  );
}

/**
 * 「コンビニ払いにする」 beside 支払う (enabled where the checkout allows it); in its place, when the
 * order's first date starts too soon, why it is not offered (the server would refuse it too).
 */
export function KonbiniChoice({ actor, order }: { actor: CheckoutActor; order: CheckoutOrder }) {
  // When the page showed the choice: the guard and the server judge again with their own now.
  const [now] = useState(() => Date.now());
  const enabled = useSelector(actor, canPayAtKonbini(order, now));
  const starts = order.items.map((i) => new Date(i.startAt));
  if (konbiniDeadline(new Date(now), starts) === null)
    return (
      <p className="field-hint">
        開始まで{KONBINI_BEFORE_START_HOURS + KONBINI_MIN_WINDOW_HOURS}
        時間未満の日時を含むご注文は、コンビニ払いを選べません。
      </p>
    );
  return (
    <div className="konbini-choice">
      <p className="field-hint">
        カードのほかに、コンビニ払いも選べます（支払期限は3日後、または最初の日時の開始24時間前の早いほう）。
      </p>
      <button
        type="button"
        className="button button-secondary form-submit"
        disabled={!enabled}
        onClick={() => actor.send({ type: 'checkout.payAtKonbini', order, now: Date.now() })}
      >
        コンビニ払いにする
      </button>
    </div>
  );
}
