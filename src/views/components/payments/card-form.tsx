import type { StripeCardElement } from '@stripe/stripe-js';
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { checkCardInput, type CardField, type CardFormValues } from '../../../domain/card-input';
import type { BrowserPayments } from '../../../services/payments/browser-payments';
import type { LocalCardInput } from '../../../services/payments/local-card';
import '../form/form.css';
import './payments.css';

export type CardFormProps = {
  payments: BrowserPayments;
  submitting: boolean;
  /** The server's or the provider's messages. */
  errors: string[];
  /** card: the local form's card; null with Stripe (read `stripeCard` then). */
  onSubmit: (card: LocalCardInput | null, makeDefault: boolean) => void;
  onCancel?: () => void;
  /** With Stripe: where the mounted card element is left for the caller's saveCard. */
  stripeCard: RefObject<StripeCardElement | null>;
};

const LABELS: Record<CardField, string> = {
  number: 'カード番号',
  expMonth: '有効期限（月）',
  expYear: '有効期限（年）',
  cvc: 'セキュリティコード',
};

/** Adds a card: the local provider's own fields, or Stripe's card element. */
export function CardForm({
  payments,
  submitting,
  errors,
  onSubmit,
  onCancel,
  stripeCard,
}: CardFormProps) {
  const base = useId();
  const [values, setValues] = useState<CardFormValues>({
    number: '',
    expMonth: '',
    expYear: '',
    cvc: '',
  });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<CardField, string[]>>>({});
  const [makeDefault, setMakeDefault] = useState(false);
  const errorRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (errors.length) errorRef.current?.focus();
  }, [errors]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    if (payments.provider === 'stripe') {
      onSubmit(null, makeDefault);
      return;
    }
    const check = checkCardInput(values);
    if (!check.ok) {
      setFieldErrors(check.errors);
      document.getElementById(`${base}-${Object.keys(check.errors)[0]}`)?.focus();
      return;
    }
    setFieldErrors({});
    onSubmit(check.card, makeDefault);
  };

  const field = (name: CardField, props: React.InputHTMLAttributes<HTMLInputElement>) => {
    const id = `${base}-${name}`;
    const messages = fieldErrors[name];
    return (
      <div className="field">
        <label className="field-label" htmlFor={id}>
          {LABELS[name]}
          <span className="field-badge" aria-hidden="true">
            必須
          </span>
        </label>
        <input
          id={id}
          className="field-control"
          value={values[name]}
          onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
          aria-invalid={messages?.length ? true : undefined}
          aria-describedby={messages?.length ? `${id}-error` : undefined}
          aria-required
          {...props}
        />
        {messages?.length ? (
          <ul className="field-errors" id={`${id}-error`}>
            {messages.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        ) : null}
      </div>
    );
  };

  return (
    <form className="form" noValidate onSubmit={submit} aria-label="カードを追加">
      {errors.length > 0 && (
        <div className="error-summary" role="alert" tabIndex={-1} ref={errorRef}>
          <h3 className="error-summary-title">カードを登録できませんでした。</h3>
          <ul>
            {errors.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </div>
      )}
      {payments.provider === 'stripe' ? (
        <StripeCardField stripe={payments.stripe} elementRef={stripeCard} />
      ) : (
        <>
          <p className="field-hint">
            テスト用カード: 4242 4242 4242 4242（成功）、4000 0000 0000 0002（拒否）、4000 0027 6000
            3184（認証あり）。有効期限は未来の日付、セキュリティコードは任意の3桁です。
          </p>
          {field('number', {
            inputMode: 'numeric',
            autoComplete: 'cc-number',
            placeholder: '4242 4242 4242 4242',
          })}
          <div className="button-row">
            {field('expMonth', {
              inputMode: 'numeric',
              autoComplete: 'cc-exp-month',
              placeholder: '12',
            })}
            {field('expYear', {
              inputMode: 'numeric',
              autoComplete: 'cc-exp-year',
              placeholder: '2030',
            })}
          </div>
          {field('cvc', { inputMode: 'numeric', autoComplete: 'cc-csc', placeholder: '123' })}
        </>
      )}
      <label className="check-row">
        <input
          type="checkbox"
          checked={makeDefault}
          onChange={(e) => setMakeDefault(e.target.checked)}
        />
        このカードを既定にする
      </label>
      <div className="button-row">
        <button
          className="button button-primary form-submit"
          type="submit"
          disabled={submitting}
          aria-busy={submitting || undefined}
        >
          {submitting && <span className="spinner" aria-hidden="true" />}
          {submitting ? '登録しています…' : 'カードを登録する'}
        </button>
        {onCancel && (
          <button
            className="button button-secondary form-submit"
            type="button"
            onClick={onCancel}
            disabled={submitting}
          >
            キャンセル
          </button>
        )}
      </div>
    </form>
  );
}

/** Stripe's card element, mounted here; Stripe.js keeps the number out of the page. */
function StripeCardField({
  stripe,
  elementRef,
}: {
  stripe: import('@stripe/stripe-js').Stripe;
  elementRef: RefObject<StripeCardElement | null>;
}) {
  const mountRef = useRef<HTMLDivElement>(null);
  const labelId = useId();
  useEffect(() => {
    const element = stripe.elements().create('card', { hidePostalCode: true });
    if (mountRef.current) element.mount(mountRef.current);
    elementRef.current = element;
    return () => {
      elementRef.current = null;
      element.destroy();
    };
  }, [stripe, elementRef]);
  return (
    <div className="field">
      <span className="field-label" id={labelId}>
        カード情報
      </span>
      <div className="stripe-card" ref={mountRef} role="group" aria-labelledby={labelId} />
    </div>
  );
}
