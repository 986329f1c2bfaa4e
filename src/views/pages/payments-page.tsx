import type { StripeCardElement } from '@stripe/stripe-js';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatYen } from '../../domain/price';
import { formatDateTime } from '../../domain/time-zone';
import { loadBrowserPayments, type BrowserPayments } from '../../services/payments/browser-payments';
import { saveLocalCard } from '../../services/payments/local-card';
import { messagesOf, PaymentError } from '../../services/payments/payment-error';
import {
  deletePaymentMethod,
  listPaymentHistories,
  listPaymentMethods,
  makeDefaultPaymentMethod,
  type PaymentHistoryList,
  type PaymentMethod,
} from '../../services/payments/payments-api';
import { Notice } from '../components/form/notice';
import { CardForm } from '../components/payments/card-form';
import { cardExpiry, cardName } from '../components/payments/format';
import { useApi } from '../hooks/use-api';
import '../components/payments/payments.css';

const PER_PAGE = 20;

/** /mypage/payments: the payment history and the saved cards. */
export function PaymentsPage() {
  return (
    <div className="payment-page page">
      <h1>お支払い</h1>
      <PaymentHistorySection />
      <PaymentMethodsSection />
    </div>
  );
}

type Loaded<T> = { kind: 'loading' } | { kind: 'loaded'; data: T } | { kind: 'failed'; errors: string[] };

function PaymentHistorySection() {
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

  const pages = state.kind === 'loaded' ? Math.max(1, Math.ceil(state.data.total / state.data.perPage)) : 1;

  return (
    <section className="payment-section" aria-labelledby="history-heading" aria-busy={state.kind === 'loading' || undefined}>
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
                    <span>{h.paymentType === 'fixed' ? '固定プラン' : h.cardLast4 ? `カード末尾 ${h.cardLast4}` : 'カード'}</span>
                  </div>
                  <div className="history-meta">
                    <strong>{formatYen(h.total)}</strong>
                    {h.cancelled && <span className="cancelled-badge">取消済み</span>}
                    {h.receiptUrl && (
                      <a href={h.receiptUrl} target="_blank" rel="noopener noreferrer">
                        領収書
                      </a>
                    )}
                  </div>
                </li>
              ))}
            </ul>
            {pages > 1 && (
              <nav className="pager" aria-label="お支払い履歴のページ">
                <button type="button" className="small-button" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                  前のページ
                </button>
                <span>
                  {page} / {pages} ページ
                </span>
                <button type="button" className="small-button" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
                  次のページ
                </button>
              </nav>
            )}
          </>
        ))}
    </section>
  );
}

function PaymentMethodsSection() {
  const api = useApi();
  const [state, setState] = useState<Loaded<PaymentMethod[]>>({ kind: 'loading' });
  const [payments, setPayments] = useState<BrowserPayments | null>(null);
  const [adding, setAdding] = useState(false);
  const [saving, setSaving] = useState(false);
  const [cardErrors, setCardErrors] = useState<string[]>([]);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const stripeCard = useRef<StripeCardElement | null>(null);

  const load = useCallback(() => {
    setState((s) => (s.kind === 'loaded' ? s : { kind: 'loading' }));
    listPaymentMethods(api)
      .then((data) => setState({ kind: 'loaded', data }))
      .catch((error: unknown) => setState({ kind: 'failed', errors: messagesOf(error) }));
  }, [api]);
  useEffect(load, [load]);

  const openForm = () => {
    setAdding(true);
    setCardErrors([]);
    setMessage(null);
    // Stripe.js (when configured) only now: this page shows no card form until asked.
    if (!payments)
      loadBrowserPayments(api)
        .then(setPayments)
        .catch((error: unknown) => setCardErrors(messagesOf(error)));
  };

  const run = async (id: string, action: () => Promise<unknown>, done: string) => {
    setBusyId(id);
    setMessage(null);
    try {
      await action();
      setMessage({ tone: 'ok', text: done });
      load();
    } catch (error) {
      setMessage({ tone: 'error', text: messagesOf(error).join(' ') });
    } finally {
      setBusyId(null);
      setConfirming(null);
    }
  };

  return (
    <section className="payment-section" aria-labelledby="cards-heading">
      <h2 id="cards-heading">登録済みのカード</h2>
      {message && (message.tone === 'ok' ? <Notice><p>{message.text}</p></Notice> : <p className="field-errors" role="alert">{message.text}</p>)}
      {state.kind === 'loading' && <p role="status">読み込み中…</p>}
      {state.kind === 'failed' && (
        <div className="error-summary" role="alert">
          <p>カードを読み込めませんでした。{state.errors.join(' ')}</p>
          <button type="button" className="small-button" onClick={load}>
            もう一度読み込む
          </button>
        </div>
      )}
      {state.kind === 'loaded' &&
        (state.data.length === 0 ? (
          <p>登録済みのカードはありません。</p>
        ) : (
          <ul className="card-list" aria-label="登録済みのカード">
            {state.data.map((m) => {
              const name = cardName(m);
              return (
                <li key={m.id} className="card-item">
                  <span>
                    {name}（有効期限 {cardExpiry(m)}）{m.isDefault && <strong>・既定</strong>}
                  </span>
                  {confirming === m.id ? (
                    <span className="button-row" role="group" aria-label={`${name}の削除の確認`}>
                      <span>このカードを削除しますか？</span>
                      <button
                        type="button"
                        className="small-button danger-button"
                        disabled={busyId === m.id}
                        onClick={() => void run(m.id, () => deletePaymentMethod(api, m.id), 'カードを削除しました。')}
                      >
                        削除する
                      </button>
                      <button type="button" className="small-button" onClick={() => setConfirming(null)}>
                        やめる
                      </button>
                    </span>
                  ) : (
                    <span className="button-row">
                      {!m.isDefault && (
                        <button
                          type="button"
                          className="small-button"
                          disabled={busyId !== null}
                          aria-label={`${name}を既定にする`}
                          onClick={() => void run(m.id, () => makeDefaultPaymentMethod(api, m.id), '既定のカードを変更しました。')}
                        >
                          既定にする
                        </button>
                      )}
                      <button
                        type="button"
                        className="small-button danger-button"
                        disabled={busyId !== null}
                        aria-label={`${name}を削除`}
                        onClick={() => setConfirming(m.id)}
                      >
                        削除
                      </button>
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        ))}
      {adding ? (
        payments ? (
          <CardForm
            payments={payments}
            submitting={saving}
            errors={cardErrors}
            stripeCard={stripeCard}
            onCancel={() => setAdding(false)}
            onSubmit={(card, makeDefault) => {
              setSaving(true);
              setCardErrors([]);
              const save = async () => {
                if (card) return saveLocalCard(api, card, makeDefault);
                if (payments.provider !== 'stripe' || !stripeCard.current) throw new PaymentError('declined', ['カード情報を入力してください。'], 0);
                const { saveStripeCard } = await import('../../services/payments/stripe');
                return saveStripeCard(api, payments.stripe, stripeCard.current, makeDefault);
              };
              save()
                .then(() => {
                  setAdding(false);
                  setMessage({ tone: 'ok', text: 'カードを登録しました。' });
                  load();
                })
                .catch((error: unknown) => setCardErrors(messagesOf(error)))
                .finally(() => setSaving(false));
            }}
          />
        ) : cardErrors.length ? (
          <p className="field-errors" role="alert">
            {cardErrors.join(' ')}
          </p>
        ) : (
          <p role="status">読み込み中…</p>
        )
      ) : (
        <button type="button" className="small-button" onClick={openForm}>
          カードを追加
        </button>
      )}
    </section>
  );
}
