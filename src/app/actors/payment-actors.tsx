// The payment page's actors: the cart, the calendar reservation and the checkout, wired to each
// other and to the API, started and stopped with the page (src/app/actors/scoped.ts). Loaded
// with the payment page's chunk (src/app/route-table.ts), so Stripe stays off other pages.
import { type ComponentType } from 'react';
import { createActor, fromPromise } from 'xstate';
import { emptyCart } from '../../domain/cart';
import { addDaysToDay, dayOf } from '../../domain/time-zone';
import { calendarReservationMachine } from '../../machines/calendar-reservation.machine';
import { cartMachine } from '../../machines/cart.machine';
import { checkoutMachine } from '../../machines/checkout.machine';
import type { ApiClient } from '../../services/api/client';
import { appCartStorage, type CartStorage } from '../../services/cart-storage';
import { saveLocalCard } from '../../services/payments/local-card';
import { PaymentError } from '../../services/payments/payment-error';
import {
  authenticateLocalPayment,
  calcPrice,
  cancelPendingPayment,
  confirmPayment,
  createPayment,
  listCalendarDates,
  listPaymentMethods,
  reserveWithPlan,
  resumePayment,
  verifyPayment,
} from '../../services/payments/payments-api';
import {
  PaymentActorsContext,
  type PaymentActors,
  type PaymentActorsInput,
} from '../../views/components/payments/payment-actors';
import { apiClient } from '../api';
import { useLatest, useScoped, type Startable } from './scoped';

export interface PaymentSystemDeps {
  api: ApiClient;
  cartStorage?: CartStorage;
  /** Today, for the starting day (tomorrow in the world's zone). */
  now?: () => Date;
}

/** The three actors with their effects provided; nothing runs before start(). */
export function createPaymentSystem(
  { world, payments, stripeCard, onDatesChanged }: PaymentActorsInput,
  { api, cartStorage = appCartStorage, now = () => new Date() }: PaymentSystemDeps,
): Startable & { value: PaymentActors } {
  const cart = createActor(
    cartMachine.provide({
      actors: { loadCart: fromPromise(async () => cartStorage.load()) },
      actions: {
        persist: (_, { cart: value }) => cartStorage.save(value),
        // Saving an empty cart removes the key without telling listeners (that is us).
        clearStoredCart: () => cartStorage.save(emptyCart()),
      },
    }),
  );
  const reservation = createActor(
    calendarReservationMachine.provide({
      actors: {
        calcPrice: fromPromise(({ input, signal }) => calcPrice(api, input, signal)),
        listDates: fromPromise(({ input, signal }) => listCalendarDates(api, input, signal)),
      },
      actions: {
        addToCart: (_, { item, timezone }) => cart.send({ type: 'cart.itemAdded', item, timezone }),
      },
    }),
    { input: { worldId: world.id, timezone: world.timeZone } },
  );
  // The cart's dates were paid (or reserved under the plan), or are held by a voucher now.
  const cartTaken = () => {
    cart.send({ type: 'cart.cleared' });
    onDatesChanged();
  };
  const checkout = createActor(
    checkoutMachine.provide({
      actors: {
        loadMethods: fromPromise(() => listPaymentMethods(api)),
        saveCard: fromPromise(async ({ input }) => {
          if (input.card) return saveLocalCard(api, input.card, input.makeDefault);
          if (payments.provider !== 'stripe' || !stripeCard.current)
            throw new PaymentError('declined', ['カード情報を入力してください。'], 0);
          const { saveStripeCard } = await import('../../services/payments/stripe');
          return saveStripeCard(api, payments.stripe, stripeCard.current, input.makeDefault);
        }),
        createPayment: fromPromise(({ input }) => createPayment(api, input.worldId, input.body)),
        authenticateLocal: fromPromise(({ input }) =>
          authenticateLocalPayment(api, input.challengeId, input.result),
        ),
        handleNextAction: fromPromise(async ({ input }) => {
          if (payments.provider !== 'stripe')
            throw new PaymentError('declined', ['カード会社の認証を開始できませんでした。'], 0);
          const { handleStripeNextAction } = await import('../../services/payments/stripe');
          return handleStripeNextAction(payments.stripe, input.clientSecret);
        }),
        confirmPayment: fromPromise(({ input }) =>
          confirmPayment(api, input.worldId, input.paymentId),
        ),
        verifyPayment: fromPromise(({ input }) => verifyPayment(api, input)),
        resumePayment: fromPromise(({ input }) => resumePayment(api, input.paymentId)),
        cancelPendingPayment: fromPromise(({ input }) =>
          cancelPendingPayment(api, input.paymentId),
        ),
        reserveWithPlan: fromPromise(({ input }) =>
          reserveWithPlan(api, input.worldId, input.body),
        ),
      },
      actions: {
        paymentSucceeded: cartTaken,
        voucherIssued: cartTaken,
        pendingCancelled: () => onDatesChanged(),
      },
    }),
  );

  let unsubscribeCart: (() => void) | null = null;
  return {
    value: { cart, reservation, checkout },
    start() {
      cart.start();
      reservation.start();
      checkout.start();
      // The session empties the stored cart on sign-in and sign-out.
      unsubscribeCart = cartStorage.subscribe(() => cart.send({ type: 'cart.cleared' }));
      // Tomorrow in the world's zone, 10:00–11:30, as a starting point.
      reservation.send({
        type: 'reservation.daySelected',
        day: addDaysToDay(dayOf(now(), world.timeZone), 1),
      });
    },
    stop() {
      unsubscribeCart?.();
      checkout.stop();
      reservation.stop();
      cart.stop();
    },
  };
}

/** The hook the payment page calls (through PaymentActorsContext). */
export function usePaymentActors(input: PaymentActorsInput): PaymentActors {
  // The actors outlive renders; onDatesChanged is the latest the page passed.
  const latest = useLatest(input.onDatesChanged);
  return useScoped(() =>
    createPaymentSystem({ ...input, onDatesChanged: () => latest.current() }, { api: apiClient }),
  ).value;
}

/** `Page` with the payment actors to take. */
export function withPaymentActors(Page: ComponentType): ComponentType {
  return function PaymentActorsRoute() {
    return (
      <PaymentActorsContext.Provider value={usePaymentActors}>
        <Page />
      </PaymentActorsContext.Provider>
    );
  };
}
