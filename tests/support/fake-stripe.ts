// A local server speaking the part of Stripe's API that server/payments/stripe.ts uses, so the
// real `stripe` package can be tested without Stripe's servers (its host/port/protocol options).
// Like Stripe: form-encoded bodies with brackets (metadata[userId], expand[0]), a Bearer secret,
// Idempotency-Key replay, objects in Stripe's shapes, errors as { error: { type, code, ... } },
// and test payment methods (pm_card_visa, pm_card_chargeDeclined, ...) that become a new pm_…
// when attached. Test infrastructure, not a product: no pagination, no lists (search of
// PaymentIntents by one metadata clause only), one currency.
// Stripe.js's part (a publishable key as `key`, the object's client secret): confirming a
// SetupIntent with a test card number, reading a PaymentIntent, and the issuer's 3-D Secure test
// page (complete or fail); tests/e2e/support/fake-stripe-js.ts is the browser side.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { konbiniExpired, konbiniIntentFields } from './fake-stripe-konbini';

type Json = Record<string, unknown>;
type Form = { [key: string]: string | Form };

type Behaviour =
  | { kind: 'succeed' }
  | { kind: 'decline'; code: string; decline_code: string; message: string }
  | { kind: 'authenticate' };

type TestCard = { brand: string; last4: string; behaviour: Behaviour };

const declined = (code: string, decline_code: string, message: string): Behaviour => ({
  kind: 'decline',
  code,
  decline_code,
  message,
});

/** Stripe's test PaymentMethods (docs.stripe.com/testing) that the tests use. */
export const testCards: Record<string, TestCard> = {
  pm_card_visa: { brand: 'visa', last4: '4242', behaviour: { kind: 'succeed' } },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', behaviour: { kind: 'succeed' } },
  pm_card_jcb: { brand: 'jcb', last4: '0505', behaviour: { kind: 'succeed' } },
  pm_card_chargeDeclined: {
    brand: 'visa',
    last4: '0002',
    behaviour: declined('card_declined', 'generic_decline', 'Your card was declined.'),
  },
  pm_card_chargeDeclinedInsufficientFunds: {
    brand: 'visa',
    last4: '9995',
    behaviour: declined('card_declined', 'insufficient_funds', 'Your card has insufficient funds.'),
  },
  pm_card_chargeDeclinedExpiredCard: {
    brand: 'visa',
    last4: '0069',
    behaviour: declined('expired_card', 'expired_card', 'Your card has expired.'),
  },
  pm_card_authenticationRequired: {
    brand: 'visa',
    last4: '3184',
    behaviour: { kind: 'authenticate' },
  },
  /** Attaches (a SetupIntent succeeds), then every charge is declined. */
  pm_card_chargeCustomerFail: {
    brand: 'visa',
    last4: '0341',
    behaviour: declined('card_declined', 'generic_decline', 'Your card was declined.'),
  },
};

/** Stripe's test card numbers, as typed into the card element, by the test PaymentMethod they become. */
const testCardNumbers: Record<string, keyof typeof testCards> = {
  '4242424242424242': 'pm_card_visa',
  '5555555555554444': 'pm_card_mastercard',
  '3566002020360505': 'pm_card_jcb',
  '4000002760003184': 'pm_card_authenticationRequired',
  '4000000000000341': 'pm_card_chargeCustomerFail',
};

class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
  ) {
    super(String(body.message));
  }
}

const missing = (kind: string, id: string) =>
  new StripeFailure(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param: 'id',
    message: `No such ${kind}: '${id}'`,
  });
const invalid = (message: string, code = 'parameter_invalid', param?: string) =>
  new StripeFailure(400, { type: 'invalid_request_error', code, param, message });

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

export async function startFakeStripe(
  options: { secretKey?: string; publishableKey?: string } = {},
) {
  const secretKey = options.secretKey ?? 'sk_test_fake';
  const publishableKey = options.publishableKey ?? 'pk_test_fake';
  const customers = new Map<string, Json>();
  const paymentMethods = new Map<
    string,
    Json & { id: string; card: Json; customer: string | null }
  >();
  const behaviours = new Map<string, Behaviour>();
  const setupIntents = new Map<string, Json>();
  const paymentIntents = new Map<string, Json & { status: string; latest_charge: string | null }>();
  const charges = new Map<
    string,
    Json & { amount: number; amount_refunded: number; refunded: boolean }
  >();
  const refunds = new Map<string, Json>();
  const replays = new Map<string, { request: string; status: number; body: Json }>();
  /** Every request as received, for assertions on what the SDK sent. */
  const requests: {
    method: string;
    path: string;
    form: Form;
    idempotencyKey: string | undefined;
  }[] = [];
  let failures: { count: number; status: number } = { count: 0, status: 500 };

  const id = (prefix: string) =>
    `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
  const now = () => Math.floor(Date.now() / 1000);

  function paymentMethodFor(idOrTest: string) {
    const existing = paymentMethods.get(idOrTest);
    if (existing) return existing;
    const test = testCards[idOrTest];
    if (!test) throw missing('payment_method', idOrTest);
    // Like Stripe, a test PaymentMethod used by name becomes a new PaymentMethod each time.
    const method = {
      id: id('pm'),
      object: 'payment_method',
      type: 'card',
      card: {
        brand: test.brand,
        last4: test.last4,
        exp_month: 12,
        exp_year: new Date().getFullYear() + 3,
        country: 'JP',
        funding: 'credit',
      },
      customer: null as string | null,
      billing_details: { address: null, email: null, name: null, phone: null },
      metadata: {},
      created: now(),
      livemode: false,
    };
    paymentMethods.set(method.id, method);
    behaviours.set(method.id, test.behaviour);
    return method;
  }

  function createCharge(intent: Json) {
    const charge = {
      id: id('ch'),
      object: 'charge',
      amount: intent.amount as number,
      amount_captured: intent.amount as number,
      amount_refunded: 0,
      currency: intent.currency,
      customer: intent.customer,
      description: intent.description,
      payment_intent: intent.id,
      payment_method: intent.payment_method,
      paid: true,
      captured: true,
      refunded: false,
      status: 'succeeded',
      receipt_url: `https://pay.stripe.com/receipts/payment/${randomBytes(16).toString('base64url')}`,
      metadata: intent.metadata,
      created: now(),
      livemode: false,
    };
    charges.set(charge.id, charge);
    return charge;
  }

  function succeed(intent: Json & { status: string; latest_charge: string | null }) {
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.next_action = null;
    intent.last_payment_error = null;
    intent.latest_charge = createCharge(intent).id;
  }

  /** The object as Stripe answers it, with `expand` applied to latest_charge. */
  function showIntent(intent: Json, expand: string[]) {
    const charge =
      expand.includes('latest_charge') && typeof intent.latest_charge === 'string'
        ? charges.get(intent.latest_charge)
        : undefined;
    return { ...intent, ...(charge ? { latest_charge: charge } : {}) };
  }

  function createPaymentIntent(form: Form) {
    const amount = Number(text(form.amount));
    if (!Number.isInteger(amount) || amount < 50)
      throw invalid('Amount must be at least ¥50 jpy', 'amount_too_small', 'amount');
    if (text(form.currency) !== 'jpy')
      throw invalid('This fake Stripe knows JPY only', 'parameter_invalid', 'currency');
    const customer = text(form.customer);
    if (customer && !customers.has(customer)) throw missing('customer', customer);
    if (list(form.allowed_payment_method_types).includes('konbini'))
      return createKonbiniIntent(form, amount, customer);
    const method = paymentMethodFor(text(form.payment_method) ?? '');
    if (method.customer && method.customer !== customer) {
      throw invalid(
        'The provided PaymentMethod belongs to another Customer.',
        'payment_method_invalid_parameter',
        'payment_method',
      );
    }
    const pi = id('pi');
    const intent = {
      id: pi,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency: 'jpy',
      customer: customer ?? null,
      payment_method: method.id,
      description: text(form.description) ?? null,
      metadata: typeof form.metadata === 'object' ? form.metadata : {},
      allowed_payment_method_types: list(form.allowed_payment_method_types),
      payment_method_types: ['card'],
      automatic_payment_methods: null,
      capture_method: 'automatic',
      confirmation_method: 'automatic',
      client_secret: `${pi}_secret_${randomBytes(12).toString('base64url')}`,
      status: 'requires_confirmation',
      next_action: null as Json | null,
      last_payment_error: null as Json | null,
      latest_charge: null as string | null,
      created: now(),
      livemode: false,
    };
    paymentIntents.set(pi, intent);
    if (text(form.confirm) !== 'true') return showIntent(intent, list(form.expand));
    const behaviour = behaviours.get(method.id)!;
    if (behaviour.kind === 'succeed') succeed(intent);
    if (behaviour.kind === 'authenticate') {
      intent.status = 'requires_action';
      intent.next_action = {
        type: 'use_stripe_sdk',
        use_stripe_sdk: { type: 'three_d_secure_redirect' },
      };
    }
    if (behaviour.kind === 'decline') {
      const { code, decline_code, message } = behaviour;
      intent.status = 'requires_payment_method';
      intent.last_payment_error = {
        type: 'card_error',
        code,
        decline_code,
        message,
        payment_method: method,
      };
      intent.latest_charge = createCharge(intent).id;
      Object.assign(charges.get(intent.latest_charge)!, {
        paid: false,
        status: 'failed',
        receipt_url: null,
      });
      // Stripe answers a declined confirmation with 402 and the PaymentIntent inside the error.
      throw new StripeFailure(402, {
        type: 'card_error',
        code,
        decline_code,
        message,
        payment_intent: intent,
        charge: intent.latest_charge,
      });
    }
    return showIntent(intent, list(form.expand));
  }

  /** コンビニ払い (fake-stripe-konbini.ts): confirmed at once, the voucher in next_action. */
  function createKonbiniIntent(form: Form, amount: number, customer: string | undefined) {
    const pi = id('pi');
    const konbini = konbiniIntentFields(form, pi, now());
    if ('error' in konbini) throw invalid(konbini.error, 'parameter_missing', konbini.param);
    const intent = {
      id: pi,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency: 'jpy',
      customer: customer ?? null,
      description: text(form.description) ?? null,
      metadata: typeof form.metadata === 'object' ? form.metadata : {},
      allowed_payment_method_types: list(form.allowed_payment_method_types),
      client_secret: `${pi}_secret_${randomBytes(12).toString('base64url')}`,
      last_payment_error: null as Json | null,
      latest_charge: null as string | null,
      created: now(),
      livemode: false,
      status: 'requires_action',
      ...konbini.fields,
    };
    paymentIntents.set(pi, intent);
    return showIntent(intent, list(form.expand));
  }

  /**
   * GET /v1/payment_intents/search, for the one clause the product sends
   * (`metadata['key']:'value'`); anything else is refused as Stripe refuses a bad query.
   */
  function searchIntents(form: Form) {
    const match = /^metadata\['([^']+)'\]:'([^']*)'$/.exec(text(form.query) ?? '');
    if (!match)
      throw invalid(
        'This fake Stripe searches one metadata clause only',
        'parameter_invalid',
        'query',
      );
    const [, key, value] = match;
    const expand = list(form.expand)
      .filter((e) => e.startsWith('data.'))
      .map((e) => e.slice('data.'.length));
    const data = [...paymentIntents.values()]
      .filter((intent) => (intent.metadata as Record<string, string>)[key!] === value)
      .slice(0, Number(text(form.limit) ?? 10))
      .map((intent) => showIntent(intent, expand));
    return {
      object: 'search_result',
      url: '/v1/payment_intents/search',
      has_more: false,
      next_page: null,
      data,
    };
  }

  function createRefund(form: Form) {
    const pi = text(form.payment_intent) ?? '';
    const intent = paymentIntents.get(pi);
    if (!intent) throw missing('payment_intent', pi);
    if (intent.status !== 'succeeded' || !intent.latest_charge) {
      throw invalid(
        `This PaymentIntent (${pi}) does not have a successful charge to refund.`,
        'charge_not_refundable',
      );
    }
    const charge = charges.get(intent.latest_charge)!;
    if (charge.refunded)
      throw invalid(`Charge ${charge.id} has already been refunded.`, 'charge_already_refunded');
    // Without an amount, what is left; a partial refund never goes past the charge.
    const left = charge.amount - charge.amount_refunded;
    const amount = form.amount === undefined ? left : Number(text(form.amount));
    if (!Number.isInteger(amount) || amount < 1 || amount > left)
      throw invalid(
        `Refund amount (¥${amount}) is greater than unrefunded amount on charge (¥${left})`,
        'amount_too_large',
      );
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    const refund = {
      id: id('re'),
      object: 'refund',
      amount,
      currency: 'jpy',
      charge: charge.id,
      payment_intent: pi,
      status: 'succeeded',
      created: now(),
    };
    refunds.set(refund.id, refund);
    return refund;
  }

  function route(method: string, path: string, form: Form): Json {
    const [, v1, kind, objectId, action] = path.split('/');
    if (v1 !== 'v1') throw invalid(`Unrecognized request URL (${method}: ${path}).`, 'url_invalid');
    const key = `${method} ${kind}${objectId ? '/:id' : ''}${action ? `/${action}` : ''}`;
    switch (key) {
      case 'POST customers': {
        const customer = {
          id: id('cus'),
          object: 'customer',
          email: text(form.email) ?? null,
          name: text(form.name) ?? null,
          metadata: typeof form.metadata === 'object' ? form.metadata : {},
          created: now(),
          livemode: false,
        };
        customers.set(customer.id, customer);
        return customer;
      }
      case 'POST setup_intents': {
        const customer = text(form.customer);
        if (customer && !customers.has(customer)) throw missing('customer', customer);
        const seti = id('seti');
        const setup = {
          id: seti,
          object: 'setup_intent',
          customer: customer ?? null,
          usage: text(form.usage) ?? 'off_session',
          status: 'requires_payment_method',
          allowed_payment_method_types: list(form.allowed_payment_method_types),
          payment_method_types: ['card'],
          client_secret: `${seti}_secret_${randomBytes(12).toString('base64url')}`,
          created: now(),
          livemode: false,
        };
        setupIntents.set(seti, setup);
        return setup;
      }
      case 'GET payment_methods/:id':
        return paymentMethods.get(objectId!) ?? throwing(missing('payment_method', objectId!));
      case 'POST payment_methods/:id/attach': {
        const customer = text(form.customer) ?? '';
        if (!customers.has(customer)) throw missing('customer', customer);
        const method = paymentMethodFor(objectId!);
        if (method.customer) {
          throw invalid(
            'The payment method you provided has already been attached to a customer.',
            'payment_method_unexpected_state',
          );
        }
        method.customer = customer;
        return method;
      }
      case 'POST payment_methods/:id/detach': {
        const method =
          paymentMethods.get(objectId!) ?? throwing(missing('payment_method', objectId!));
        if (!method.customer)
          throw invalid(
            'The payment method you provided is not attached to a customer so detachment is impossible.',
            'payment_method_unexpected_state',
          );
        method.customer = null;
        return method;
      }
      case 'POST payment_intents':
        return createPaymentIntent(form);
      case 'GET payment_intents/:id':
        if (objectId === 'search') return searchIntents(form);
        return showIntent(
          paymentIntents.get(objectId!) ?? throwing(missing('payment_intent', objectId!)),
          list(form.expand),
        );
      case 'POST payment_intents/:id/cancel': {
        const intent =
          paymentIntents.get(objectId!) ?? throwing(missing('payment_intent', objectId!));
        // Stripe cancels only what has not succeeded nor been cancelled.
        if (intent.status === 'succeeded' || intent.status === 'canceled')
          throw invalid(
            `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
            'payment_intent_unexpected_state',
          );
        Object.assign(intent, { status: 'canceled', canceled_at: now() });
        return showIntent(intent, []);
      }
      case 'POST refunds':
        return createRefund(form);
      default:
        throw invalid(`Unrecognized request URL (${method}: ${path}).`, 'url_invalid');
    }
  }

  /** The object whose client secret the browser holds: Stripe.js may touch nothing else. */
  function bySecret<T extends Json>(
    objects: Map<string, T>,
    kind: string,
    objectId: string,
    form: Form,
  ): T {
    const object = objects.get(objectId);
    if (!object || object.client_secret !== text(form.client_secret)) throw missing(kind, objectId);
    return object;
  }

  /** What Stripe.js may do with a publishable key. */
  function publicRoute(method: string, path: string, form: Form): Json {
    const [, , kind, objectId, action] = path.split('/');
    const key = `${method} ${kind}${objectId ? '/:id' : ''}${action ? `/${action}` : ''}`;
    switch (key) {
      case 'POST setup_intents/:id/confirm': {
        const setup = bySecret(setupIntents, 'setup_intent', objectId!, form);
        const card = (
          typeof form.payment_method_data === 'object' ? form.payment_method_data.card : undefined
        ) as Form | undefined;
        const number = text(card?.number)?.replace(/\s/g, '') ?? '';
        const test = testCardNumbers[number];
        if (!test) {
          const error = {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'generic_decline',
            message: 'Your card was declined.',
          };
          Object.assign(setup, { last_setup_error: error });
          throw new StripeFailure(402, { ...error, setup_intent: setup });
        }
        const method = paymentMethodFor(test);
        method.customer = setup.customer as string;
        Object.assign(setup, {
          status: 'succeeded',
          payment_method: method.id,
          last_setup_error: null,
        });
        return setup;
      }
      case 'GET payment_intents/:id':
        return bySecret(paymentIntents, 'payment_intent', objectId!, form);
      // The issuer's 3-D Secure test page: the payer completes or fails the challenge.
      case 'POST payment_intents/:id/test_authentication': {
        bySecret(paymentIntents, 'payment_intent', objectId!, form);
        completeAuthentication(objectId!, text(form.outcome) === 'complete');
        return paymentIntents.get(objectId!)!;
      }
      default:
        throw invalid(
          `Unrecognized request URL (${method}: ${path}) for a publishable key.`,
          'url_invalid',
        );
    }
  }

  /** The payer answers the issuer's challenge (what Stripe.js and the bank do in a browser). */
  function completeAuthentication(paymentIntentId: string, ok: boolean) {
    const intent = paymentIntents.get(paymentIntentId);
    if (intent?.status !== 'requires_action')
      throw new Error(`${paymentIntentId} is not waiting for authentication`);
    if (ok) return succeed(intent);
    intent.status = 'requires_payment_method';
    intent.next_action = null;
    intent.last_payment_error = {
      type: 'invalid_request_error',
      code: 'payment_intent_authentication_failure',
      message: 'The provided PaymentMethod has failed authentication.',
    };
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake-stripe');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const form = parseForm(req.method === 'GET' ? url.search.slice(1) : body);
    const idempotencyKey = header(req, 'idempotency-key');
    requests.push({ method: req.method ?? '', path: url.pathname, form, idempotencyKey });
    const send = (status: number, json: Json, replayed = false) => {
      res.writeHead(status, {
        'content-type': 'application/json',
        'request-id': id('req'),
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
      });
      res.end(JSON.stringify(json));
    };

    if (text(form.key) === publishableKey) {
      try {
        return send(200, publicRoute(req.method ?? 'GET', url.pathname, form));
      } catch (err) {
        if (!(err instanceof StripeFailure)) throw err;
        return send(err.status, { error: err.body });
      }
    }
    if (header(req, 'authorization') !== `Bearer ${secretKey}`) {
      return send(401, {
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' },
      });
    }
    if (failures.count > 0) {
      failures.count -= 1;
      return send(failures.status, {
        error: { type: 'api_error', message: 'An unknown error occurred (fake).' },
      });
    }
    // Same key: the first answer again, as Stripe does for 24 hours; other parameters: refused.
    const request = `${req.method} ${url.pathname} ${body}`;
    const previous =
      req.method === 'POST' && idempotencyKey ? replays.get(idempotencyKey) : undefined;
    if (previous) {
      if (previous.request !== request) {
        return send(400, {
          error: {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with.`,
          },
        });
      }
      return send(previous.status, previous.body, true);
    }
    let status = 200;
    let answer: Json;
    try {
      answer = route(req.method ?? 'GET', url.pathname, form);
    } catch (err) {
      if (!(err instanceof StripeFailure)) throw err;
      status = err.status;
      answer = { error: err.body };
    }
    if (req.method === 'POST' && idempotencyKey)
      replays.set(idempotencyKey, { request, status, body: answer });
    send(status, answer);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: String(err) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    secretKey,
    publishableKey,
    /** For STRIPE_API_BASE. */
    url: `http://127.0.0.1:${port}`,
    /** For the SDK's options. */
    api: { host: '127.0.0.1', port, protocol: 'http' as const },
    customers,
    paymentMethods,
    setupIntents,
    paymentIntents,
    charges,
    refunds,
    requests,
    /** What Stripe.js does with a SetupIntent's client secret and a card: a PaymentMethod attached to its customer. */
    confirmSetup(clientSecret: string, testCard: keyof typeof testCards) {
      const setup = [...setupIntents.values()].find((s) => s.client_secret === clientSecret);
      if (!setup) throw new Error('no SetupIntent with that client secret');
      const method = paymentMethodFor(testCard);
      method.customer = setup.customer as string;
      Object.assign(setup, { status: 'succeeded', payment_method: method.id });
      return method.id;
    },
    completeAuthentication,
    /** The store is paid for a コンビニ払い voucher (Stripe's test mode does it after a few seconds). */
    payKonbini(paymentIntentId: string) {
      const intent = paymentIntents.get(paymentIntentId);
      if (intent?.status !== 'requires_action') throw new Error('no voucher awaiting payment');
      succeed(intent);
    },
    /** A voucher's deadline passes unpaid. */
    expireKonbini(paymentIntentId: string) {
      const intent = paymentIntents.get(paymentIntentId);
      if (intent?.status !== 'requires_action') throw new Error('no voucher awaiting payment');
      Object.assign(intent, konbiniExpired);
    },
    /** The next `count` requests answer `status` (Stripe having a bad moment). */
    failNext(count: number, status = 500) {
      failures = { count, status };
    },
    /** An event as Stripe would post it, about an object of this fake (a PaymentIntent or a Charge). */
    event(type: string, objectId: string): Json {
      const object = paymentIntents.get(objectId) ?? charges.get(objectId);
      if (!object) throw new Error(`no object ${objectId}`);
      return {
        id: id('evt'),
        object: 'event',
        api_version: '2026-10-28.endive',
        created: now(),
        type,
        data: { object: { ...object } },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
      };
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function throwing(error: Error): never {
  throw error;
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function text(value: string | Form | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** `expand[0]=a&expand[1]=b` (and `expand[]=a`) as a list. */
function list(value: string | Form | undefined): string[] {
  if (value === undefined) return [];
  if (typeof value === 'string') return [value];
  return Object.values(value).filter((v): v is string => typeof v === 'string');
}

/** Stripe's bracket syntax: `metadata[userId]=u&expand[0]=x` → { metadata: { userId: 'u' }, expand: { 0: 'x' } }. */
function parseForm(encoded: string): Form {
  const form: Form = {};
  for (const [name, value] of new URLSearchParams(encoded)) {
    const [first, ...rest] = name.split('[');
    const path = [first!, ...rest.map((part) => part.replace(/]$/, ''))];
    let node = form;
    path.forEach((part, i) => {
      const key = part === '' ? String(Object.keys(node).length) : part;
      if (i === path.length - 1) node[key] = value;
      else node = (typeof node[key] === 'object' ? node[key] : (node[key] = {})) as Form;
    });
  }
  return form;
}
