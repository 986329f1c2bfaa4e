import { HttpError } from '../http/errors';
import type { Handlers } from '../openapi/handler-types';
import { paymentDeps } from './payments.routes';
import { handleStripeEvent, verifyStripeEvent } from './stripe-webhook';

const stripeNotConfigured = 'Stripe は設定されていません。';

export const stripeWebhookHandlers: Handlers = {
  async receiveStripeWebhook(req) {
    const { config, payments, now, mailWritten } = req.server.deps;
    if (!config.stripe || payments.name !== 'stripe') throw new HttpError(404, stripeNotConfigured);
    const event = verifyStripeEvent(req, config.stripe.webhookSecret, now());
    // A コンビニ払い paid or expired mails its payer (paymentDeps carries the app's address).
    await handleStripeEvent(paymentDeps(req), event);
    mailWritten();
    return { received: true };
  },
};
