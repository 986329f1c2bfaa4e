// A test server paying through the local fake Stripe (tests/support/fake-stripe.ts), and Stripe's
// webhook signature for a payload: shared by the webhook and konbini tests.
import Stripe from 'stripe';
import { afterAll, beforeAll } from 'vitest';
import { loadConfig } from '../../../server/config';
import type { Database } from '../../../server/db/connect';
import { startServer } from '../../../server/app/start';
import { startFakeStripe, type FakeStripe } from '../../support/fake-stripe';
import { createClock, type TestClock } from './app';
import { openTestDatabase } from './database';

const webhookSecret = 'whsec_test_worlds';
export const url = '/api/webhooks/stripe';

/** The real server wiring with the Stripe variables set, its Stripe at the local fake. */
export function useStripeServer() {
  const t = {} as {
    fake: FakeStripe;
    database: Database;
    clock: TestClock;
    server: Awaited<ReturnType<typeof startServer>>;
  };
  beforeAll(async () => {
    t.fake = await startFakeStripe();
    t.database = await openTestDatabase();
    t.clock = createClock();
    const config = loadConfig({
      NODE_ENV: 'test',
      APP_URL: 'http://app.test',
      STRIPE_SECRET_KEY: t.fake.secretKey,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_BASE: t.fake.url,
    });
    t.server = await startServer(config, {
      database: t.database,
      now: () => t.clock.now(),
      validateResponses: true,
    });
  });
  afterAll(async () => {
    await t.server?.close();
    await t.database?.close();
    await t.fake?.stop();
  });
  return t;
}

export function signed(payload: string, options: { secret?: string; timestamp?: number } = {}) {
  return Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? webhookSecret,
    timestamp: options.timestamp,
  });
}
