import { useSelector } from '@xstate/react';
import {
  canChangeCards,
  canOpenCardForm,
  hasLoadFailed,
  isAdding,
  isBusy,
  isLoading,
  selectCardErrors,
  selectCardForm,
  selectDeleteTarget,
  selectErrors,
  selectMethods,
  selectNotice,
  showsCardForm,
} from '../../machines/payment-methods.selectors';
import { Notice } from '../components/form/notice';
import { CardForm } from '../components/payments/card-form';
import { PaymentHistorySection } from '../components/payments/payment-history';
import { PendingHistorySection } from '../components/payments/pending-history';
import { cardExpiry, cardName } from '../components/payments/format';
import { paymentMethodsActor } from '../components/payments/payment-methods-actor';
import '../components/payments/payments.css';

/** /mypage/payments: the payment history and the saved cards. */
export function PaymentsPage() {
  return (
    <div className="payment-page page">
      <h1>お支払い</h1>
      <PendingHistorySection />
      <PaymentHistorySection />
      <PaymentMethodsSection />
    </div>
  );
}

function PaymentMethodsSection() {
  // The flow is the machine's (src/machines/payment-methods.machine.ts), started by src/app.
  const usePaymentMethods = paymentMethodsActor.useProvided();
  const { actor, stripeCard } = usePaymentMethods();
  const methods = useSelector(actor, selectMethods);
  const form = useSelector(actor, selectCardForm);
  const deleteTarget = useSelector(actor, selectDeleteTarget);
  const notice = useSelector(actor, selectNotice);
  const errors = useSelector(actor, selectErrors);
  const cardErrors = useSelector(actor, selectCardErrors);
  const busy = useSelector(actor, isBusy);
  const adding = useSelector(actor, isAdding);
  const loading = useSelector(actor, isLoading);
  const loadFailed = useSelector(actor, hasLoadFailed);
  const formShown = useSelector(actor, showsCardForm);
  const mayChange = useSelector(actor, canChangeCards);
  const mayOpenForm = useSelector(actor, canOpenCardForm);

  return (
    <section className="payment-section" aria-labelledby="cards-heading">
      <h2 id="cards-heading">登録済みのカード</h2>
      {notice && (
        <Notice>
          <p>{notice}</p>
        </Notice>
      )}
      {errors.length > 0 && !loadFailed && (
        <p className="field-errors" role="alert">
          {errors.join(' ')}
        </p>
      )}
      {methods === null && loading && <p role="status">読み込み中…</p>}
      {loadFailed && (
        <div className="error-summary" role="alert">
          <p>カードを読み込めませんでした。{errors.join(' ')}</p>
          <button
            type="button"
            className="small-button"
            onClick={() => actor.send({ type: 'methods.retry' })}
          >
            もう一度読み込む
          </button>
        </div>
      )}
      {methods !== null &&
        (methods.length === 0 ? (
          <p>登録済みのカードはありません。</p>
        ) : (
          <ul className="card-list" aria-label="登録済みのカード">
            {methods.map((m) => {
              const name = cardName(m);
              const confirming = deleteTarget === m.id;
              return (
                <li key={m.id} className="card-item">
                  <span>
                    {name}（有効期限 {cardExpiry(m)}）{m.isDefault && <strong>・既定</strong>}
                  </span>
                  {confirming ? (
                    <span className="button-row" role="group" aria-label={`${name}の削除の確認`}>
                      <span>このカードを削除しますか？</span>
                      <button
                        type="button"
                        className="small-button danger-button"
                        disabled={busy}
                        onClick={() => actor.send({ type: 'methods.deleteConfirmed' })}
                      >
                        削除する
                      </button>
                      <button
                        type="button"
                        className="small-button"
                        disabled={busy}
                        onClick={() => actor.send({ type: 'methods.deleteCancelled' })}
                      >
                        やめる
                      </button>
                    </span>
                  ) : (
                    <span className="button-row">
                      {!m.isDefault && (
                        <button
                          type="button"
                          className="small-button"
                          disabled={!mayChange}
                          aria-label={`${name}を既定にする`}
                          onClick={() => actor.send({ type: 'methods.defaultChosen', id: m.id })}
                        >
                          既定にする
                        </button>
                      )}
                      <button
                        type="button"
                        className="small-button danger-button"
                        disabled={!mayChange}
                        aria-label={`${name}を削除`}
                        onClick={() => actor.send({ type: 'methods.deleteAsked', id: m.id })}
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
        form && formShown ? (
          <CardForm
            payments={form}
            submitting={busy}
            errors={cardErrors}
            stripeCard={stripeCard}
            onCancel={() => actor.send({ type: 'methods.addCancelled' })}
            onSubmit={(card, makeDefault) =>
              actor.send({ type: 'methods.cardSubmitted', card, makeDefault })
            }
          />
        ) : cardErrors.length ? (
          <p className="field-errors" role="alert">
            {cardErrors.join(' ')}
          </p>
        ) : (
          <p role="status">読み込み中…</p>
        )
      ) : (
        <button
          type="button"
          className="small-button"
          disabled={!mayOpenForm}
          onClick={() => actor.send({ type: 'methods.addOpened' })}
        >
          カードを追加
        </button>
      )}
    </section>
  );
}
