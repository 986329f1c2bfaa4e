// The saved cards' actor (src/machines/payment-methods.machine.ts) of the payments page, with the
// payments API; Stripe.js is loaded only when the card form is asked for.
import type { StripeCardElement } from '@stripe/stripe-js';
import { useRef, type ComponentType } from 'react';
import { createActor, fromPromise } from 'xstate';
import { paymentMethodsMachine } from '../../machines/payment-methods.machine';
import { loadBrowserPayments } from '../../services/payments/browser-payments';
import { saveLocalCard } from '../../services/payments/local-card';
import { PaymentError } from '../../services/payments/payment-error';
import {
  deletePaymentMethod,
  listPaymentMethods,
  makeDefaultPaymentMethod,
} from '../../services/payments/payments-api';
import {
  paymentMethodsActor,
  type PaymentMethods,
} from '../../views/components/payments/payment-methods-actor';
import { apiClient } from '../api';
import { provideToPage } from './provide-to-page';
import { useScoped } from './scoped';

/** The actor for one mounted payments page, and the ref of Stripe's card field it reads. */
export function usePaymentMethodsActor(): PaymentMethods {
  const stripeCard = useRef<StripeCardElement | null>(null);
  const actor = useScoped(() =>
    createActor(
      paymentMethodsMachine.provide({
        actors: {
          loadMethods: fromPromise(() => listPaymentMethods(apiClient)),
          prepareForm: fromPromise(() => loadBrowserPayments(apiClient)),
          saveCard: fromPromise(async ({ input: { card, makeDefault, form } }) => {
            if (card) return saveLocalCard(apiClient, card, makeDefault);
            if (form?.provider !== 'stripe' || !stripeCard.current)
              throw new PaymentError('declined', ['カード情報を入力してください。'], 0);
            const { saveStripeCard } = await import('../../services/payments/stripe');
            return saveStripeCard(apiClient, form.stripe, stripeCard.current, makeDefault);
          }),
          makeDefault: fromPromise(({ input }) =>
            makeDefaultPaymentMethod(apiClient, input.id).then(() => undefined),
          ),
          deleteMethod: fromPromise(({ input }) =>
            deletePaymentMethod(apiClient, input.id).then(() => undefined),
          ),
        },
      }),
    ),
  );
  return { actor, stripeCard };
}

/** `Page` with the saved cards' actor to take. */
export const withPaymentMethodsActor = (Page: ComponentType) =>
  provideToPage(paymentMethodsActor.Provider, usePaymentMethodsActor, Page);
