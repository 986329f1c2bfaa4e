import type { StripeCardElement } from '@stripe/stripe-js';
import { useSelector } from '@xstate/react';
import { useEffect, useRef, type RefObject } from 'react';
import type { ActorRefFrom } from 'xstate';
import { formatYen } from '../../../domain/price';
import type { TimeZoneName } from '../../../domain/time-zone';
import type { checkoutMachine } from '../../../machines/checkout.machine';
import type { CheckoutOrder } from '../../../machines/checkout.machine';
import {
  canPay,
  checkoutPhase,
  selectCheckout,
  selectHoldEndsAt,
  type CheckoutPhase as Phase,
} from '../../../machines/checkout.selectors';
import type { BrowserPayments } from '../../../services/payments/browser-payments';
import { AuthDialog } from './auth-dialog';
import { CardForm } from './card-form';
import { FixedPlanChoice } from './fixed-plan-choice';
import { KonbiniChoice, VoucherIssued } from './konbini-voucher';
import { OrderConfirmation } from './order-confirmation';
import { cardExpiry, cardName, sizeLabel, spanLabel } from './format';
import './payments.css';

type CheckoutActor = ActorRefFrom<typeof checkoutMachine>;

const BUSY: Partial<Record<Phase, string>> = {
  paying: 'お支払いを処理しています…',
  answering: '認証の結果を送っています…',
  stripeAction: 'カード会社の認証を待っています…',
  confirming: 'お支払いを確定しています…',
  verifying: 'お支払いの状況を確認しています…',
  resuming: 'お支払いを再開しています…',
  cancellingPending: 'お支払いを取り消しています…',
  issuingVoucher: '払込票を発行しています…',
  reservingWithPlan: '定額プランで予約しています…',
};

export type CheckoutPanelProps = {
  actor: CheckoutActor;
  payments: BrowserPayments;
  /** What would be paid now; null while the cart has nothing of this world. */
  order: CheckoutOrder | null;
  timezone: TimeZoneName;
  stripeCard: RefObject<StripeCardElement | null>;
};

/** Card choice or entry, the total, 支払う, and what became of the payment. */
export function CheckoutPanel({
  actor,
  payments,
  order,
  timezone,
  stripeCard,
}: CheckoutPanelProps) {
  const context = useSelector(actor, selectCheckout);
  const phase = useSelector(actor, checkoutPhase);
  const payable = useSelector(actor, canPay(order));
  const holdEndsAt = useSelector(actor, selectHoldEndsAt);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const busy = BUSY[phase];
  const selected = context.methods.find((m) => m.id === context.selectedId);
  // During an attempt its own order (a resumed payment's), else what the cart would pay.
  const shownOrder = context.order ?? order;
  const total = shownOrder?.total ?? 0;

  useEffect(() => {
    if (phase === 'declined' || phase === 'succeeded' || phase === 'verifyFailed')
      outcomeRef.current?.focus();
  }, [phase]);

  if (phase === 'awaitingStore' && context.voucher)
    return (
      <VoucherIssued
        voucher={context.voucher}
        total={total}
        timezone={timezone}
        onRestart={() => actor.send({ type: 'checkout.restarted' })}
      />
    );

  if (phase === 'succeeded' && context.result) {
    const { paymentHistory, calendarDates } = context.result;
    return (
      <section className="payment-section" aria-labelledby="checkout-heading">
        <h2 id="checkout-heading">お支払い</h2>
        <div className="notice notice-success" role="status" tabIndex={-1} ref={outcomeRef}>
          {paymentHistory.paymentType === 'fixed' ? (
            <h3 className="notice-title">定額プランで予約が確定しました</h3>
          ) : (
            <>
              <h3 className="notice-title">お支払いが完了し、予約が確定しました</h3>
              <p>お支払い金額: {formatYen(paymentHistory.total)}</p>
            </>
          )}
          <ul aria-label="予約済みの日時">
            {calendarDates.map((d) => (
              <li key={d.id}>
                {spanLabel(d, timezone)}（{sizeLabel(d)}）予約済み
              </li>
            ))}
          </ul>
          {paymentHistory.receiptUrl && (
            <p>
              <a href={paymentHistory.receiptUrl} target="_blank" rel="noopener noreferrer">
                領収書
              </a>
            </p>
          )}
        </div>
        <button
          type="button"
          className="button button-secondary form-submit"
          onClick={() => actor.send({ type: 'checkout.restarted' })}
        >
          続けて予約する
        </button>
      </section>
    );
  }

  return (
    <section
      className="payment-section"
      aria-labelledby="checkout-heading"
      aria-busy={busy ? true : undefined}
    >
      <h2 id="checkout-heading">お支払い</h2>
      {phase === 'loading' && <p role="status">登録済みのカードを読み込み中…</p>}
      {phase === 'loadFailed' && (
        <div className="error-summary" role="alert">
          <p>登録済みのカードを読み込めませんでした。{context.errors.join(' ')}</p>
          <button
            type="button"
            className="small-button"
            onClick={() => actor.send({ type: 'checkout.retry' })}
          >
            もう一度読み込む
          </button>
        </div>
      )}
      {(phase === 'addingCard' || phase === 'savingCard') && (
        <>
          <h3>カードを追加</h3>
          {context.methods.length === 0 && <p>お支払いに使うカードを登録してください。</p>}
          <CardForm
            payments={payments}
            submitting={phase === 'savingCard'}
            errors={context.cardErrors}
            stripeCard={stripeCard}
            onSubmit={(card, makeDefault) =>
              actor.send({ type: 'checkout.cardSubmitted', card, makeDefault })
            }
            onCancel={
              context.methods.length > 0
                ? () => actor.send({ type: 'checkout.addCardCancelled' })
                : undefined
            }
          />
        </>
      )}
      {phase !== 'loading' &&
        phase !== 'loadFailed' &&
        phase !== 'addingCard' &&
        phase !== 'savingCard' && (
          <>
            {context.notice && (
              <div role="status">
                <p>{context.notice}</p>
              </div>
            )}
            <fieldset
              className="field"
              disabled={Boolean(busy) || phase === 'authenticating' || phase === 'verifyFailed'}
            >
              <legend className="field-label">お支払いに使うカード</legend>
              <ul className="card-list">
                {context.methods.map((m) => (
                  <li key={m.id} className="card-item">
                    <label className="check-row">
                      <input
                        type="radio"
                        name="payment-method"
                        value={m.id}
                        checked={m.id === context.selectedId}
                        onChange={() => actor.send({ type: 'checkout.cardSelected', id: m.id })}
                      />
                      {cardName(m)}（有効期限 {cardExpiry(m)}）{m.isDefault && '・既定'}
                    </label>
                  </li>
                ))}
              </ul>
              <button
                type="button"
                className="small-button"
                onClick={() => actor.send({ type: 'checkout.addCardOpened' })}
              >
                別のカードを追加
              </button>
            </fieldset>
            {phase === 'declined' && (
              <div className="error-summary" role="alert" tabIndex={-1} ref={outcomeRef}>
                <h3 className="error-summary-title">お支払いができませんでした</h3>
                <ul>
                  {context.errors.map((m) => (
                    <li key={m}>{m}</li>
                  ))}
                </ul>
                <p>
                  予約は確定していません。別のカードを選ぶか、カードを追加してもう一度お支払いください。
                </p>
                <button
                  type="button"
                  className="small-button"
                  onClick={() => actor.send({ type: 'checkout.dismissed' })}
                >
                  閉じる
                </button>
              </div>
            )}
            {phase === 'verifyFailed' && (
              <div className="error-summary" role="alert" tabIndex={-1} ref={outcomeRef}>
                <h3 className="error-summary-title">お支払いの結果を確認できていません</h3>
                <ul>
                  {context.errors.map((m) => (
                    <li key={m}>{m}</li>
                  ))}
                </ul>
                <p>
                  二重にお支払いいただくことのないよう、結果を確認できるまで、もう一度のお支払いはお受けしません。
                </p>
                <button
                  type="button"
                  className="small-button"
                  onClick={() => actor.send({ type: 'checkout.retry' })}
                >
                  お支払い状況を確認する
                </button>
              </div>
            )}
            {phase === 'choosing' && context.errors.length > 0 && (
              <p className="field-errors" role="alert">
                {context.errors.join(' ')}
              </p>
            )}
            {shownOrder && (
              <OrderConfirmation
                order={shownOrder}
                cardLabel={selected ? cardName(selected) : null}
                timezone={timezone}
                holdEndsAt={holdEndsAt}
              />
            )}
            <p className="cart-total">お支払い金額 {formatYen(total)}</p>
            <div role="status" aria-live="polite">
              {busy && <p>{busy}</p>}
              {phase === 'stripeAction' && context.errors.map((m) => <p key={m}>{m}</p>)}
            </div>
            <button
              type="button"
              className="button button-primary form-submit"
              disabled={!payable}
              aria-busy={busy ? true : undefined}
              onClick={() => {
                if (order) actor.send({ type: 'checkout.pay', order, now: Date.now() });
              }}
            >
              {busy && <span className="spinner" aria-hidden="true" />}
              支払う
            </button>
          </>
        )}
      {order && phase !== 'loading' && phase !== 'loadFailed' && (
        <>
          <FixedPlanChoice actor={actor} order={order} />
          <KonbiniChoice actor={actor} order={order} />
        </>
      )}
      <AuthDialog
        open={phase === 'authenticating' || phase === 'answering'}
        total={total}
        cardLabel={selected ? cardName(selected) : 'カード'}
        busy={phase === 'answering'}
        messages={phase === 'authenticating' ? context.errors : []}
        onApprove={() => actor.send({ type: 'checkout.authApproved' })}
        onReject={() => actor.send({ type: 'checkout.authRejected' })}
      />
    </section>
  );
}
