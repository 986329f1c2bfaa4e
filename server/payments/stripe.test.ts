import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { startFakeStripe } from '../../tests/support/fake-stripe';
import { newCustomer, stripeAt, useStripeProvider } from '../../tests/support/stripe-provider';
import { ConfigError, loadConfig } from '../config';
import { PaymentRefusal } from './errors';
import { cardNotUsableMessage, declineMessages } from './stripe';

const t = useStripeProvider();

async function customerWithCard(card = 'pm_card_visa') {
  const customerId = await newCustomer(t.stripe);
  const saved = await t.stripe.attachCard(customerId, card);
  return { customerId, paymentMethodId: saved.providerPaymentMethodId };
}

let keys = 0;
function chargeOf(customer: { customerId: string; paymentMethodId: string }, amountYen = 3300) {
  keys += 1;
  return {
    customerId: customer.customerId,
    providerPaymentMethodId: customer.paymentMethodId,
    amountYen,
    idempotencyKey: `payment-${keys}-${Date.now()}`,
    description: 'ワールド予約 2026/05/01 10:00',
    metadata: { paymentId: `p-${keys}` },
  };
}

describe('Stripe provider against a local server speaking Stripe', () => {
  it('names itself and hands the publishable key to the browser', () => {
    expect(t.stripe.name).toBe('stripe');
    expect(t.stripe.publishableKey).toBe('pk_test_fake');
  });

  it('creates a customer once with the user id in its metadata, and reuses a known one', async () => {
    const user = { id: 'user-reuse', email: 'reuse@example.com', name: '再利用', customerId: null };
    const first = await t.stripe.ensureCustomer(user);
    expect(first).toMatch(/^cus_/);
    expect(t.fake.customers.get(first)).toMatchObject({
      email: 'reuse@example.com',
      metadata: { userId: 'user-reuse' },
    });

    const before = t.fake.customers.size;
    expect(await t.stripe.ensureCustomer({ ...user, customerId: first })).toBe(first);
    // A second first-use (two checkouts at once) is the same customer, not another one.
    expect(await t.stripe.ensureCustomer(user)).toBe(first);
    expect(t.fake.customers.size).toBe(before);
  });

  it('starts a SetupIntent for the customer, for later payments, and answers its client secret', async () => {
    const customerId = await newCustomer(t.stripe, '設定');
    const secret = await t.stripe.createSetup(customerId);
    const setup = [...t.fake.setupIntents.values()].find((s) => s.client_secret === secret);
    expect(setup).toMatchObject({
      customer: customerId,
      usage: 'off_session',
      allowed_payment_method_types: ['card'],
    });
  });

  it('attaches the browser’s card to the customer and tells its brand, last 4 and expiry', async () => {
    const customerId = await newCustomer(t.stripe, '登録');
    const card = await t.stripe.attachCard(customerId, 'pm_card_jcb');
    expect(card).toMatchObject({ brand: 'jcb', last4: '0505', expMonth: 12 });
    expect(card.expYear).toBeGreaterThan(new Date().getFullYear());
    // Stripe makes a new PaymentMethod from a test one; the id kept is the attached one.
    expect(card.providerPaymentMethodId).toMatch(/^pm_/);
    expect(card.providerPaymentMethodId).not.toBe('pm_card_jcb');
    expect(t.fake.paymentMethods.get(card.providerPaymentMethodId)?.customer).toBe(customerId);
  });

  it('takes a card the browser saved through the SetupIntent (already attached to this customer)', async () => {
    const customerId = await newCustomer(t.stripe, '設定済み');
    const token = t.fake.confirmSetup(
      (await t.stripe.createSetup(customerId))!,
      'pm_card_mastercard',
    );
    expect(await t.stripe.attachCard(customerId, token)).toMatchObject({
      providerPaymentMethodId: token,
      brand: 'mastercard',
      last4: '4444',
    });
  });

  it('refuses a card attached to another customer', async () => {
    const { paymentMethodId } = await customerWithCard();
    const other = await newCustomer(t.stripe, '他人');
    await expect(t.stripe.attachCard(other, paymentMethodId)).rejects.toEqual(
      new PaymentRefusal(cardNotUsableMessage),
    );
    expect(t.fake.paymentMethods.get(paymentMethodId)?.customer).not.toBe(other);
  });

  it('refuses an unknown card token with a Japanese message for the payer', async () => {
    const customerId = await newCustomer(t.stripe, '不明');
    await expect(t.stripe.attachCard(customerId, 'pm_unknown')).rejects.toEqual(
      new PaymentRefusal(cardNotUsableMessage),
    );
  });

  it('detaches a card, and a card already gone counts as detached', async () => {
    const { paymentMethodId } = await customerWithCard();
    await t.stripe.detachCard(paymentMethodId);
    expect(t.fake.paymentMethods.get(paymentMethodId)?.customer).toBeNull();
    await expect(t.stripe.detachCard('pm_deleted_in_dashboard')).resolves.toBeUndefined();
  });

  it('charges yen as they are, cards only, with the key, and answers the receipt URL of the charge', async () => {
    const customer = await customerWithCard();
    const request = chargeOf(customer, 3300);
    const outcome = await t.stripe.charge(request);

    expect(outcome).toMatchObject({
      status: 'succeeded',
      providerPaymentId: expect.stringMatching(/^pi_/),
    });
    if (outcome.status !== 'succeeded') throw new Error('not succeeded');
    expect(outcome.receiptUrl).toMatch(/^https:\/\/pay\.stripe\.com\/receipts\//);
    const intent = t.fake.paymentIntents.get(outcome.providerPaymentId)!;
    expect(intent).toMatchObject({
      amount: 3300,
      currency: 'jpy',
      customer: customer.customerId,
      payment_method: customer.paymentMethodId,
      description: request.description,
      metadata: request.metadata,
      allowed_payment_method_types: ['card'],
    });
    const sent = t.fake.requests.filter((r) => r.path === '/v1/payment_intents').at(-1)!;
    expect(sent.idempotencyKey).toBe(request.idempotencyKey);
    expect(sent.form).toMatchObject({ confirm: 'true', expand: { 0: 'latest_charge' } });
    expect(sent.form.return_url).toBeUndefined();
  });

  it('reports a declined card as failed with a Japanese message and the PaymentIntent id', async () => {
    const outcome = await t.stripe.charge(
      chargeOf(await customerWithCard('pm_card_chargeDeclined')),
    );
    expect(outcome).toEqual({
      status: 'failed',
      providerPaymentId: expect.stringMatching(/^pi_/),
      message: declineMessages.card_declined,
    });
  });

  it('tells insufficient funds and an expired card apart from a plain decline', async () => {
    const poor = await t.stripe.charge(
      chargeOf(await customerWithCard('pm_card_chargeDeclinedInsufficientFunds')),
    );
    expect(poor).toMatchObject({ status: 'failed', message: declineMessages.insufficient_funds });
    expect(poor.status === 'failed' && poor.message).toContain('残高が不足');
    const expired = await t.stripe.charge(
      chargeOf(await customerWithCard('pm_card_chargeDeclinedExpiredCard')),
    );
    expect(expired).toMatchObject({ status: 'failed', message: declineMessages.expired_card });
  });

  it('asks for authentication, then succeeds once the payer has authenticated', async () => {
    const outcome = await t.stripe.charge(
      chargeOf(await customerWithCard('pm_card_authenticationRequired')),
    );
    expect(outcome).toMatchObject({
      status: 'requires_action',
      clientSecret: expect.stringContaining('_secret_'),
    });
    const id = outcome.providerPaymentId!;
    expect(await t.stripe.retrieve(id)).toMatchObject({ status: 'requires_action' });

    t.fake.completeAuthentication(id, true);
    expect(await t.stripe.retrieve(id)).toEqual({
      status: 'succeeded',
      providerPaymentId: id,
      receiptUrl: expect.stringMatching(/^https:/),
    });
  });

  it('reports a failed authentication as failed', async () => {
    const outcome = await t.stripe.charge(
      chargeOf(await customerWithCard('pm_card_authenticationRequired')),
    );
    t.fake.completeAuthentication(outcome.providerPaymentId!, false);
    expect(await t.stripe.retrieve(outcome.providerPaymentId!)).toEqual({
      status: 'failed',
      providerPaymentId: outcome.providerPaymentId,
      message: declineMessages.payment_intent_authentication_failure,
    });
  });

  it('cancels a payment awaiting authentication (issue 23), and the payer cannot finish it afterwards', async () => {
    const outcome = await t.stripe.charge(
      chargeOf(await customerWithCard('pm_card_authenticationRequired')),
    );
    const id = outcome.providerPaymentId!;
    expect(await t.stripe.cancel(id)).toEqual({
      status: 'failed',
      providerPaymentId: id,
      message: declineMessages.canceled,
    });
    expect(t.fake.paymentIntents.get(id)).toMatchObject({ status: 'canceled' });
    // Cancelling again: where it stands.
    expect(await t.stripe.cancel(id)).toMatchObject({ status: 'failed' });
  });

  it('answers succeeded when the payer authenticated before the cancel arrived (the caller refunds)', async () => {
    const outcome = await t.stripe.charge(
      chargeOf(await customerWithCard('pm_card_authenticationRequired')),
    );
    const id = outcome.providerPaymentId!;
    t.fake.completeAuthentication(id, true);
    expect(await t.stripe.cancel(id)).toMatchObject({ status: 'succeeded', providerPaymentId: id });
  });

  it('never creates a second PaymentIntent for the same idempotency key', async () => {
    const request = chargeOf(await customerWithCard());
    const before = t.fake.paymentIntents.size;
    const first = await t.stripe.charge(request);
    const again = await t.stripe.charge(request);
    expect(again).toEqual(first);
    expect(t.fake.paymentIntents.size).toBe(before + 1);
    // A different key is a different payment (so the count above can fail).
    await t.stripe.charge({ ...request, idempotencyKey: `${request.idempotencyKey}-other` });
    expect(t.fake.paymentIntents.size).toBe(before + 2);
  });

  it('finds the charge of a payment whose answer was lost, by the payment id in its metadata', async () => {
    const request = chargeOf(await customerWithCard());
    const keyed = { ...request, metadata: { paymentId: request.idempotencyKey } };
    const charged = await t.stripe.charge(keyed);
    expect(await t.stripe.findCharge(request.idempotencyKey)).toEqual(charged);
    expect(t.fake.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: '/v1/payment_intents/search',
      form: { query: `metadata['paymentId']:'${request.idempotencyKey}'` },
    });
    await t.stripe.refund(charged.providerPaymentId!);
    expect(await t.stripe.findCharge(request.idempotencyKey)).toMatchObject({ status: 'refunded' });
    expect(await t.stripe.findCharge('never-charged')).toBeNull();
  });

  it('refunds a payment in full once; refunding again is a no-op', async () => {
    const outcome = await t.stripe.charge(chargeOf(await customerWithCard(), 5500));
    await t.stripe.refund(outcome.providerPaymentId!);
    const refunds = [...t.fake.refunds.values()].filter(
      (r) => r.payment_intent === outcome.providerPaymentId,
    );
    expect(refunds).toEqual([expect.objectContaining({ amount: 5500, status: 'succeeded' })]);
    await t.stripe.refund(outcome.providerPaymentId!);
    expect(
      [...t.fake.refunds.values()].filter((r) => r.payment_intent === outcome.providerPaymentId),
    ).toHaveLength(1);
  });

  it('refunds part of a payment (a cancelled date) once per key; the payment stays paid', async () => {
    const outcome = await t.stripe.charge(chargeOf(await customerWithCard(), 5500));
    const part = { amountYen: 1650, idempotencyKey: 'refund-of-date-1' };
    await t.stripe.refund(outcome.providerPaymentId!, part);
    await t.stripe.refund(outcome.providerPaymentId!, part); // a retry: the same refund
    await t.stripe.refund(outcome.providerPaymentId!, { amountYen: 550, idempotencyKey: 'date-2' });
    const refunds = [...t.fake.refunds.values()].filter(
      (r) => r.payment_intent === outcome.providerPaymentId,
    );
    expect(refunds.map((r) => r.amount)).toEqual([1650, 550]);
    expect(await t.stripe.retrieve(outcome.providerPaymentId!)).toMatchObject({
      status: 'succeeded',
    });
    await expect(
      t.stripe.refund(outcome.providerPaymentId!, { amountYen: 5000, idempotencyKey: 'too-much' }),
    ).rejects.toThrow(/greater than unrefunded/);
  });

  it('throws when Stripe answers 5xx twice (one retry), rather than reporting a failure', async () => {
    const request = chargeOf(await customerWithCard());
    t.fake.failNext(2, 500);
    await expect(t.stripe.charge(request)).rejects.toBeInstanceOf(Stripe.errors.StripeAPIError);
    // The retry of the caller, with the same key, then charges once.
    expect(await t.stripe.charge(request)).toMatchObject({ status: 'succeeded' });
  });

  it('throws when Stripe cannot be reached, rather than reporting a failure', async () => {
    const gone = await startFakeStripe();
    await gone.stop();
    const unreachable = stripeAt(gone, { timeoutMs: 2000 });
    await expect(
      unreachable.charge({ ...chargeOf({ customerId: 'cus_x', paymentMethodId: 'pm_x' }) }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeConnectionError);
  });

  it('throws on a wrong secret key', async () => {
    const wrong = stripeAt(t.fake, { secretKey: 'sk_test_wrong' });
    await expect(wrong.createSetup('cus_x')).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
  });
});

describe('Stripe configuration', () => {
  const keys = {
    STRIPE_SECRET_KEY: 'sk_test_1',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
    STRIPE_WEBHOOK_SECRET: 'whsec_1',
  };

  it('leaves Stripe off without a secret key', () => {
    expect(loadConfig({}).stripe).toBeUndefined();
    expect(loadConfig({ STRIPE_SECRET_KEY: '' }).stripe).toBeUndefined();
  });

  it('turns Stripe on with the three keys, against Stripe’s own API', () => {
    expect(loadConfig(keys).stripe).toEqual({
      secretKey: 'sk_test_1',
      publishableKey: 'pk_test_1',
      webhookSecret: 'whsec_1',
    });
  });

  it('parses STRIPE_API_BASE into the SDK’s host, port and protocol', () => {
    expect(loadConfig({ ...keys, STRIPE_API_BASE: 'http://127.0.0.1:12111' }).stripe?.api).toEqual({
      host: '127.0.0.1',
      port: 12111,
      protocol: 'http',
    });
    expect(
      loadConfig({ ...keys, STRIPE_API_BASE: 'https://t.stripe.internal/' }).stripe?.api,
    ).toEqual({ host: 't.stripe.internal', port: 443, protocol: 'https' });
  });

  it.each([
    [
      { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' },
      'STRIPE_PUBLISHABLE_KEY: is required',
    ],
    [
      { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1' },
      'STRIPE_WEBHOOK_SECRET: is required',
    ],
    [
      { ...keys, STRIPE_PUBLISHABLE_KEY: 'pk_live_1' },
      'STRIPE_PUBLISHABLE_KEY: is not of the same mode',
    ],
    [{ ...keys, STRIPE_SECRET_KEY: 'pk_test_1' }, 'STRIPE_SECRET_KEY: must start with sk_'],
    [
      { ...keys, STRIPE_WEBHOOK_SECRET: 'sk_test_1' },
      'STRIPE_WEBHOOK_SECRET: must start with whsec_',
    ],
    [
      { ...keys, STRIPE_API_BASE: 'http://127.0.0.1:12111/v1' },
      'STRIPE_API_BASE: must be http(s)://host[:port]',
    ],
    [
      { STRIPE_PUBLISHABLE_KEY: 'pk_test_1' },
      'STRIPE_PUBLISHABLE_KEY: is set but STRIPE_SECRET_KEY is not',
    ],
  ])('stops start-up on a bad combination, naming the variable (%o)', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
