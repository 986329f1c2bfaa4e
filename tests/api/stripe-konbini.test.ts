// コンビニ払い through Stripe (issue 23 item 3), the real server and `stripe` SDK against the local
// fake Stripe: createPayment with method konbini answers Stripe's voucher; Stripe's webhook
// events settle it (payment_intent.succeeded → reserved, receipt, mail; payment_failed at the
// deadline → released, mail), each once however often Stripe delivers it.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { konbiniMessages } from '../../src/domain/konbini';
import { priceYen } from '../../src/domain/price';
import { calendarDates, payments } from '../../server/db/schema';
import { listMails } from '../../server/mail/outbox';
import { testDbKind } from './support/database';
import { newSignedInUser } from './support/session';
import { signed, url, useStripeServer } from './support/stripe';

describe(`コンビニ払い through Stripe on ${testDbKind}`, () => {
  const t = useStripeServer();
  const webhook = async (type: string, pi: string) => {
    const payload = JSON.stringify(t.fake.event(type, pi));
    return t.server.app.inject({
      method: 'POST',
      url,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': signed(payload),
      },
      payload,
    });
  };

  let slot = 0;
  /** An owner's voucher for one date 10 days ahead: the payment, its PaymentIntent, the answer. */
  async function voucher() {
    const owner = await newSignedInUser(t.server.app, t.database.db);
    const world = (
      await t.server.app.inject({
        method: 'POST',
        url: '/api/mypage/worlds',
        headers: owner.headers,
        payload: { name: 'コンビニ払いのワールド' },
      })
    ).json();
    slot += 1;
    const startAt = new Date(t.clock.now().getTime() + (240 + slot * 3) * 3600_000);
    const endAt = new Date(startAt.getTime() + 90 * 60_000);
    const res = await t.server.app.inject({
      method: 'POST',
      url: `/api/mypage/worlds/${world.id}/payments`,
      headers: owner.headers,
      payload: {
        method: 'konbini',
        items: [
          {
            startAt: startAt.toISOString(),
            endAt: endAt.toISOString(),
            capacity: 20,
            isRehearsal: false,
            eventAnnouncementId: null,
          },
        ],
        timezone: 'Asia/Tokyo',
        expectedTotal: priceYen({ startAt, endAt, capacity: 20 }),
      },
    });
    expect(res.statusCode, res.body).toBe(202);
    const paymentId: string = res.json().paymentId;
    const [row] = await t.database.db.select().from(payments).where(eq(payments.id, paymentId));
    return { ...owner, paymentId, pi: row!.providerPaymentId!, body: res.json() };
  }

  const state = async (paymentId: string) => {
    const [row] = await t.database.db.select().from(payments).where(eq(payments.id, paymentId));
    const dates = await t.database.db
      .select()
      .from(calendarDates)
      .where(eq(calendarDates.paymentId, paymentId));
    return { payment: row!, dates: dates.map((d) => d.status) };
  };
  const konbiniMails = async (to: string) =>
    (await listMails(t.database.db, { limit: 10, to })).filter((m) =>
      m.subject.includes('コンビニ'),
    );

  it('answers Stripe’s voucher and holds the date; payment_intent.succeeded reserves it once, with the receipt and a mail', async () => {
    const v = await voucher();
    expect(v.body.nextAction).toMatchObject({
      provider: 'stripe',
      voucher: {
        paymentNumber: expect.stringMatching(/^[0-9]{12}$/),
        confirmationNumber: expect.stringMatching(/^[0-9]{11}$/),
        // Stripe counts in whole seconds.
        expiresAt: new Date(
          Math.floor((t.clock.now().getTime() + 3 * 86_400_000) / 1000) * 1000,
        ).toISOString(),
        url: expect.stringMatching(/^https:\/\//),
      },
    });
    // Stripe announces the voucher too (payment_intent.requires_action): nothing changes.
    expect((await webhook('payment_intent.requires_action', v.pi)).statusCode).toBe(200);
    expect(await state(v.paymentId)).toMatchObject({
      payment: {
        status: 'requires_action',
        paymentType: 'konbini',
        voucherNumber: v.body.nextAction.voucher.paymentNumber,
      },
      dates: ['pending'],
    });

    t.fake.payKonbini(v.pi);
    expect((await webhook('payment_intent.succeeded', v.pi)).statusCode).toBe(200);
    // Delivered twice: one reservation, one mail.
    expect((await webhook('payment_intent.succeeded', v.pi)).statusCode).toBe(200);
    const after = await state(v.paymentId);
    expect(after).toMatchObject({ payment: { status: 'succeeded' }, dates: ['reserved'] });
    expect(after.payment.receiptUrl).toMatch(/^https:\/\//);
    const mails = await konbiniMails(v.email);
    // Newest first: the reservation, then the voucher as issued (numbers and deadline).
    expect(mails.map((m) => m.subject)).toEqual([
      expect.stringContaining('予約が確定しました'),
      expect.stringContaining('払込票'),
    ]);
    expect(mails[1]!.text).toContain(`払込票番号: ${v.body.nextAction.voucher.paymentNumber}`);
  });

  it('payment_intent.payment_failed at the deadline releases the date with the expiry message and a mail', async () => {
    const v = await voucher();
    t.fake.expireKonbini(v.pi);
    expect((await webhook('payment_intent.payment_failed', v.pi)).statusCode).toBe(200);
    expect(await state(v.paymentId)).toMatchObject({
      payment: { status: 'failed', failureMessage: konbiniMessages.expired },
      dates: ['cancelled'],
    });
    expect((await konbiniMails(v.email)).map((m) => m.subject)).toEqual([
      expect.stringContaining('期限が過ぎ'),
      expect.stringContaining('払込票'),
    ]);
  });
});
