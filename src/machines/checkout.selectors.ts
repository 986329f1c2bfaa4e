// What the payment page reads from the checkout machine's snapshot.
import type { CheckoutSnapshot } from './checkout.machine';
import type { CheckoutOrder } from './checkout.setup';

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
  'resuming',
  'cancellingPending',
  'issuingVoucher',
  'awaitingStore',
  'reservingWithPlan',
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
  snapshot.matches('verifyFailed') ||
  snapshot.matches('resuming') ||
  snapshot.matches('cancellingPending') ||
  snapshot.matches('issuingVoucher') ||
  snapshot.matches('reservingWithPlan');

/** 支払う would start a payment of `order` now (the machine's own rule: a card, a priced cart). */
export const canPay =
  (order: CheckoutOrder | null) =>
  (snapshot: CheckoutSnapshot): boolean =>
    order !== null && snapshot.can({ type: 'checkout.pay', order, now: 0 });

/** 「コンビニ払いにする」 is offered for `order` now (a priced cart whose first date is far enough). */
export const canPayAtKonbini =
  (order: CheckoutOrder | null, now: number) =>
  (snapshot: CheckoutSnapshot): boolean =>
    order !== null && snapshot.can({ type: 'checkout.payAtKonbini', order, now });

/** 「定額プランで予約する」 is offered for `order` now (a plan in force, dates in the cart). */
export const canReserveWithPlan =
  (order: CheckoutOrder | null, hasActivePlan: boolean) =>
  (snapshot: CheckoutSnapshot): boolean =>
    order !== null && snapshot.can({ type: 'checkout.reserveWithPlan', order, hasActivePlan });

export const selectCheckout = (snapshot: CheckoutSnapshot) => snapshot.context;

/** The messages shown above the card list: a decline, a failure, a refusal. */
export const selectErrors = (snapshot: CheckoutSnapshot): string[] => snapshot.context.errors;

/** The コンビニ払い voucher shown while the store is awaited. */
export const selectVoucher = (snapshot: CheckoutSnapshot) => snapshot.context.voucher;

/** The status line ("お支払いを取り消しました。…"). */
export const selectNotice = (snapshot: CheckoutSnapshot): string | null => snapshot.context.notice;

/** 「認証を続ける」 and 「取り消す」 are offered now (with the card list or after a decline). */
export const canActOnPending = (snapshot: CheckoutSnapshot): boolean =>
  snapshot.can({ type: 'checkout.pendingCancelled', paymentId: '' });

/** When the held dates are let go (ms), while a payment holds them; null otherwise. */
export const selectHoldEndsAt = (snapshot: CheckoutSnapshot): number | null =>
  snapshot.matches('authenticating') ||
  snapshot.matches('answering') ||
  snapshot.matches('stripeAction') ||
  snapshot.matches('confirming')
    ? snapshot.context.holdEndsAt
    : null;
