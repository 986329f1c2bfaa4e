// コンビニ払い through Stripe (issue 23 item 3): the real `stripe` SDK against the local fake
// Stripe (tests/support/fake-stripe-konbini.ts): a konbini PaymentIntent is a voucher until the
// store is paid (succeeded) or its deadline passes (failed, the dates to be released).
import { describe, expect, it } from 'vitest';
import { konbiniMessages } from '../../src/domain/konbini';
import { newCustomer, useStripeProvider } from '../../tests/support/stripe-provider';
import type { VoucherRequest } from './provider';

const t = useStripeProvider();

let n = 0;
async function voucherRequest(): Promise<VoucherRequest> {
  n += 1;
  return {
    customerId: await newCustomer(t.stripe, 'コンビニ'),
    amountYen: 3300,
    idempotencyKey: `konbini-payment-${n}-${Date.now()}`,
    description: 'ワールド予約 1件',
    metadata: { paymentId: `kp-${n}` },
    expiresAt: new Date(Math.floor(Date.now() / 1000 + 2 * 86_400) * 1000),
    payer: { name: `コンビニ ${n}`, email: `k${n}@example.com` },
  };
}

describe('Stripe konbini against a local server speaking Stripe', () => {
  it('issues a voucher: a konbini PaymentIntent confirmed at once, its numbers and deadline from next_action', async () => {
    const request = await voucherRequest();
    const outcome = await t.stripe.issueVoucher(request);
    expect(outcome).toMatchObject({
      status: 'awaiting_payment',
      voucher: { expiresAt: request.expiresAt, url: expect.stringMatching(/^https:\/\//) },
    });
    if (outcome.status !== 'awaiting_payment') throw new Error('no voucher');
    expect(outcome.voucher.paymentNumber).toMatch(/^[0-9]{12}$/);
    expect(outcome.voucher.confirmationNumber).toMatch(/^[0-9]{11}$/);
    const sent = t.fake.requests.find(
      (r) => r.path === '/v1/payment_intents' && r.idempotencyKey === request.idempotencyKey,
    );
    expect(sent?.form).toMatchObject({
      allowed_payment_method_types: { 0: 'konbini' },
      confirm: 'true',
      payment_method_data: {
        type: 'konbini',
        billing_details: { name: request.payer.name, email: request.payer.email },
      },
      payment_method_options: {
        konbini: { expires_at: String(request.expiresAt.getTime() / 1000) },
      },
    });
    // The same key again is the same voucher.
    expect(await t.stripe.issueVoucher(request)).toEqual(outcome);
  });

  it('paid at the store: succeeded with Stripe’s receipt', async () => {
    const outcome = await t.stripe.issueVoucher(await voucherRequest());
    t.fake.payKonbini(outcome.providerPaymentId!);
    expect(await t.stripe.retrieve(outcome.providerPaymentId!)).toMatchObject({
      status: 'succeeded',
      receiptUrl: expect.stringMatching(/^https:\/\//),
    });
  });

  it('past its deadline unpaid, or cancelled: failed with the expiry message for the payer', async () => {
    const expired = await t.stripe.issueVoucher(await voucherRequest());
    t.fake.expireKonbini(expired.providerPaymentId!);
    expect(await t.stripe.retrieve(expired.providerPaymentId!)).toEqual({
      status: 'failed',
      providerPaymentId: expired.providerPaymentId,
      message: konbiniMessages.expired,
    });
    const cancelled = await t.stripe.issueVoucher(await voucherRequest());
    expect(await t.stripe.cancel(cancelled.providerPaymentId!)).toMatchObject({
      status: 'failed',
      message: konbiniMessages.expired,
    });
  });
});
