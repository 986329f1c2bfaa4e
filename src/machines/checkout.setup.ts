import { assign, setup } from 'xstate';
import type { CartItem } from '../domain/cart';
import type { TimeZoneName } from '../domain/time-zone';
import type { LocalCardInput } from '../services/payments/local-card';
import { isPaymentError, messagesOf } from '../services/payments/payment-error';
import { konbiniDeadline } from '../domain/konbini';
import type {
  CreateFixedPaymentRequest,
  CreatePaymentRequest,
  KonbiniVoucher,
  PaymentMethod,
  PaymentOutcome,
  PaymentProviderName,
  PaymentResult,
  Verification,
} from '../services/payments/payments-api';
import { unprovidedAction, unprovidedActor } from './unprovided';

// Types, messages, actors, actions and guards of the checkout statechart (checkout.machine.ts).

/** What is paid: the cart's items of one world and the total the page showed (expectedTotal). */
export interface CheckoutOrder {
  worldId: string;
  items: CartItem[];
  timezone: TimeZoneName;
  total: number;
}

export type CheckoutEvent =
  | { type: 'checkout.cardSelected'; id: string }
  | { type: 'checkout.addCardOpened' }
  | { type: 'checkout.addCardCancelled' }
  /** card: the local provider's form; null with Stripe (its card element is read by the app's saveCard). */
  | { type: 'checkout.cardSubmitted'; card: LocalCardInput | null; makeDefault: boolean }
  /** now: when the button was pressed (ms), to recognise this attempt's payment when verifying. */
  | { type: 'checkout.pay'; order: CheckoutOrder; now: number }
  | { type: 'checkout.authApproved' }
  | { type: 'checkout.authRejected' }
  | { type: 'checkout.retry' }
  | { type: 'checkout.dismissed' }
  | { type: 'checkout.restarted' }
  /**
   * 「認証を続ける」 on a payment awaiting the payer's authentication (after a reload, a closed
   * tab): order is that payment's dates and total, for confirming and verifying it.
   */
  | {
      type: 'checkout.resumed';
      paymentId: string;
      order: CheckoutOrder;
      now: number;
      /** When the payment's hold ends (ms), for the countdown. */
      holdEndsAt: number;
    }
  /** 「取り消す」 on a payment awaiting authentication: cancelled at the provider, dates freed. */
  | { type: 'checkout.pendingCancelled'; paymentId: string }
  /** 「コンビニ払いにする」: a voucher instead of a card (checkout.konbini.ts). */
  | { type: 'checkout.payAtKonbini'; order: CheckoutOrder; now: number }
  /**
   * 「定額プランで予約する」 (checkout.fixed.ts): hasActivePlan is what the world's plan list says
   * now (shown data, the server's answer).
   */
  | { type: 'checkout.reserveWithPlan'; order: CheckoutOrder; hasActivePlan: boolean };

interface PendingPayment {
  id: string;
  provider: PaymentProviderName;
  clientSecret: string;
}

export interface CheckoutContext {
  methods: PaymentMethod[];
  selectedId: string | null;
  order: CheckoutOrder | null;
  /** When the current attempt began (ms), for verifyPayment. */
  attemptStartedAt: number;
  /** When the attempt's hold of the dates ends (ms): the confirmation screen counts down to it. */
  holdEndsAt: number | null;
  /** A payment the issuer holds for authentication. */
  payment: PendingPayment | null;
  authAnswer: 'approve' | 'reject';
  result: PaymentResult | null;
  /** The server's messages: a decline, a load or network failure. */
  errors: string[];
  /** Messages of the add-card form. */
  cardErrors: string[];
  /** A short status line ("カードを登録しました。"). */
  notice: string | null;
  /** The コンビニ払い voucher issued (or shown again), while the store is awaited. */
  voucher: KonbiniVoucher | null;
}

export const PENDING_CANCELLED_NOTICE =
  'お支払いを取り消しました。確保していた日時は解除され、すぐにまた予約できます。';
export const NOT_PAID_NOTICE =
  '前回のお支払いは完了していませんでした（請求はされていません）。内容を確かめて、もう一度お支払いください。';
export const PENDING_MESSAGE =
  'お支払いの処理がまだ終わっていません。しばらく待ってから「お支払い状況を確認する」を押してください。';
/**
 * The payer's answer to the issuer (the local dialog, or Stripe.js) may not have arrived; if the
 * payment still waits for it, the issuer's screen opens again with this line.
 */
export const ANSWER_AGAIN_MESSAGE =
  'カード会社に回答が届かなかった可能性があります。認証がまだ終わっていないため、もう一度お答えください。';

type CreatePaymentInput = { worldId: string; body: CreatePaymentRequest };
type VerifyInput = {
  worldId: string;
  paymentId: string | null;
  items: CartItem[];
  expectedTotal: number;
  since: number;
};

const isOutcome = (status: string) => (_: unknown, params: { outcome: { status: string } }) =>
  params.outcome.status === status;
const needsAction =
  (provider: PaymentProviderName) =>
  (_: unknown, params: { outcome: PaymentOutcome | Verification }) =>
    params.outcome.status === 'requiresAction' && params.outcome.provider === provider;

export const checkoutSetup = setup({
  types: {} as { context: CheckoutContext; events: CheckoutEvent },
  actors: {
    loadMethods: unprovidedActor<PaymentMethod[]>('checkout', 'loadMethods'),
    /** Local: createLocalCardToken → createPaymentMethod; Stripe: setup → confirmCardSetup → createPaymentMethod. */
    saveCard: unprovidedActor<PaymentMethod, { card: LocalCardInput | null; makeDefault: boolean }>(
      'checkout',
      'saveCard',
    ),
    createPayment: unprovidedActor<PaymentOutcome, CreatePaymentInput>('checkout', 'createPayment'),
    /** `challengeId`: the local provider's payment (nextAction.clientSecret), not the product's payment. */
    authenticateLocal: unprovidedActor<void, { challengeId: string; result: 'approve' | 'reject' }>(
      'checkout',
      'authenticateLocal',
    ),
    handleNextAction: unprovidedActor<void, { clientSecret: string }>(
      'checkout',
      'handleNextAction',
    ),
    confirmPayment: unprovidedActor<PaymentOutcome, { worldId: string; paymentId: string }>(
      'checkout',
      'confirmPayment',
    ),
    verifyPayment: unprovidedActor<Verification, VerifyInput>('checkout', 'verifyPayment'),
    /** The provider's step of a payment awaiting authentication again, or its outcome. */
    resumePayment: unprovidedActor<PaymentOutcome, { paymentId: string }>(
      'checkout',
      'resumePayment',
    ),
    cancelPendingPayment: unprovidedActor<void, { paymentId: string }>(
      'checkout',
      'cancelPendingPayment',
    ),
    reserveWithPlan: unprovidedActor<
      PaymentOutcome,
      { worldId: string; body: CreateFixedPaymentRequest }
    >('checkout', 'reserveWithPlan'),
  },
  actions: {
    // Effect, provided by the app: empty the cart, show the reserved dates.
    paymentSucceeded: unprovidedAction<{ result: PaymentResult }>('checkout', 'paymentSucceeded'),
    // Effect, provided by the app: the pending payments and the calendar are read again.
    pendingCancelled: unprovidedAction('checkout', 'pendingCancelled'),
    // Effect, provided by the app: the cart is emptied (its dates are the voucher's), the
    // pending payments and the calendar are read again.
    voucherIssued: unprovidedAction('checkout', 'voucherIssued'),
    // Context.
    setMethods: assign((_, params: { methods: PaymentMethod[] }) => ({
      methods: params.methods,
      selectedId: (params.methods.find((m) => m.isDefault) ?? params.methods[0])?.id ?? null,
      errors: [],
    })),
    select: assign((_, params: { id: string }) => ({
      selectedId: params.id,
      errors: [],
      notice: null,
    })),
    addMethod: assign(({ context }, params: { method: PaymentMethod }) => ({
      methods: [
        ...context.methods.map((m) => (params.method.isDefault ? { ...m, isDefault: false } : m)),
        params.method,
      ],
      selectedId: params.method.id,
      cardErrors: [],
      notice: 'カードを登録しました。',
    })),
    setErrors: assign((_, params: { error: unknown }) => ({ errors: messagesOf(params.error) })),
    setMessage: assign((_, params: { message: string }) => ({ errors: [params.message] })),
    setCardErrors: assign((_, params: { error: unknown }) => ({
      cardErrors: messagesOf(params.error),
    })),
    clearErrors: assign({ errors: [], cardErrors: [], notice: null }),
    startAttempt: assign(
      (_, params: { order: CheckoutOrder; now: number; holdEndsAt: number }) => ({
        order: params.order,
        attemptStartedAt: params.now,
        holdEndsAt: params.holdEndsAt,
        payment: null,
        result: null,
        errors: [],
        notice: null,
      }),
    ),
    holdPayment: assign((_, params: { outcome: PaymentOutcome | Verification }) => ({
      payment:
        params.outcome.status === 'requiresAction'
          ? {
              id: params.outcome.paymentId,
              provider: params.outcome.provider,
              clientSecret: params.outcome.clientSecret,
            }
          : null,
    })),
    answer: assign((_, params: { answer: 'approve' | 'reject' }) => ({
      authAnswer: params.answer,
      errors: [],
    })),
    showVoucher: assign((_, params: { outcome: PaymentOutcome }) => ({
      voucher: params.outcome.status === 'voucher' ? params.outcome.voucher : null,
      payment: null,
      errors: [],
    })),
    succeed: assign((_, params: { outcome: PaymentOutcome | Verification }) => ({
      result: params.outcome.status === 'paid' ? params.outcome.result : null,
      payment: null,
      errors: [],
    })),
    decline: assign((_, params: { error: unknown }) => ({
      errors: messagesOf(params.error),
      payment: null,
    })),
    noteCancelled: assign({ notice: PENDING_CANCELLED_NOTICE, errors: [] }),
    noteNotPaid: assign({ notice: NOT_PAID_NOTICE, payment: null, errors: [] }),
    reset: assign({
      voucher: null,
      order: null,
      holdEndsAt: null,
      payment: null,
      result: null,
      errors: [],
      notice: null,
    }),
  },
  guards: {
    canPay: ({ context }, params: { order: CheckoutOrder }) =>
      context.selectedId !== null && params.order.items.length > 0 && params.order.total > 0,
    hasCard: ({ context }) => context.selectedId !== null,
    /** コンビニ払い: a priced cart whose first date leaves time to reach a store (src/domain/konbini.ts). */
    canPayAtKonbini: (_, params: { order: CheckoutOrder; now: number }) =>
      params.order.items.length > 0 &&
      params.order.total > 0 &&
      konbiniDeadline(
        new Date(params.now),
        params.order.items.map((i) => new Date(i.startAt)),
      ) !== null,
    /** The world has a plan in force and the cart has dates: no price, no card (the plan pays). */
    canReserveWithPlan: (_, params: { order: CheckoutOrder; hasActivePlan: boolean }) =>
      params.hasActivePlan && params.order.items.length > 0,
    noMethods: (_, params: { methods: PaymentMethod[] }) => params.methods.length === 0,
    paid: isOutcome('paid'),
    voucher: isOutcome('voucher'),
    notPaid: isOutcome('notPaid'),
    pending: isOutcome('pending'),
    localAction: needsAction('local'),
    stripeAction: needsAction('stripe'),
    /** No answer, or a 5xx: the request may have been carried out. */
    outcomeUnknown: (_, params: { error: unknown }) =>
      !isPaymentError(params.error) || params.error.kind === 'unknown',
  },
});

type OutcomeDone = { event: { output: PaymentOutcome } };
/** The params of a guard or an action on a payment's outcome, from the answer (the done event). */
export const outcomeParams = ({ event }: OutcomeDone) => ({ outcome: event.output });

/** The order's dates as the API takes them: the cart's items without their prices. */
export function orderItems(order: CheckoutOrder): CreatePaymentRequest['items'] {
  return order.items.map(({ startAt, endAt, capacity, isRehearsal, eventAnnouncementId }) => ({
    startAt,
    endAt,
    capacity,
    isRehearsal,
    eventAnnouncementId,
  }));
}

/** createPayment's body for an order (by card: paymentMethodId; at a konbini: method). */
export function paymentBody(
  order: CheckoutOrder,
  how: { paymentMethodId: string } | { method: 'konbini' },
): CreatePaymentRequest {
  return { ...how, items: orderItems(order), timezone: order.timezone, expectedTotal: order.total };
}
