// The one interface behind which card payments happen. Two implementations:
// - local (the default): a real provider on this machine: test card numbers succeed, are
//   declined or ask for authentication; charges are recorded with a receipt the app serves.
// - stripe (STRIPE_SECRET_KEY): the `stripe` package; tested against a local server speaking
//   Stripe's protocol.
// Amounts are integer yen (JPY has no minor unit, as in Stripe).

type ProviderName = 'local' | 'stripe';

/** A card as the product stores and shows it; never the number. */
export type CardDetails = {
  /** The provider's id of the saved card (Stripe: pm_…; local: its token). */
  providerPaymentMethodId: string;
  brand: 'visa' | 'mastercard' | 'amex' | 'jcb' | 'diners' | 'discover' | 'unionpay' | 'unknown';
  last4: string;
  expMonth: number;
  expYear: number;
};

export type ChargeRequest = {
  /** The provider's customer (see ensureCustomer). */
  customerId: string;
  providerPaymentMethodId: string;
  amountYen: number;
  /** One key per payment: a retried request never charges twice. */
  idempotencyKey: string;
  description: string;
  metadata: Record<string, string>;
};

/** Where a charge stands; the same shape after the first attempt and after authentication. */
export type ChargeOutcome =
  | { status: 'succeeded'; providerPaymentId: string; receiptUrl: string | null }
  /** The payer must authenticate; `clientSecret` is what the browser needs to do it. */
  | { status: 'requires_action'; providerPaymentId: string; clientSecret: string }
  /** Refused; `message` is Japanese, for the payer. */
  | { status: 'failed'; providerPaymentId: string | null; message: string }
  /** Paid, then the whole amount was given back (by us, or from the provider's dashboard). */
  | { status: 'refunded'; providerPaymentId: string };

export interface PaymentProvider {
  readonly name: ProviderName;
  /** Stripe's publishable key for Stripe.js; null for the local provider. */
  readonly publishableKey: string | null;
  /** The provider's customer for a user, created on first use. */
  ensureCustomer(user: {
    id: string;
    email: string;
    name: string;
    customerId: string | null;
  }): Promise<string>;
  /** A client secret to collect a card in the browser (Stripe SetupIntent), or null when not needed. */
  createSetup(customerId: string): Promise<string | null>;
  /** Attaches a card tokenised in the browser to the customer and tells what it is. */
  attachCard(customerId: string, providerToken: string): Promise<CardDetails>;
  detachCard(providerPaymentMethodId: string): Promise<void>;
  charge(request: ChargeRequest): Promise<ChargeOutcome>;
  /** The outcome now, after the payer was asked to authenticate. */
  retrieve(providerPaymentId: string): Promise<ChargeOutcome>;
  /**
   * The charge made with this idempotency key (the payment's id, also its `metadata.paymentId`),
   * or null when none was made: how a payment whose charge answer was lost (a crash) is settled.
   */
  findCharge(idempotencyKey: string): Promise<ChargeOutcome | null>;
  /**
   * Gives the money back: all of it, or `part` of it (a cancelled date, under the cancellation
   * policy; its key makes a retried refund one refund).
   */
  refund(
    providerPaymentId: string,
    part?: { amountYen: number; idempotencyKey: string },
  ): Promise<void>;
  /**
   * Cancels a charge still waiting for the payer's authentication; answers where it stands after:
   * failed once cancelled, or succeeded when the payer finished first (the caller refunds then).
   */
  cancel(providerPaymentId: string): Promise<ChargeOutcome>;
}
