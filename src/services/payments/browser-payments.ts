// Which provider the browser talks to, asked of the server once per payment page.
import type { Stripe } from '@stripe/stripe-js';
import type { ApiClient } from '../api/client';
import { getPaymentConfig } from './payments-api';

export type BrowserPayments = { provider: 'local' } | { provider: 'stripe'; stripe: Stripe };

/** The local provider needs nothing; Stripe needs Stripe.js, loaded now (lazily imported). */
export async function loadBrowserPayments(
  client: ApiClient,
  language = globalThis.navigator?.language,
): Promise<BrowserPayments> {
  const config = await getPaymentConfig(client);
  if (config.provider === 'stripe' && config.publishableKey) {
    const { loadStripeJs } = await import('./stripe');
    return { provider: 'stripe', stripe: await loadStripeJs(config.publishableKey, language) };
  }
  return { provider: 'local' };
}
