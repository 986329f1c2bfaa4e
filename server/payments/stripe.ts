// The Stripe provider: the real `stripe` SDK behind the product's PaymentProvider. Tests point it
// at tests/support/fake-stripe.ts through the SDK's own host/port/protocol options.
import Stripe from 'stripe';
import type { StripeConfig } from '../config';
import { PaymentRefusal } from './errors';
import { konbiniMessages } from '../../src/domain/konbini';
import type { CardDetails, ChargeOutcome, PaymentProvider } from './provider';

export type StripeProviderOptions = Pick<StripeConfig, 'secretKey' | 'publishableKey' | 'api'> & {
  /** Per request; a checkout waits for Stripe inside the payer's request. */
  timeoutMs?: number;
};

/** Japanese messages for the payer, by Stripe's decline_code or error code (worded as the local provider's). */
export const declineMessages = {
  card_declined: 'カードが拒否されました。別のカードをお試しください。',
  insufficient_funds: 'カードの残高が不足しています。別のカードをお試しください。',
  expired_card: 'カードの有効期限が切れています。別のカードをお試しください。',
  incorrect_cvc: 'セキュリティコードが正しくありません。カード情報をご確認ください。',
  processing_error:
    'カードの処理中にエラーが発生しました。しばらくしてからもう一度お試しください。',
  authentication_required: 'カードの本人認証が必要です。もう一度お支払いの手続きをしてください。',
  payment_intent_authentication_failure:
    'カードの本人認証に失敗しました。もう一度お試しいただくか、別のカードをお試しください。',
  canceled: 'お支払いは取り消されました。',
  generic: 'カードでのお支払いができませんでした。別のカードをお試しください。',
} as const;

export const cardNotUsableMessage = 'このカードは登録できません。別のカードをお試しください。';

const brands: ReadonlySet<string> = new Set<CardDetails['brand']>([
  'visa',
  'mastercard',
  'amex',
  'jcb',
  'diners',
  'discover',
  'unionpay',
]);

function createStripeClient(options: StripeProviderOptions): Stripe {
  return new Stripe(options.secretKey, {
    ...(options.api ?? {}),
    // One retry, always with the same idempotency key (the SDK keys every POST), so a retried
    // charge is the same charge.
    maxNetworkRetries: 1,
    timeout: options.timeoutMs ?? 20_000,
  });
}

export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = createStripeClient(options);

  async function attachedAlready(
    paymentMethodId: string,
    customerId: string,
  ): Promise<Stripe.PaymentMethod> {
    const method = await stripe.paymentMethods.retrieve(paymentMethodId).catch((err: unknown) => {
      if (err instanceof Stripe.errors.StripeInvalidRequestError) return null;
      throw err;
    });
    const owner = typeof method?.customer === 'string' ? method.customer : method?.customer?.id;
    if (!method || owner !== customerId) throw new PaymentRefusal(cardNotUsableMessage);
    return method;
  }

  return {
    name: 'stripe',
    publishableKey: options.publishableKey,

    async ensureCustomer(user) {
      if (user.customerId) return user.customerId;
      // Keyed by user: two first checkouts at once make one customer, not two.
      const customer = await stripe.customers.create(
        { email: user.email, name: user.name, metadata: { userId: user.id } },
        { idempotencyKey: `customer-${user.id}` },
      );
      return customer.id;
    },

    async createSetup(customerId) {
      const setup = await stripe.setupIntents.create({
        customer: customerId,
        usage: 'off_session',
        allowed_payment_method_types: ['card'],
      });
      if (!setup.client_secret)
        throw new Error(`SetupIntent ${setup.id} came without a client secret`);
      return setup.client_secret;
    },

    async attachCard(customerId, providerToken) {
      let method: Stripe.PaymentMethod;
      try {
        method = await stripe.paymentMethods.attach(providerToken, { customer: customerId });
      } catch (err) {
        // The browser's token is refused (declined, unknown, someone else's): the payer reads why.
        if (err instanceof Stripe.errors.StripeCardError)
          throw new PaymentRefusal(declineMessage(err));
        if (!(err instanceof Stripe.errors.StripeInvalidRequestError)) throw err;
        // Confirming the SetupIntent in the browser already attached it to this customer.
        method = await attachedAlready(providerToken, customerId);
      }
      if (method.type !== 'card' || !method.card) throw new PaymentRefusal(cardNotUsableMessage);
      const { brand, last4, exp_month, exp_year } = method.card;
      return {
        providerPaymentMethodId: method.id,
        brand: (brands.has(brand) ? brand : 'unknown') as CardDetails['brand'],
        last4,
        expMonth: exp_month,
        expYear: exp_year,
      };
    },

    async detachCard(providerPaymentMethodId) {
      try {
        await stripe.paymentMethods.detach(providerPaymentMethodId);
      } catch (err) {
        // Already gone at Stripe (deleted in the dashboard): what we wanted.
        if (
          err instanceof Stripe.errors.StripeInvalidRequestError &&
          err.code === 'resource_missing'
        )
          return;
        throw err;
      }
    },

    async charge(request) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amountYen, // JPY has no minor unit: yen as they are
            currency: 'jpy',
            customer: request.customerId,
            payment_method: request.providerPaymentMethodId,
            confirm: true,
            // Cards only (this API version's name for payment_method_types), so no redirect-based
            // method can be chosen and no return_url is needed: 3-D Secure comes back as
            // requires_action for Stripe.js (handleNextAction with the client secret).
            allowed_payment_method_types: ['card'],
            description: request.description,
            metadata: request.metadata,
            expand: ['latest_charge'],
          },
          { idempotencyKey: request.idempotencyKey },
        );
        return outcomeOf(intent);
      } catch (err) {
        // A decline is an answer; anything else (network, 5xx, a bad request) is not, and the
        // caller must not call the payment failed: it may have gone through.
        if (err instanceof Stripe.errors.StripeCardError) {
          return {
            status: 'failed',
            providerPaymentId: err.payment_intent?.id ?? null,
            message: declineMessage(err),
          };
        }
        throw err;
      }
    },

    async issueVoucher(request) {
      // コンビニ払い: confirmed at once, Stripe answers requires_action with the voucher
      // (next_action.konbini_display_details) and mails it to the payer; paid → succeeded, the
      // deadline → canceled (webhooks: payment_intent.succeeded / payment_intent.canceled).
      const intent = await stripe.paymentIntents.create(
        {
          amount: request.amountYen,
          currency: 'jpy',
          customer: request.customerId,
          // This API version's name for payment_method_types.
          allowed_payment_method_types: ['konbini'],
          payment_method_data: {
            type: 'konbini',
            billing_details: { name: request.payer.name, email: request.payer.email },
          },
          payment_method_options: {
            konbini: { expires_at: Math.floor(request.expiresAt.getTime() / 1000) },
          },
          confirm: true,
          description: request.description,
          metadata: request.metadata,
          expand: ['latest_charge'],
        },
        { idempotencyKey: request.idempotencyKey },
      );
      return outcomeOf(intent);
    },

    async retrieve(providerPaymentId) {
      return outcomeOf(
        await stripe.paymentIntents.retrieve(providerPaymentId, { expand: ['latest_charge'] }),
      );
    },

    async cancel(providerPaymentId) {
      try {
        await stripe.paymentIntents.cancel(providerPaymentId, undefined, {
          idempotencyKey: `cancel-${providerPaymentId}`,
        });
      } catch (err) {
        // Succeeded or cancelled already: where it stands is what retrieve says.
        if (
          !(err instanceof Stripe.errors.StripeInvalidRequestError) ||
          err.code !== 'payment_intent_unexpected_state'
        )
          throw err;
      }
      return this.retrieve(providerPaymentId);
    },

    async findCharge(idempotencyKey) {
      // Stripe cannot be asked by idempotency key; checkout puts the same id in the metadata.
      // Search is eventually consistent (about a minute): reconciliation believes "not found" only
      // after PAYMENT_RECONCILE_NOT_CHARGED_AFTER_SECONDS (ADR 008).
      const found = await stripe.paymentIntents.search({
        query: `metadata['paymentId']:'${idempotencyKey.replace(/[^A-Za-z0-9-]/g, '')}'`,
        expand: ['data.latest_charge'],
        limit: 1,
      });
      const intent = found.data[0];
      return intent ? outcomeOf(intent) : null;
    },

    async refund(providerPaymentId, part) {
      try {
        await stripe.refunds.create(
          part
            ? { payment_intent: providerPaymentId, amount: part.amountYen }
            : { payment_intent: providerPaymentId },
          {
            idempotencyKey: part ? `refund-${part.idempotencyKey}` : `refund-${providerPaymentId}`,
          },
        );
      } catch (err) {
        // Refunded already (from the dashboard, or a retry after the key expired): done.
        if (
          err instanceof Stripe.errors.StripeInvalidRequestError &&
          err.code === 'charge_already_refunded'
        )
          return;
        throw err;
      }
    },
  };
}

/** Thrown for a PaymentIntent that has no outcome yet (processing): ask again later, or wait for the webhook. */
class PaymentPendingError extends Error {
  constructor(
    readonly providerPaymentId: string,
    readonly stripeStatus: string,
  ) {
    super(`PaymentIntent ${providerPaymentId} is ${stripeStatus}`);
  }
}

function outcomeOf(intent: Stripe.PaymentIntent): ChargeOutcome {
  switch (intent.status) {
    case 'succeeded': {
      const charge = intent.latest_charge;
      if (charge && typeof charge === 'object' && charge.refunded)
        return { status: 'refunded', providerPaymentId: intent.id };
      const receiptUrl = charge && typeof charge === 'object' ? charge.receipt_url : null;
      return { status: 'succeeded', providerPaymentId: intent.id, receiptUrl };
    }
    case 'requires_action':
      if (!intent.client_secret)
        throw new Error(`PaymentIntent ${intent.id} came without a client secret`);
      if (intent.next_action?.type === 'konbini_display_details')
        return voucherOutcome(intent, intent.client_secret);
      return {
        status: 'requires_action',
        providerPaymentId: intent.id,
        clientSecret: intent.client_secret,
      };
    case 'requires_payment_method':
      if (isKonbini(intent))
        return { status: 'failed', providerPaymentId: intent.id, message: konbiniMessages.expired };
      // After a decline or a failed authentication Stripe waits for another card; for us this
      // attempt has failed (a new attempt is a new payment with its own key).
      return {
        status: 'failed',
        providerPaymentId: intent.id,
        message: declineMessage(intent.last_payment_error ?? {}),
      };
    case 'canceled':
      return {
        status: 'failed',
        providerPaymentId: intent.id,
        message: isKonbini(intent) ? konbiniMessages.expired : declineMessages.canceled,
      };
    default:
      // processing, requires_confirmation, requires_capture: not settled either way.
      throw new PaymentPendingError(intent.id, intent.status);
  }
}

const isKonbini = (intent: Stripe.PaymentIntent) => intent.payment_method_types.includes('konbini');

/** The voucher Stripe shows: one store's numbers (the same at every store) and the printable page. */
function voucherOutcome(intent: Stripe.PaymentIntent, clientSecret: string): ChargeOutcome {
  const details = intent.next_action!.konbini_display_details!;
  const store = Object.values(details.stores).find((s) => s?.payment_code);
  if (!store) throw new Error(`PaymentIntent ${intent.id} came without a konbini payment code`);
  return {
    status: 'awaiting_payment',
    providerPaymentId: intent.id,
    clientSecret,
    voucher: {
      paymentNumber: store.payment_code,
      confirmationNumber: store.confirmation_number ?? '',
      expiresAt: new Date(details.expires_at * 1000),
      url: details.hosted_voucher_url,
    },
  };
}

function declineMessage(error: { code?: string | null; decline_code?: string | null }): string {
  const messages: Record<string, string> = declineMessages;
  for (const key of [error.decline_code, error.code]) {
    if (key && key !== 'generic' && key in messages) return messages[key]!;
  }
  return declineMessages.generic;
}
