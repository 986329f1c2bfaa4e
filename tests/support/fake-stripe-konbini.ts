// The fake Stripe's コンビニ払い (tests/support/fake-stripe.ts): a PaymentIntent with
// `allowed_payment_method_types[0]=konbini` and `payment_method_data[type]=konbini` confirmed
// at once answers requires_action with next_action.konbini_display_details, as Stripe does
// (docs.stripe.com/payments/konbini/accept-a-payment); the test plays the store (paid →
// succeeded) or the deadline (→ requires_payment_method with a last_payment_error, the state
// Stripe sends payment_intent.payment_failed for).
import { randomInt } from 'node:crypto';

type Json = Record<string, unknown>;
type Form = { [key: string]: string | Form };

const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');

/**
 * The konbini part of a new PaymentIntent, or a Stripe error message when the request is not one
 * Stripe would accept (billing name and email are required for konbini).
 */
export function konbiniIntentFields(
  form: Form,
  pi: string,
  now: number,
): { fields: Json } | { error: string; param: string } {
  const data = typeof form.payment_method_data === 'object' ? form.payment_method_data : {};
  const billing = typeof data.billing_details === 'object' ? data.billing_details : {};
  if (data.type !== 'konbini')
    return { error: 'payment_method_data[type] must be konbini', param: 'payment_method_data' };
  if (typeof billing.name !== 'string' || typeof billing.email !== 'string')
    return {
      error: 'Konbini payments require billing_details[name] and billing_details[email].',
      param: 'payment_method_data[billing_details]',
    };
  const options =
    typeof form.payment_method_options === 'object' ? form.payment_method_options : {};
  const konbini = typeof options.konbini === 'object' ? options.konbini : {};
  // Without expires_at Stripe's default is 3 days (expires_after_days), at the day's end in Japan.
  const expiresAt = Number(konbini.expires_at ?? now + 3 * 86_400);
  const store = { payment_code: digits(12), confirmation_number: digits(11) };
  return {
    fields: {
      payment_method: `pm_${pi.slice(3)}`,
      payment_method_types: ['konbini'],
      next_action: {
        type: 'konbini_display_details',
        konbini_display_details: {
          expires_at: expiresAt,
          hosted_voucher_url: `https://payments.stripe.com/konbini/voucher/test_${pi}`,
          stores: { familymart: store, lawson: store, ministop: store, seicomart: store },
        },
      },
    },
  };
}

/** The deadline passed unpaid: what Stripe's PaymentIntent becomes. */
export const konbiniExpired = {
  status: 'requires_payment_method',
  next_action: null,
  last_payment_error: {
    type: 'invalid_request_error',
    code: 'payment_intent_payment_attempt_expired',
    message: 'The payment attempt expired.',
  },
};
