// Which provider the browser talks to, asked of the server once per payment page.
import type { Stripe } from '@stripe/stripe-js';
import type { ApiClient } from '../api/client';
import { getPaymentConfig, type PaymentConfig } from './payments-api';

export type BrowserPayments = { provider: 'local' } | { provider: 'stripe'; stripe: Stripe };

/** What the browser needs of the server's provider (its config, GET /api/payments/config). */
export function loadBrowserPayments(client: ApiClient): Promise<BrowserPayments> {
  return getPaymentConfig(client).then((config) => browserPaymentsFor(config));
}

/** The local provider needs nothing; Stripe needs Stripe.js, loaded now (lazily imported). */
export async function browserPaymentsFor(
  config: PaymentConfig,
  language = globalThis.navigator?.language,
): Promise<BrowserPayments> {
  if (config.provider === 'stripe' && config.publishableKey) {
    const { loadStripeJs } = await import('./stripe');
    return { provider: 'stripe', stripe: await loadStripeJs(config.publishableKey, language) };
  }
  return { provider: 'local' };
}
