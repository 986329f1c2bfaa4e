// The payments page's saved cards take their machine's actor from src/app
// (src/app/actors/payment-methods-actor.tsx), with the ref the page gives Stripe's card field,
// which the actor reads when a card is saved.
import type { StripeCardElement } from '@stripe/stripe-js';
import type { RefObject } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { paymentMethodsMachine } from '../../../machines/payment-methods.machine';
import { actorHookContext } from '../../hooks/actor-hook';

type PaymentMethodsRef = ActorRefFrom<typeof paymentMethodsMachine>;

export interface PaymentMethods {
  actor: PaymentMethodsRef;
  stripeCard: RefObject<StripeCardElement | null>;
}

export const paymentMethodsActor = actorHookContext<() => PaymentMethods>('usePaymentMethods');
