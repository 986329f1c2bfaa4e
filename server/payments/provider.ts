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

/** A コンビニ払い voucher: what the payer gives the store's terminal, and by when. */
export type Voucher = {
  paymentNumber: string;
  confirmationNumber: string;
  expiresAt: Date;
  /** The provider's printable voucher (Stripe's hosted_voucher_url); null for the local provider. */
  url: string | null;
};

/** A voucher to issue: paid at a store by `expiresAt`, or never. */
export type VoucherRequest = Omit<ChargeRequest, 'providerPaymentMethodId'> & {
  expiresAt: Date;
  /** Stripe asks for the payer's name and mail address (shown at the store, sent the voucher). */
  payer: { name: string; email: string };
};

/** Where a charge stands; the same shape after the first attempt and after authentication. */
export type ChargeOutcome =
  | { status: 'succeeded'; providerPaymentId: string; receiptUrl: string | null }
  /** The payer must authenticate; `clientSecret` is what the browser needs to do it. */
  | { status: 'requires_action'; providerPaymentId: string; clientSecret: string }
  /** A コンビニ払い voucher was issued; the payer has not paid it at a store yet. */
  | {
      status: 'awaiting_payment';
      providerPaymentId: string;
      clientSecret: string;
      voucher: Voucher;
    }
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
  /** Issues a コンビニ払い voucher (idempotent per key): awaiting_payment, or failed. */
  issueVoucher(request: VoucherRequest): Promise<ChargeOutcome>;
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
   * Cancels a charge still waiting for the payer's authentication (or a voucher not paid); answers where it stands after:
   * failed once cancelled, or succeeded when the payer finished first (the caller refunds then).
   */
  cancel(providerPaymentId: string): Promise<ChargeOutcome>;
}
