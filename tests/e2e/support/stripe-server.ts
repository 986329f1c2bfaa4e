// The app's server paying through Stripe, its Stripe the local fake (tests/support/fake-stripe.ts):
// the same server as startE2eServer with the Stripe variables set.
import { startFakeStripe, type FakeStripe } from '../../support/fake-stripe';
import { startE2eServer } from './server';

export interface StripeE2eServer {
  url: string;
  fake: FakeStripe;
  stop(): Promise<void>;
}

export async function startStripeE2eServer(): Promise<StripeE2eServer> {
  const fake = await startFakeStripe();
  const server = await startE2eServer({
    STRIPE_SECRET_KEY: fake.secretKey,
    STRIPE_PUBLISHABLE_KEY: fake.publishableKey,
    STRIPE_WEBHOOK_SECRET: 'whsec_e2e_fake',
    STRIPE_API_BASE: fake.url,
  });
  return {
    url: server.url,
    fake,
    async stop() {
      await server.stop();
      await fake.stop();
    },
  };
}
