/**
 * The provider refused something the payer can fix (an invalid, expired or unknown card): the
 * message is Japanese and shown as it is (422). Any other error of a provider is an outage.
 */
export class PaymentRefusal extends Error {}
