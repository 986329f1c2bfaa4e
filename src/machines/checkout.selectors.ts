// What the payment page reads from the checkout machine's snapshot.
import type { CheckoutOrder, CheckoutSnapshot } from './checkout.machine';

const PHASES = [
  'loading',
  'loadFailed',
  'choosing',
  'addingCard',
  'savingCard',
  'paying',
  'authenticating',
  'answering',
  'stripeAction',
  'confirming',
  'verifying',
  'verifyFailed',
  'declined',
  'succeeded',
] as const;

/** The screen the checkout shows: one narrow value instead of state names in the view. */
export type CheckoutPhase = (typeof PHASES)[number];

export const checkoutPhase = (snapshot: CheckoutSnapshot): CheckoutPhase =>
  PHASES.find((phase) => snapshot.matches(phase)) ?? 'loading';

/** A payment is under way (or its outcome is not known yet): what it pays for must not change. */
export const isPaymentUnderWay = (snapshot: CheckoutSnapshot): boolean =>
  snapshot.matches('paying') ||
  snapshot.matches('authenticating') ||
  snapshot.matches('answering') ||
  snapshot.matches('stripeAction') ||
  snapshot.matches('confirming') ||
  snapshot.matches('verifying') ||
  snapshot.matches('verifyFailed');

/** 支払う would start a payment of `order` now (the machine's own rule: a card, a priced cart). */
export const canPay =
  (order: CheckoutOrder | null) =>
  (snapshot: CheckoutSnapshot): boolean =>
    order !== null && snapshot.can({ type: 'checkout.pay', order, now: 0 });

export const selectCheckout = (snapshot: CheckoutSnapshot) => snapshot.context;
