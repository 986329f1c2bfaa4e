import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { formatYen } from '../../../domain/price';
import { formatDateTime, spanLabel } from '../../../domain/time-zone';
import { messagesOf } from '../../../services/payments/payment-error';
import {
  listPaymentHistories,
  type PaymentHistoryList,
} from '../../../services/payments/payments-api';
import { useApi } from '../../hooks/use-api';

const PER_PAGE = 20;

type Loaded<T> =
  { kind: 'loading' } | { kind: 'loaded'; data: T } | { kind: 'failed'; errors: string[] };

/** The payer's payments on /mypage/payments, newest first, each with its dates and receipt. */
export function PaymentHistorySection() {
  const api = useApi();
  const [page, setPage] = useState(1);
  const [state, setState] = useState<Loaded<PaymentHistoryList>>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setState({ kind: 'loading' });
    listPaymentHistories(api, { page, perPage: PER_PAGE })
      .then((data) => live && setState({ kind: 'loaded', data }))
      .catch((error: unknown) => live && setState({ kind: 'failed', errors: messagesOf(error) }));
    return () => {
      live = false;
    };
  }, [api, page, attempt]);

  const pages =
    state.kind === 'loaded' ? Math.max(1, Math.ceil(state.data.total / state.data.perPage)) : 1;

  return (
    <section
      className="payment-section"
      aria-labelledby="history-heading"
      aria-busy={state.kind === 'loading' || undefined}
    >
      <h2 id="history-heading">お支払い履歴</h2>
      {state.kind === 'loading' && <p role="status">読み込み中…</p>}
      {state.kind === 'failed' && (
        <div className="error-summary" role="alert">
          <p>お支払い履歴を読み込めませんでした。{state.errors.join(' ')}</p>
          <button type="button" className="small-button" onClick={() => setAttempt((n) => n + 1)}>
            もう一度読み込む
          </button>
        </div>
      )}
      {state.kind === 'loaded' &&
        (state.data.items.length === 0 ? (
          <p>お支払い履歴はまだありません。ワールドの日時を予約すると、ここに表示されます。</p>
        ) : (
          <>
            <ul className="history-list" aria-label="お支払い履歴">
              {state.data.items.map((h) => (
                <li key={h.id} className="history-item">
                  <div className="history-meta">
                    <span>{formatDateTime(h.createdAt, 'Asia/Tokyo')}</span>
                    <span>
                      <Link to={`/mypage/worlds/${h.worldId}`}>{h.ssWorldName || h.worldName}</Link>
                    </span>
                    <span>
                      {h.paymentType === 'fixed'
                        ? '固定プラン'
                        : h.cardLast4
                          ? `カード末尾 ${h.cardLast4}`
                          : 'カード'}
                    </span>
                  </div>
                  <div className="history-meta">
                    <strong>{formatYen(h.total)}</strong>
                    {h.cancelled && <span className="cancelled-badge">取消済み</span>}
                    {h.paymentType === 'card' && (
                      <Link to={`/mypage/payments/${h.id}/receipt`}>領収書</Link>
                    )}
                    {h.receiptUrl && (
                      <a href={h.receiptUrl} target="_blank" rel="noopener noreferrer">
                        カード決済の控え
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
                </li>
              ))}
            </ul>
            {pages > 1 && (
              <nav className="pager" aria-label="お支払い履歴のページ">
                <button
                  type="button"
                  className="small-button"
                  disabled={page <= 1}
                  onClick={() => setPage((p) => p - 1)}
                >
                  前のページ
                </button>
                <span>
                  {page} / {pages} ページ
                </span>
                <button
                  type="button"
                  className="small-button"
                  disabled={page >= pages}
                  onClick={() => setPage((p) => p + 1)}
                >
                  次のページ
                </button>
              </nav>
            )}
          </>
        ))}
    </section>
  );
}
