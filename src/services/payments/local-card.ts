// The local test provider's card form, the part Stripe.js plays with Stripe: the card number
// goes to createLocalCardToken, never to the product's own calls; the token is then registered.
import type { ApiClient } from '../api/client';
import { call } from './payment-error';
import { createPaymentMethod, type PaymentMethod } from './payments-api';

export interface LocalCardInput {
  /** Digits, spaces allowed. */
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

async function tokeniseLocalCard(client: ApiClient, card: LocalCardInput): Promise<string> {
  const { data } = await call(() =>
    client.POST('/api/payments/local/tokens', {
      body: {
        number: card.number.trim(),
        expMonth: card.expMonth,
        expYear: card.expYear,
        cvc: card.cvc.trim(),
      },
    }),
  );
  return data.token;
}

export async function saveLocalCard(
  client: ApiClient,
  card: LocalCardInput,
  isDefault: boolean,
): Promise<PaymentMethod> {
  const token = await tokeniseLocalCard(client, card);
  return createPaymentMethod(client, token, isDefault);
}
