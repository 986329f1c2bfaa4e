import type { CheckoutEvent } from './checkout.setup';
import { onPaymentOutcome } from './checkout.card';
import { toVoucher } from './checkout.konbini';
import { checkoutSetup } from './checkout.setup';

// The checkout's payments awaiting authentication (docs/product.md §4 Checkout): 「認証を続ける」
// asks the server for the provider's step again and continues as after paying; 「取り消す」
// cancels the payment, whose dates are free at once. Offered where 支払う is (choosing, declined).

type Resumed = Extract<CheckoutEvent, { type: 'checkout.resumed' }>;
type Cancelled = Extract<CheckoutEvent, { type: 'checkout.pendingCancelled' }>;

/** The transitions into the two states, for the states that offer them. */
export const pendingTransitions = {
  'checkout.resumed': {
    target: 'resuming',
    actions: {
      type: 'startAttempt' as const,
      params: ({ event }: { event: CheckoutEvent }) => {
        const resumed = event as Resumed;
        return { order: resumed.order, now: resumed.now, holdEndsAt: resumed.holdEndsAt };
      },
    },
  },
  'checkout.pendingCancelled': { target: 'cancellingPending', actions: 'clearErrors' as const },
};

export const resuming = checkoutSetup.createStateConfig({
  invoke: {
    id: 'resumePayment',
    src: 'resumePayment',
    input: ({ event }) => ({ paymentId: (event as Resumed).paymentId }),
    // A コンビニ払い voucher is shown again (checkout.konbini.ts).
    onDone: [toVoucher, ...onPaymentOutcome],
    // Refused (it failed or was cancelled meanwhile) or not answered: nothing was charged by
    // asking; the reason is shown with the list of cards.
    onError: {
      target: 'choosing',
      actions: { type: 'setErrors', params: ({ event }) => ({ error: event.error }) },
    },
  },
});

export const cancellingPending = checkoutSetup.createStateConfig({
  invoke: {
    id: 'cancelPendingPayment',
    src: 'cancelPendingPayment',
    input: ({ event }) => ({ paymentId: (event as Cancelled).paymentId }),
    onDone: {
      target: 'choosing',
      actions: ['noteCancelled', 'pendingCancelled'],
    },
    onError: {
      target: 'choosing',
      actions: { type: 'setErrors', params: ({ event }) => ({ error: event.error }) },
    },
  },
});
