import type { CheckoutEvent, CheckoutOrder } from './checkout.setup';
import { checkoutSetup, outcomeParams, paymentBody } from './checkout.setup';

// コンビニ払い (docs/product.md §4 Checkout), the checkout's asynchronous branch: 「コンビニ払いにする」
// asks for a voucher (no card needed); the voucher is shown with its numbers and deadline while
// the store is awaited: the payment ends later, at the store or at the deadline, and the payer
// learns it from the list of payments awaiting them and by mail. Offered where 支払う is, and
// with the card form; not for an order whose first date starts too soon (the guard).

type PayAtKonbini = Extract<CheckoutEvent, { type: 'checkout.payAtKonbini' }>;

/** The transition into issuingVoucher, for the states that offer it. */
export const konbiniTransition = {
  guard: {
    type: 'canPayAtKonbini' as const,
    params: ({ event }: { event: CheckoutEvent }) => {
      const pay = event as PayAtKonbini;
      return { order: pay.order, now: pay.now };
    },
  },
  target: 'issuingVoucher',
  actions: {
    type: 'startAttempt' as const,
    params: ({ event }: { event: CheckoutEvent }) => {
      const pay = event as PayAtKonbini;
      return { order: pay.order, now: pay.now, holdEndsAt: pay.now };
    },
  },
};

/** The button is disabled here: one click, one voucher. */
export const issuingVoucher = checkoutSetup.createStateConfig({
  invoke: {
    id: 'issueVoucher',
    src: 'createPayment',
    input: ({ context }) => {
      const order = context.order as CheckoutOrder;
      return { worldId: order.worldId, body: paymentBody(order, { method: 'konbini' }) };
    },
    // The server answers a konbini payment with its voucher (202) or refuses it. The cart's
    // dates are the voucher's now: the cart is emptied, the list and the calendar read again.
    onDone: {
      target: 'awaitingStore',
      actions: [
        { type: 'showVoucher', params: ({ event }) => ({ outcome: event.output }) },
        'voucherIssued',
      ],
    },
    // Refused (too soon, the time taken meanwhile) or not answered: the reason is shown with
    // the card list. A voucher issued without an answer is listed with the payments awaiting
    // the payer.
    onError: {
      target: 'choosing',
      actions: { type: 'setErrors', params: ({ event }) => ({ error: event.error }) },
    },
  },
});

/** The voucher is shown; the store is awaited. 「続けて予約する」 goes back to the card list. */
export const awaitingStore = checkoutSetup.createStateConfig({
  on: { 'checkout.restarted': { target: 'choosing', actions: 'reset' } },
});

/** A resumed payment that is a コンビニ払い voucher: shown again, the store awaited. */
export const toVoucher = {
  guard: { type: 'voucher' as const, params: outcomeParams },
  target: 'awaitingStore',
  actions: { type: 'showVoucher' as const, params: outcomeParams },
};
