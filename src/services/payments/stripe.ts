// Stripe.js, loaded only when a payment page asks for it and only when the server is configured
// for Stripe (its publishable key comes from getPaymentConfig). `@stripe/stripe-js/pure` adds
// the script on the first loadStripe() call rather than at import, and this module itself is
// imported dynamically, so no other page carries or loads it.
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import type { ApiClient } from '../api/client';
import { call, PaymentError } from './payment-error';
import { createPaymentMethod, type PaymentMethod } from './payments-api';

/** docs/product.md §7: locale ja when the browser's language is Japanese, else en. */
export function stripeLocale(language: string | undefined): 'ja' | 'en' {
  return language?.toLowerCase().startsWith('ja') ? 'ja' : 'en';
}

const loaded = new Map<string, Promise<Stripe>>();

export function loadStripeJs(
  publishableKey: string,
  language = globalThis.navigator?.language,
): Promise<Stripe> {
  const key = `${publishableKey}|${stripeLocale(language)}`;
  let loading = loaded.get(key);
  if (!loading) {
    loading = import('@stripe/stripe-js/pure')
      .then(({ loadStripe }) => loadStripe(publishableKey, { locale: stripeLocale(language) }))
      .then((stripe) => {
        if (!stripe) throw new Error('Stripe.js を読み込めませんでした。');
        return stripe;
      });
    loading.catch(() => loaded.delete(key)); // a later attempt may succeed
    loaded.set(key, loading);
  }
  return loading;
}

const CARD_NOT_SAVED = 'カードを登録できませんでした。入力内容を確かめてください。';

/** SetupIntent on the server, confirmed by Stripe.js with the card element, then registered. */
export async function saveStripeCard(
  client: ApiClient,
  stripe: Stripe,
  card: StripeCardElement,
  isDefault: boolean,
): Promise<PaymentMethod> {
  const { data: setup } = await call(() => client.POST('/api/mypage/payment_methods/setup'));
  if (!setup.clientSecret) throw new PaymentError('declined', [CARD_NOT_SAVED], 0);
  const { setupIntent, error } = await stripe.confirmCardSetup(setup.clientSecret, {
    payment_method: { card },
  });
  if (error) throw new PaymentError('declined', [error.message ?? CARD_NOT_SAVED], 0);
  const paymentMethod = setupIntent.payment_method;
  const id = typeof paymentMethod === 'string' ? paymentMethod : paymentMethod?.id;
  if (!id) throw new PaymentError('declined', [CARD_NOT_SAVED], 0);
  return createPaymentMethod(client, id, isDefault);
}

/** The issuer's authentication (3-D Secure) for a PaymentIntent that requires action. */
export async function handleStripeNextAction(stripe: Stripe, clientSecret: string): Promise<void> {
  const { error } = await stripe.handleNextAction({ clientSecret });
  if (error)
    throw new PaymentError('declined', [error.message ?? 'カードの認証に失敗しました。'], 0);
}
