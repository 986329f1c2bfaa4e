import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { commerceTerms } from '../../../domain/commerce-terms';
import { formatYen } from '../../../domain/price';
import { formatDateTime, type TimeZoneName } from '../../../domain/time-zone';
import type { CheckoutOrder } from '../../../machines/checkout.machine';
import { sizeLabel, spanLabel } from './format';

/** "14:59": minutes and seconds left until `endsAt` (never below zero). */
function left(endsAt: number, now: number): string {
  const seconds = Math.max(0, Math.ceil((endsAt - now) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The hold's deadline, counting down each second while the payment holds the dates. */
function HoldCountdown({ endsAt, timezone }: { endsAt: number; timezone: TimeZoneName }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <p>
      日時の確保期限 {formatDateTime(new Date(endsAt), timezone)}（
      <span role="timer" aria-label="確保期限までの残り時間">
        あと{left(endsAt, now)}
      </span>
      ）
    </p>
  );
}

/**
 * The final confirmation before 支払う (特定商取引法 第12条の6): what is bought and how many, the
 * total with tax, when and how it is paid, when the service is provided, cancellation and refunds,
 * and the deadline (the hold, counting down while a payment holds the dates).
 */
export function OrderConfirmation({
  order,
  cardLabel,
  timezone,
  holdEndsAt,
}: {
  order: CheckoutOrder;
  cardLabel: string | null;
  timezone: TimeZoneName;
  holdEndsAt: number | null;
}) {
  return (
    <section className="order-confirmation" aria-labelledby="confirmation-heading">
      <h3 id="confirmation-heading">ご注文内容の確認</h3>
      <dl>
        <dt>ご利用の日時と人数</dt>
        <dd>
          <ul aria-label="ご注文の日時">
            {order.items.map((item) => (
              <li key={item.startAt}>
                {spanLabel(item, timezone)}（{sizeLabel(item)}） {formatYen(item.price)}
              </li>
            ))}
          </ul>
        </dd>
        <dt>お支払い金額（税込）</dt>
        <dd>
          {formatYen(order.total)}（消費税込み、{order.items.length}件）
        </dd>
        <dt>お支払いの時期と方法</dt>
        <dd>
          {commerceTerms.method}
          {cardLabel ? `（${cardLabel}）` : ''}。{commerceTerms.timing}
        </dd>
        <dt>サービスの提供時期</dt>
        <dd>{commerceTerms.provision}</dd>
        <dt>キャンセルと返金</dt>
        <dd>{commerceTerms.cancellation}</dd>
        <dt>お申し込みの期限</dt>
        <dd>
          {commerceTerms.deadline}
          {holdEndsAt !== null && <HoldCountdown endsAt={holdEndsAt} timezone={timezone} />}
        </dd>
      </dl>
      <p>
        <Link to="/legal/commerce" target="_blank">
          特定商取引法に基づく表記
        </Link>
      </p>
    </section>
  );
}
