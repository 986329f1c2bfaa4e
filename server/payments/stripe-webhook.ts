// Stripe's webhook: the signature is checked on the exact bytes Stripe sent, so the route keeps
// its raw body (keepRawBody, registered in app.ts for this one route); then the payment the event
// is about is settled from Stripe's current state, never from the event's copy (events can arrive
// late, twice or out of order).
import { Transform, type TransformCallback } from 'node:stream';
import type { FastifyRequest, RouteOptions } from 'fastify';
import Stripe from 'stripe';
import { RuleError } from '../http/errors';
import { settleProviderPayment } from './apply-outcome';
import type { PaymentDeps } from './payment-deps';

export const signatureRefused = 'Stripe の署名を確認できないため、受け付けませんでした。';

const rawBodies = new WeakMap<FastifyRequest, Buffer>();

/**
 * An `onRoute` hook: the operation's route keeps the bytes its JSON body was parsed from. The
 * body still goes through Fastify's own JSON parser and body limit; other routes are untouched.
 */
export function keepRawBody(operationId: string) {
  return (route: RouteOptions) => {
    if (route.config?.operation?.operationId !== operationId) return;
    const existing = route.preParsing ? [route.preParsing].flat() : [];
    route.preParsing = [
      ...existing,
      async (req: FastifyRequest, _reply: unknown, payload: NodeJS.ReadableStream) => {
        const chunks: Buffer[] = [];
        return payload.pipe(
          new Transform({
            transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
              chunks.push(chunk);
              done(null, chunk);
            },
            flush(done: TransformCallback) {
              rawBodies.set(req, Buffer.concat(chunks));
              done();
            },
          }),
        );
      },
    ] as RouteOptions['preParsing'];
  };
}

/** The event, if the signature is Stripe's for these bytes and recent; otherwise 400, nothing done. */
export function verifyStripeEvent(
  req: FastifyRequest,
  webhookSecret: string,
  now: Date,
): Stripe.Event {
  const raw = rawBodies.get(req);
  const signature = req.headers['stripe-signature'];
  if (!raw || typeof signature !== 'string') throw new RuleError('malformed', signatureRefused);
  try {
    return Stripe.webhooks.constructEvent(
      raw,
      signature,
      webhookSecret,
      undefined,
      undefined,
      now.getTime(),
    );
  } catch (err) {
    if (err instanceof Stripe.errors.StripeSignatureVerificationError)
      throw new RuleError('malformed', signatureRefused);
    throw err;
  }
}

/** The PaymentIntent an event is about, when it is one that settles a payment. */
function paymentIntentOf(event: Stripe.Event): string | null {
  switch (event.type) {
    case 'payment_intent.requires_action':
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed':
    case 'payment_intent.canceled':
      return event.data.object.id;
    case 'charge.refunded': {
      const intent = event.data.object.payment_intent;
      return typeof intent === 'string' ? intent : (intent?.id ?? null);
    }
    default:
      return null;
  }
}

/** Settles the payment the event is about from Stripe's current state (a payment not of ours is ignored). */
export async function handleStripeEvent(deps: PaymentDeps, event: Stripe.Event): Promise<void> {
  const paymentIntent = paymentIntentOf(event);
  if (paymentIntent) await settleProviderPayment(deps, paymentIntent);
}
