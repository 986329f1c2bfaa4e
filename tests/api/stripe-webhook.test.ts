import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { priceYen } from '../../src/domain/price';
import { calendarDates, payments } from '../../server/db/schema';
import { signatureRefused } from '../../server/payments/stripe-webhook';
import { useTestServer } from './support/app';
import { testDbKind } from './support/database';
import { signed, url, useStripeServer } from './support/stripe';
import { newSignedInUser, type AuthHeaders } from './support/session';

describe(`Stripe webhook on ${testDbKind}`, () => {
  const t = useStripeServer();
  const post = (payload: string, signature?: string) =>
    t.server.app.inject({
      method: 'POST',
      url,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        ...(signature === undefined ? {} : { 'stripe-signature': signature }),
      },
      payload,
    });

  let slot = 0;
  /** An owner's checkout with a card that asks for authentication: the payment waits (202). */
  async function paymentAwaitingAuthentication() {
    const owner = await newSignedInUser(t.server.app, t.database.db);
    const headers: AuthHeaders = owner.headers;
    const world = (
      await t.server.app.inject({
        method: 'POST',
        url: '/api/mypage/worlds',
        headers,
        payload: { name: '決済テスト' },
      })
    ).json();
    const card = await t.server.app.inject({
      method: 'POST',
      url: '/api/mypage/payment_methods',
      headers,
      payload: { providerToken: 'pm_card_authenticationRequired' },
    });
    expect(card.statusCode).toBe(201);
    slot += 1;
    const startAt = new Date(t.clock.now().getTime() + (24 + slot * 3) * 3600_000);
    const endAt = new Date(startAt.getTime() + 90 * 60_000);
    const item = {
      startAt: startAt.toISOString(),
      endAt: endAt.toISOString(),
      capacity: 20,
      isRehearsal: false,
      eventAnnouncementId: null,
    };
    const res = await t.server.app.inject({
      method: 'POST',
      url: `/api/mypage/worlds/${world.id}/payments`,
      headers,
      payload: {
        paymentMethodId: card.json().id,
        items: [item],
        timezone: 'Asia/Tokyo',
        expectedTotal: priceYen({ startAt, endAt, capacity: 20 }),
      },
    });
    expect(res.statusCode).toBe(202);
    const paymentId: string = res.json().paymentId;
    const [row] = await t.database.db.select().from(payments).where(eq(payments.id, paymentId));
    return { paymentId, pi: row!.providerPaymentId! };
  }

  const statusOf = async (paymentId: string) => {
    const [row] = await t.database.db.select().from(payments).where(eq(payments.id, paymentId));
    const dates = await t.database.db
      .select()
      .from(calendarDates)
      .where(eq(calendarDates.paymentId, paymentId));
    return { payment: row!.status, receiptUrl: row!.receiptUrl, dates: dates.map((d) => d.status) };
  };

  it('reserves the dates when Stripe reports the authenticated payment succeeded', async () => {
    const { paymentId, pi } = await paymentAwaitingAuthentication();
    expect(pi).toMatch(/^pi_/);
    expect(await statusOf(paymentId)).toMatchObject({
      payment: 'requires_action',
      dates: ['pending'],
    });
    t.fake.completeAuthentication(pi, true);

    const payload = JSON.stringify(t.fake.event('payment_intent.succeeded', pi));
    const res = await post(payload, signed(payload));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect(await statusOf(paymentId)).toEqual({
      payment: 'succeeded',
      receiptUrl: expect.stringMatching(/^https:\/\/pay\.stripe\.com\//),
      dates: ['reserved'],
    });

    // Stripe delivers at least once: the same event again changes nothing.
    const again = await post(payload, signed(payload));
    expect(again.statusCode).toBe(200);
    expect(await statusOf(paymentId)).toMatchObject({ payment: 'succeeded', dates: ['reserved'] });
  });

  it('releases the dates when Stripe reports the authentication failed', async () => {
    const { paymentId, pi } = await paymentAwaitingAuthentication();
    t.fake.completeAuthentication(pi, false);
    const payload = JSON.stringify(t.fake.event('payment_intent.payment_failed', pi));
    const res = await post(payload, signed(payload));
    expect(res.statusCode).toBe(200);
    expect(await statusOf(paymentId)).toMatchObject({ payment: 'failed', dates: ['cancelled'] });
  });

  it('settles from Stripe’s current state, not from the event’s copy', async () => {
    const { paymentId, pi } = await paymentAwaitingAuthentication();
    // A validly signed "succeeded" for a payment Stripe still has waiting: nothing is reserved.
    const payload = JSON.stringify(t.fake.event('payment_intent.succeeded', pi));
    expect((await post(payload, signed(payload))).statusCode).toBe(200);
    expect(await statusOf(paymentId)).toMatchObject({
      payment: 'requires_action',
      dates: ['pending'],
    });
  });

  it('refuses a tampered payload with 400 and changes nothing', async () => {
    const { paymentId, pi } = await paymentAwaitingAuthentication();
    t.fake.completeAuthentication(pi, true);
    const payload = JSON.stringify(t.fake.event('payment_intent.succeeded', pi));
    const signature = signed(payload);
    const tampered = payload.replace(/"amount":\d+/, '"amount":1');
    expect(tampered).not.toBe(payload);

    const res = await post(tampered, signature);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: [signatureRefused] });
    expect(await statusOf(paymentId)).toMatchObject({
      payment: 'requires_action',
      dates: ['pending'],
    });
  });

  it('refuses an event signed with another secret', async () => {
    const { paymentId, pi } = await paymentAwaitingAuthentication();
    t.fake.completeAuthentication(pi, true);
    const payload = JSON.stringify(t.fake.event('payment_intent.succeeded', pi));
    const res = await post(payload, signed(payload, { secret: 'whsec_someone_else' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: [signatureRefused] });
    expect(await statusOf(paymentId)).toMatchObject({ payment: 'requires_action' });
  });

  it('refuses an event signed longer ago than the tolerance (a replay)', async () => {
    const { paymentId, pi } = await paymentAwaitingAuthentication();
    t.fake.completeAuthentication(pi, true);
    const payload = JSON.stringify(t.fake.event('payment_intent.succeeded', pi));
    const nowSeconds = Math.floor(t.clock.now().getTime() / 1000);
    const old = await post(
      payload,
      signed(payload, { timestamp: nowSeconds - Stripe.webhooks.DEFAULT_TOLERANCE - 10 }),
    );
    expect(old.statusCode).toBe(400);
    expect(await statusOf(paymentId)).toMatchObject({ payment: 'requires_action' });
    // Within the tolerance the same event is taken (the check above can fail).
    const recent = await post(payload, signed(payload, { timestamp: nowSeconds - 60 }));
    expect(recent.statusCode).toBe(200);
    expect(await statusOf(paymentId)).toMatchObject({ payment: 'succeeded' });
  });

  it('refuses a request without a Stripe-Signature header', async () => {
    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: {} },
    });
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
  });

  it('acknowledges an event type it does not handle and ignores it', async () => {
    const payload = JSON.stringify({
      id: 'evt_other',
      object: 'event',
      type: 'customer.created',
      created: 1,
      data: { object: { id: 'cus_1', object: 'customer' } },
      livemode: false,
    });
    const res = await post(payload, signed(payload));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
  });

  it("records a refund made in Stripe's dashboard: the payment is refunded and its dates are freed", async () => {
    const { paymentId, pi } = await paymentAwaitingAuthentication();
    t.fake.completeAuthentication(pi, true);
    const paid = JSON.stringify(t.fake.event('payment_intent.succeeded', pi));
    await post(paid, signed(paid));
    expect(await statusOf(paymentId)).toMatchObject({ payment: 'succeeded', dates: ['reserved'] });

    // The dashboard's refund: made at Stripe, not through the product.
    const stripe = new Stripe(t.fake.secretKey, t.fake.api);
    await stripe.refunds.create({ payment_intent: pi });
    const chargeId = t.fake.paymentIntents.get(pi)!.latest_charge!;
    const refunded = JSON.stringify(t.fake.event('charge.refunded', chargeId));
    const before = t.fake.requests.length;
    expect((await post(refunded, signed(refunded))).statusCode).toBe(200);
    // The charge's PaymentIntent is asked for its current state.
    expect(t.fake.requests.slice(before)).toContainEqual(
      expect.objectContaining({ method: 'GET', path: `/v1/payment_intents/${pi}` }),
    );
    expect(await statusOf(paymentId)).toMatchObject({ payment: 'refunded', dates: ['cancelled'] });
    const [row] = await t.database.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(row!.cancelledAt).not.toBeNull();
    // No second refund is asked of Stripe for it.
    expect([...t.fake.refunds.values()].filter((r) => r.payment_intent === pi)).toHaveLength(1);

    const foreign = JSON.stringify({
      ...JSON.parse(refunded),
      type: 'payment_intent.succeeded',
      data: { object: { id: 'pi_not_ours', object: 'payment_intent' } },
    });
    expect((await post(foreign, signed(foreign))).statusCode).toBe(200);
  });

  it('parses the other routes’ JSON as before (the raw body is kept for the webhook only)', async () => {
    const res = await t.server.app.inject({
      method: 'POST',
      url: '/api/auth/sign_in',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: ['JSON の形式が正しくありません。'] });
  });
});

describe(`Stripe webhook without Stripe on ${testDbKind}`, () => {
  const t = useTestServer();

  it('answers 404: the local provider has no webhook', async () => {
    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: 'pi_1' } },
    });
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', 'stripe-signature': signed(payload) },
      payload,
    });
    expect(res.statusCode).toBe(404);
  });
});
