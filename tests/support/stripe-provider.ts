// The real Stripe provider (the `stripe` SDK, server/payments/stripe.ts) against the local fake
// Stripe (fake-stripe.ts): shared by the provider's card and konbini tests.
import { afterAll, beforeAll } from 'vitest';
import type { PaymentProvider } from '../../server/payments/provider';
import { createStripeProvider } from '../../server/payments/stripe';
import { startFakeStripe, type FakeStripe } from './fake-stripe';

/** The provider at a fake, as configured (a wrong key or a short timeout when a test says so). */
export function stripeAt(
  fake: FakeStripe,
  options: { secretKey?: string; timeoutMs?: number } = {},
): PaymentProvider {
  return createStripeProvider({
    secretKey: options.secretKey ?? fake.secretKey,
    publishableKey: 'pk_test_fake',
    api: fake.api,
    timeoutMs: options.timeoutMs ?? 5000,
  });
}

/** A fake Stripe started for the test file, and the provider speaking to it. */
export function useStripeProvider() {
  const t = {} as { fake: FakeStripe; stripe: PaymentProvider };
  beforeAll(async () => {
    t.fake = await startFakeStripe();
    t.stripe = stripeAt(t.fake);
  });
  afterAll(() => t.fake?.stop());
  return t;
}

let customers = 0;
/** A new customer at the provider, one of its own for each call. */
export async function newCustomer(stripe: PaymentProvider, name = '利用者'): Promise<string> {
  customers += 1;
  return stripe.ensureCustomer({
    id: `user-${customers}`,
    email: `u${customers}@example.com`,
    name: `${name} ${customers}`,
    customerId: null,
  });
}
