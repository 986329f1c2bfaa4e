import { assign, setup, type SnapshotFrom } from 'xstate';
import type { CartItem } from '../domain/cart';
import type { TimeZoneName } from '../domain/time-zone';
import type { LocalCardInput } from '../services/payments/local-card';
import { isPaymentError, messagesOf } from '../services/payments/payment-error';
import type {
  CreatePaymentRequest,
  PaymentMethod,
  PaymentOutcome,
  PaymentProviderName,
  PaymentResult,
  Verification,
} from '../services/payments/payments-api';
import { unprovidedAction, unprovidedActor } from './unprovided';

// Paying the cart by card: choose a saved card or add one, pay, answer the issuer's
// authentication when asked (local: a dialog; Stripe: Stripe.js), see a decline and retry with
// another card, and success. A payment whose answer was lost is never sent again blindly: the
// checkout asks the server what became of it first (verifyPayment).

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
  | { type: 'checkout.restarted' };

export interface PendingPayment {
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
}

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

/** Starts a new attempt with the order the page shows (choosing, declined). */
const payAgain = {
  guard: {
    type: 'canPay' as const,
    params: ({ event }: { event: CheckoutEvent }) => ({
      order: (event as Extract<CheckoutEvent, { type: 'checkout.pay' }>).order,
    }),
  },
  target: 'paying',
  actions: {
    type: 'startAttempt' as const,
    params: ({ event }: { event: CheckoutEvent }) => {
      const pay = event as Extract<CheckoutEvent, { type: 'checkout.pay' }>;
      return { order: pay.order, now: pay.now };
    },
  },
};

export const checkoutMachine = setup({
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
  },
  actions: {
    // Effect, provided by the app: empty the cart, show the reserved dates.
    paymentSucceeded: unprovidedAction<{ result: PaymentResult }>('checkout', 'paymentSucceeded'),
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
    startAttempt: assign((_, params: { order: CheckoutOrder; now: number }) => ({
      order: params.order,
      attemptStartedAt: params.now,
      payment: null,
      result: null,
      errors: [],
      notice: null,
    })),
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
    succeed: assign((_, params: { outcome: PaymentOutcome | Verification }) => ({
      result: params.outcome.status === 'paid' ? params.outcome.result : null,
      payment: null,
      errors: [],
    })),
    decline: assign((_, params: { error: unknown }) => ({
      errors: messagesOf(params.error),
      payment: null,
    })),
    noteNotPaid: assign({ notice: NOT_PAID_NOTICE, payment: null, errors: [] }),
    reset: assign({ order: null, payment: null, result: null, errors: [], notice: null }),
  },
  guards: {
    canPay: ({ context }, params: { order: CheckoutOrder }) =>
      context.selectedId !== null && params.order.items.length > 0 && params.order.total > 0,
    hasCard: ({ context }) => context.selectedId !== null,
    noMethods: (_, params: { methods: PaymentMethod[] }) => params.methods.length === 0,
    paid: isOutcome('paid'),
    notPaid: isOutcome('notPaid'),
    pending: isOutcome('pending'),
    localAction: needsAction('local'),
    stripeAction: needsAction('stripe'),
    /** No answer, or a 5xx: the request may have been carried out. */
    outcomeUnknown: (_, params: { error: unknown }) =>
      !isPaymentError(params.error) || params.error.kind === 'unknown',
  },
}).createMachine({
  id: 'checkout',
  context: {
    methods: [],
    selectedId: null,
    order: null,
    attemptStartedAt: 0,
    payment: null,
    authAnswer: 'approve',
    result: null,
    errors: [],
    cardErrors: [],
    notice: null,
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadMethods',
        src: 'loadMethods',
        onDone: [
          // No card saved yet: straight to the form.
          {
            guard: { type: 'noMethods', params: ({ event }) => ({ methods: event.output }) },
            target: 'addingCard',
            actions: { type: 'setMethods', params: ({ event }) => ({ methods: event.output }) },
          },
          {
            target: 'choosing',
            actions: { type: 'setMethods', params: ({ event }) => ({ methods: event.output }) },
          },
        ],
        onError: {
          target: 'loadFailed',
          actions: { type: 'setErrors', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: {
      on: { 'checkout.retry': 'loading' },
    },
    choosing: {
      on: {
        'checkout.cardSelected': {
          actions: { type: 'select', params: ({ event }) => ({ id: event.id }) },
        },
        'checkout.addCardOpened': { target: 'addingCard', actions: 'clearErrors' },
        // The page offers 支払う only with a card chosen and a priced cart; the guard keeps a
        // stray event from sending an empty order.
        'checkout.pay': payAgain,
      },
    },
    addingCard: {
      on: {
        'checkout.cardSubmitted': 'savingCard',
        // With no card saved there is nothing to go back to.
        'checkout.addCardCancelled': {
          guard: 'hasCard',
          target: 'choosing',
          actions: 'clearErrors',
        },
      },
    },
    savingCard: {
      invoke: {
        id: 'saveCard',
        src: 'saveCard',
        input: ({ event }) =>
          event.type === 'checkout.cardSubmitted'
            ? { card: event.card, makeDefault: event.makeDefault }
            : { card: null, makeDefault: false },
        onDone: {
          target: 'choosing',
          actions: { type: 'addMethod', params: ({ event }) => ({ method: event.output }) },
        },
        onError: {
          target: 'addingCard',
          actions: { type: 'setCardErrors', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    /** The button is disabled here: one click, one request. */
    paying: {
      invoke: {
        id: 'createPayment',
        src: 'createPayment',
        input: ({ context }) => {
          const order = context.order as CheckoutOrder;
          return {
            worldId: order.worldId,
            body: {
              paymentMethodId: context.selectedId ?? '',
              items: order.items.map(
                ({ startAt, endAt, capacity, isRehearsal, eventAnnouncementId }) => ({
                  startAt,
                  endAt,
                  capacity,
                  isRehearsal,
                  eventAnnouncementId,
                }),
              ),
              timezone: order.timezone,
              expectedTotal: order.total,
            },
          };
        },
        onDone: [
          {
            guard: { type: 'paid', params: ({ event }) => ({ outcome: event.output }) },
            target: 'succeeded',
            actions: { type: 'succeed', params: ({ event }) => ({ outcome: event.output }) },
          },
          {
            guard: { type: 'localAction', params: ({ event }) => ({ outcome: event.output }) },
            target: 'authenticating',
            actions: { type: 'holdPayment', params: ({ event }) => ({ outcome: event.output }) },
          },
          {
            target: 'stripeAction',
            actions: { type: 'holdPayment', params: ({ event }) => ({ outcome: event.output }) },
          },
        ],
        onError: [
          // The answer was lost: it may have been charged. Ask, do not send again.
          {
            guard: { type: 'outcomeUnknown', params: ({ event }) => ({ error: event.error }) },
            target: 'verifying',
          },
          {
            target: 'declined',
            actions: { type: 'decline', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    /** The local provider's stand-in for the issuer's page: a dialog with 承認する / 拒否する. */
    authenticating: {
      on: {
        'checkout.authApproved': {
          target: 'answering',
          actions: { type: 'answer', params: { answer: 'approve' } },
        },
        'checkout.authRejected': {
          target: 'answering',
          actions: { type: 'answer', params: { answer: 'reject' } },
        },
      },
    },
    answering: {
      invoke: {
        id: 'authenticateLocal',
        src: 'authenticateLocal',
        input: ({ context }) => ({
          challengeId: context.payment?.clientSecret ?? '',
          result: context.authAnswer,
        }),
        // Either way the server knows best what became of the payment: confirm asks it. After a
        // failed answer, a payment that still waits shows why the dialog opens again.
        onDone: 'confirming',
        onError: {
          target: 'confirming',
          actions: { type: 'setMessage', params: { message: ANSWER_AGAIN_MESSAGE } },
        },
      },
    },
    stripeAction: {
      invoke: {
        id: 'handleNextAction',
        src: 'handleNextAction',
        input: ({ context }) => ({ clientSecret: context.payment?.clientSecret ?? '' }),
        onDone: 'confirming',
        onError: {
          target: 'confirming',
          actions: { type: 'setMessage', params: { message: ANSWER_AGAIN_MESSAGE } },
        },
      },
    },
    confirming: {
      invoke: {
        id: 'confirmPayment',
        src: 'confirmPayment',
        input: ({ context }) => ({
          worldId: context.order?.worldId ?? '',
          paymentId: context.payment?.id ?? '',
        }),
        onDone: [
          {
            guard: { type: 'paid', params: ({ event }) => ({ outcome: event.output }) },
            target: 'succeeded',
            actions: { type: 'succeed', params: ({ event }) => ({ outcome: event.output }) },
          },
          // Still waiting for the payer.
          {
            guard: { type: 'localAction', params: ({ event }) => ({ outcome: event.output }) },
            target: 'authenticating',
            actions: { type: 'holdPayment', params: ({ event }) => ({ outcome: event.output }) },
          },
          {
            target: 'stripeAction',
            actions: { type: 'holdPayment', params: ({ event }) => ({ outcome: event.output }) },
          },
        ],
        onError: [
          {
            guard: { type: 'outcomeUnknown', params: ({ event }) => ({ error: event.error }) },
            target: 'verifying',
          },
          {
            target: 'declined',
            actions: { type: 'decline', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    /** After a lost answer: confirm the held payment, or read the calendar, to learn what happened. */
    verifying: {
      invoke: {
        id: 'verifyPayment',
        src: 'verifyPayment',
        input: ({ context }) => ({
          worldId: context.order?.worldId ?? '',
          paymentId: context.payment?.id ?? null,
          items: context.order?.items ?? [],
          expectedTotal: context.order?.total ?? 0,
          since: context.attemptStartedAt,
        }),
        onDone: [
          {
            guard: { type: 'paid', params: ({ event }) => ({ outcome: event.output }) },
            target: 'succeeded',
            actions: { type: 'succeed', params: ({ event }) => ({ outcome: event.output }) },
          },
          {
            guard: { type: 'localAction', params: ({ event }) => ({ outcome: event.output }) },
            target: 'authenticating',
            actions: { type: 'holdPayment', params: ({ event }) => ({ outcome: event.output }) },
          },
          {
            guard: { type: 'stripeAction', params: ({ event }) => ({ outcome: event.output }) },
            target: 'stripeAction',
            actions: { type: 'holdPayment', params: ({ event }) => ({ outcome: event.output }) },
          },
          // Nothing was charged: paying again is safe, and left to the payer.
          {
            guard: { type: 'notPaid', params: ({ event }) => ({ outcome: event.output }) },
            target: 'choosing',
            actions: 'noteNotPaid',
          },
          {
            target: 'verifyFailed',
            actions: { type: 'setMessage', params: { message: PENDING_MESSAGE } },
          },
        ],
        onError: [
          {
            guard: { type: 'outcomeUnknown', params: ({ event }) => ({ error: event.error }) },
            target: 'verifyFailed',
            actions: { type: 'setErrors', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'declined',
            actions: { type: 'decline', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    /** The outcome is still unknown; the only way on is to ask again. */
    verifyFailed: {
      on: { 'checkout.retry': { target: 'verifying', actions: 'clearErrors' } },
    },
    declined: {
      on: {
        'checkout.cardSelected': {
          target: 'choosing',
          actions: { type: 'select', params: ({ event }) => ({ id: event.id }) },
        },
        'checkout.addCardOpened': { target: 'addingCard', actions: 'clearErrors' },
        'checkout.dismissed': { target: 'choosing', actions: 'clearErrors' },
        // A new payment straight from the decline (the same card, or after fixing the cart): the
        // pay button sends one event whatever the state.
        'checkout.pay': payAgain,
      },
    },
    succeeded: {
      entry: {
        type: 'paymentSucceeded',
        params: ({ context }) => ({ result: context.result as PaymentResult }),
      },
      on: { 'checkout.restarted': { target: 'choosing', actions: 'reset' } },
    },
  },
});

export type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>;
