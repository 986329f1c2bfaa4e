// The payment page's actors (cart, calendar reservation, checkout) as the page receives them.
// src/app composes and starts them with their effects (src/app/actors/payment-actors.ts) and
// hands over the hook that does so through this context, since views may not import src/app.
import type { StripeCardElement } from '@stripe/stripe-js';
import { createContext, useContext, type RefObject } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { calendarReservationMachine } from '../../../machines/calendar-reservation.machine';
import type { cartMachine } from '../../../machines/cart.machine';
import type { checkoutMachine } from '../../../machines/checkout.machine';
import type { BrowserPayments } from '../../../services/payments/browser-payments';
import type { MyWorld } from '../../../services/payments/payments-api';

export interface PaymentActors {
  cart: ActorRefFrom<typeof cartMachine>;
  reservation: ActorRefFrom<typeof calendarReservationMachine>;
  checkout: ActorRefFrom<typeof checkoutMachine>;
}

export interface PaymentActorsInput {
  world: MyWorld;
  payments: BrowserPayments;
  /** Stripe's card field while it is shown (Stripe only). */
  stripeCard: RefObject<StripeCardElement | null>;
  /**
   * A payment succeeded (the cart is already emptied) or a pending one was cancelled: reload the
   * calendar and the pending payments.
   */
  onDatesChanged: () => void;
}

/** A hook: the actors for one mounted payment page, started and stopped with it. */
export type UsePaymentActors = (input: PaymentActorsInput) => PaymentActors;

export const PaymentActorsContext = createContext<UsePaymentActors | null>(null);

export function usePaymentActorsHook(): UsePaymentActors {
  const hook = useContext(PaymentActorsContext);
  if (!hook) throw new Error('usePaymentActors: no PaymentActorsContext; src/app provides it.');
  return hook;
}
