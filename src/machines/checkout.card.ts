import type { CheckoutOrder } from './checkout.setup';
import {
  ANSWER_AGAIN_MESSAGE,
  checkoutSetup,
  outcomeParams,
  paymentBody,
  PENDING_MESSAGE,
} from './checkout.setup';

// Paying by card, the checkout's main branch (checkout.machine.ts): the payment created, the
// issuer's authentication when asked (local: a dialog; Stripe: Stripe.js), the server asked what
// became of it, and after a lost answer the payment verified before anything is sent again.

/**
 * Where the answer to paying leads, whether the payment was created, confirmed or resumed: paid
 * → succeeded; the issuer asks the payer → held, in the local dialog or Stripe's step.
 */
export const onPaymentOutcome = [
  {
    guard: { type: 'paid', params: outcomeParams },
    target: 'succeeded',
    actions: { type: 'succeed', params: outcomeParams },
  },
  {
    guard: { type: 'localAction', params: outcomeParams },
    target: 'authenticating',
    actions: { type: 'holdPayment', params: outcomeParams },
  },
  { target: 'stripeAction', actions: { type: 'holdPayment', params: outcomeParams } },
] as const;

type Failed = { event: { error: unknown } };
const error = ({ event }: Failed) => ({ error: event.error });

/**
 * Where a payment that was not answered or was refused leads, created or confirmed: the answer
 * was lost (it may have been charged) → verifying, never sent again; refused → declined.
 */
const onPaymentError = [
  { guard: { type: 'outcomeUnknown', params: error }, target: 'verifying' },
  { target: 'declined', actions: { type: 'decline', params: error } },
] as const;

/** The payer's answer may not have reached the issuer: confirming says why it asks again. */
const onAnswerError = {
  target: 'confirming',
  actions: { type: 'setMessage', params: { message: ANSWER_AGAIN_MESSAGE } },
} as const;

/** The button is disabled here: one click, one request. */
export const paying = checkoutSetup.createStateConfig({
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
    onError: onPaymentError,
  },
});

/** The local provider's stand-in for the issuer's page: a dialog with 承認する / 拒否する. */
export const authenticating = checkoutSetup.createStateConfig({
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
});

export const answering = checkoutSetup.createStateConfig({
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
    onError: onAnswerError,
  },
});

export const stripeAction = checkoutSetup.createStateConfig({
  invoke: {
    id: 'handleNextAction',
    src: 'handleNextAction',
    input: ({ context }) => ({ clientSecret: context.payment?.clientSecret ?? '' }),
    onDone: 'confirming',
    onError: onAnswerError,
  },
});

export const confirming = checkoutSetup.createStateConfig({
  invoke: {
    id: 'confirmPayment',
    src: 'confirmPayment',
    input: ({ context }) => ({
      worldId: context.order?.worldId ?? '',
      paymentId: context.payment?.id ?? '',
    }),
    onDone: onPaymentOutcome,
    onError: onPaymentError,
  },
});

/** After a lost answer: confirm the held payment, or read the calendar, to learn what happened. */
export const verifying = checkoutSetup.createStateConfig({
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
});

/** The outcome is still unknown; the only way on is to ask again. */
export const verifyFailed = checkoutSetup.createStateConfig({
  on: { 'checkout.retry': { target: 'verifying', actions: 'clearErrors' } },
});
