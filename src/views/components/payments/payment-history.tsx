import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatYen } from '../../../domain/price';
import { formatDateTime, spanLabel } from '../../../domain/time-zone';
import { useQueryApi } from '../../hooks/use-api-query';
import { PagedListState } from '../query-state';
import { HistoryRefunds } from './history-refunds';
import { paymentQueries } from '../../../services/api/payments-queries';

const PER_PAGE = 20;

/** The payer's payments on /mypage/payments, newest first, each with its dates and receipt. */
export function PaymentHistorySection() {
  const [page, setPage] = useState(1);
  // Asked again on every visit (staleTime 0): a payment made on the payment page since must show.
  const history = useQuery({
    ...paymentQueries.history(useQueryApi(), { page, perPage: PER_PAGE }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

  return (
    <section
      className="payment-section"
      aria-labelledby="history-heading"
      aria-busy={history.isFetching || undefined}
    >
      <h2 id="history-heading">お支払い履歴</h2>
      <PagedListState
        query={history}
        what="お支払い履歴"
        empty="お支払い履歴はまだありません。ワールドの日時を予約すると、ここに表示されます。"
        pagerLabel="お支払い履歴のページ"
        onPage={setPage}
      >
        {(data) => (
          <ul className="history-list" aria-label="お支払い履歴">
            {data.items.map((h) => (
              <li key={h.id} className="history-item">
                <div className="history-meta">
                  <span>{formatDateTime(h.createdAt, 'Asia/Tokyo')}</span>
                  <span>
                    <Link to={`/mypage/worlds/${h.worldId}`}>{h.ssWorldName || h.worldName}</Link>
                  </span>
                  <span>
                    {h.paymentType === 'fixed'
                      ? '固定プラン'
                      : h.paymentType === 'konbini'
                        ? 'コンビニ払い'
                        : h.cardLast4
                          ? `カード末尾 ${h.cardLast4}`
                          : 'カード'}
                  </span>
                </div>
                <div className="history-meta">
                  <strong>{formatYen(h.total)}</strong>
                  {h.cancelled && <span className="cancelled-badge">取消済み</span>}
                  {h.paymentType !== 'fixed' && (
                    <Link to={`/mypage/payments/${h.id}/receipt`}>領収書</Link>
                  )}
                  {h.receiptUrl && (
                    <a href={h.receiptUrl} target="_blank" rel="noopener noreferrer">
                      {h.paymentType === 'konbini' ? 'コンビニ払いの控え' : 'カード決済の控え'}
                    </a>
                  )}
                </div>
                {h.dates.length > 0 && (
                  <ul className="history-dates" aria-label="予約した日時">
                    {h.dates.map((d) => (
                      <li key={d.startAt}>
                        {spanLabel(d, 'Asia/Tokyo')}　{d.capacity}人　{formatYen(d.amount)}
                      </li>
                    ))}
                  </ul>
                )}
                {h.refunds.length > 0 && <HistoryRefunds paymentId={h.id} refunds={h.refunds} />}
              </li>
            ))}
          </ul>
        )}
      </PagedListState>
    </section>
  );
}
