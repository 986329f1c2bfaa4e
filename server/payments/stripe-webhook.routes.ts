import { HttpError } from '../http/errors';
import type { Handlers } from '../openapi/handler-types';
import { handleStripeEvent, verifyStripeEvent } from './stripe-webhook';

const stripeNotConfigured = 'Stripe は設定されていません。';

export const stripeWebhookHandlers: Handlers = {
  async receiveStripeWebhook(req) {
    const { config, database, payments, now } = req.server.deps;
    if (!config.stripe || payments.name !== 'stripe') throw new HttpError(404, stripeNotConfigured);
    const event = verifyStripeEvent(req, config.stripe.webhookSecret, now());
    await handleStripeEvent({ db: database.db, provider: payments, now }, event);
    return { received: true };
  },
};
