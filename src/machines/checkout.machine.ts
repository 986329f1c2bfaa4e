import type { SnapshotFrom } from 'xstate';
import { HOLD_MINUTES } from '../domain/commerce-terms';
import type { PaymentResult } from '../services/payments/payments-api';
import {
  checkoutSetup,
  ANSWER_AGAIN_MESSAGE,
  PENDING_MESSAGE,
  type CheckoutEvent,
  type CheckoutOrder,
  onPaymentOutcome,
  paymentBody,
} from './checkout.setup';
import { awaitingStore, issuingVoucher, konbiniTransition } from './checkout.konbini';
import { cancellingPending, pendingTransitions, resuming } from './checkout.pending';
import { planTransition, reservingWithPlan } from './checkout.fixed';

// Paying the cart by card: choose a saved card or add one, pay, answer the issuer's
// authentication when asked (local: a dialog; Stripe: Stripe.js), see a decline and retry with
// another card, and success. Or at a konbini: a voucher, then the store (checkout.konbini.ts); or
// under the world's fixed plan, nothing charged (checkout.fixed.ts). A payment whose answer was
// lost is never sent again blindly: the checkout asks the server what became of it first
// (verifyPayment). Types, actions and guards: checkout.setup.ts.

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
      // The server holds the dates from the moment it receives the payment (ADR 008).
      return { order: pay.order, now: pay.now, holdEndsAt: pay.now + HOLD_MINUTES * 60_000 };
    },
  },
};

export const checkoutMachine = checkoutSetup.createMachine({
  id: 'checkout',
  context: {
    methods: [],
    selectedId: null,
    order: null,
    attemptStartedAt: 0,
    holdEndsAt: null,
    payment: null,
    authAnswer: 'approve',
    result: null,
    errors: [],
    cardErrors: [],
    notice: null,
    voucher: null,
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
        ...pendingTransitions,
        'checkout.payAtKonbini': konbiniTransition,
        'checkout.reserveWithPlan': planTransition,
      },
    },
    resuming,
    cancellingPending,
    issuingVoucher,
    awaitingStore,
    reservingWithPlan,
    addingCard: {
      on: {
        'checkout.cardSubmitted': 'savingCard',
        // No card is needed to pay at a store, or under a plan.
        'checkout.payAtKonbini': konbiniTransition,
        'checkout.reserveWithPlan': planTransition,
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
            body: paymentBody(order, { paymentMethodId: context.selectedId ?? '' }),
          };
        },
        onDone: onPaymentOutcome,
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
        onDone: onPaymentOutcome,
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
        ...pendingTransitions,
        'checkout.payAtKonbini': konbiniTransition,
        'checkout.reserveWithPlan': planTransition,
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
