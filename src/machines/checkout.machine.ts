import type { SnapshotFrom } from 'xstate';
import { HOLD_MINUTES } from '../domain/commerce-terms';
import type { PaymentResult } from '../services/payments/payments-api';
import { checkoutSetup, type CheckoutEvent } from './checkout.setup';
import {
  answering,
  authenticating,
  confirming,
  paying,
  stripeAction,
  verifyFailed,
  verifying,
} from './checkout.card';
import { awaitingStore, issuingVoucher, konbiniTransition } from './checkout.konbini';
import { cancellingPending, pendingTransitions, resuming } from './checkout.pending';
import { planTransition, reservingWithPlan } from './checkout.fixed';

export type { CheckoutOrder } from './checkout.setup';

// Paying the cart by card: choose a saved card or add one, pay, answer the issuer's
// authentication when asked (local: a dialog; Stripe: Stripe.js), see a decline and retry with
// another card, and success. Or at a konbini: a voucher, then the store (checkout.konbini.ts); or
// under the world's fixed plan, nothing charged (checkout.fixed.ts). A payment whose answer was
// lost is never sent again blindly: the checkout asks the server what became of it first
// (verifyPayment). Types, actions and guards: checkout.setup.ts; paying by card, from the payment
// to its outcome: checkout.card.ts.

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
    paying,
    authenticating,
    answering,
    stripeAction,
    confirming,
    verifying,
    verifyFailed,
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
