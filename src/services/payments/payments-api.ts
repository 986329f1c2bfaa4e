// The product's payment and calendar calls, as the reservation and checkout machines' actors use
// them. Each answers its data or throws a PaymentError (./payment-error.ts).
import { slotOf, type CartItem } from '../../domain/cart';
import type { ApiClient } from '../api/client';
import type { components } from '../api/schema';
import { call, PaymentError } from './payment-error';

type Schemas = components['schemas'];
export type PaymentMethod = Schemas['PaymentMethod'];
export type CalendarDate = Schemas['CalendarDate'];
export type PaymentResult = Schemas['PaymentResult'];
export type PaymentHistory = Schemas['PaymentHistory'];
export type Receipt = Schemas['Receipt'];
export type PaymentConfig = Schemas['PaymentConfig'];
export type PaymentProviderName = Schemas['PaymentProvider'];
export type CreatePaymentRequest = Schemas['CreatePaymentRequest'];
export type CreateFixedPaymentRequest = Schemas['CreateFixedPaymentRequest'];
export type MyWorld = Schemas['World'];
export type PendingPaymentSummary = Schemas['PendingPayment'];

/** What a payment call ends with when it does not fail: paid, or the issuer wants the payer. */
export type KonbiniVoucher = Schemas['KonbiniVoucher'];

export type PaymentOutcome =
  | { status: 'paid'; result: PaymentResult }
  /** コンビニ払い: the voucher to pay at a store; the dates are held until its deadline. */
  | { status: 'voucher'; paymentId: string; voucher: KonbiniVoucher }
  | {
      status: 'requiresAction';
      paymentId: string;
      provider: PaymentProviderName;
      clientSecret: string;
    };

type PaidOrAction = PaymentResult | Schemas['PaymentActionRequired'];

function outcomeOf(data: PaidOrAction, status: number): PaymentOutcome {
  if (status === 202 && 'nextAction' in data) {
    if (data.nextAction.voucher)
      return { status: 'voucher', paymentId: data.paymentId, voucher: data.nextAction.voucher };
    return {
      status: 'requiresAction',
      paymentId: data.paymentId,
      provider: data.nextAction.provider,
      clientSecret: data.nextAction.clientSecret,
    };
  }
  if ('paymentHistory' in data) return { status: 'paid', result: data };
  throw new PaymentError('unknown', ['お支払いの結果を確認できませんでした。'], status);
}

export async function getPaymentConfig(client: ApiClient): Promise<PaymentConfig> {
  return (await call(() => client.GET('/api/payments/config'))).data;
}

export async function calcPrice(
  client: ApiClient,
  {
    worldId,
    startAt,
    endAt,
    capacity,
  }: { worldId: string; startAt: Date; endAt: Date; capacity: number },
  signal?: AbortSignal,
): Promise<number> {
  const { data } = await call(() =>
    client.GET('/api/mypage/worlds/{world_id}/payments/calc_price', {
      params: {
        path: { world_id: worldId },
        query: { startAt: startAt.toISOString(), endAt: endAt.toISOString(), capacity },
      },
      signal,
    }),
  );
  return data.price;
}

export async function listCalendarDates(
  client: ApiClient,
  { worldId, from, to }: { worldId: string; from: Date; to: Date },
  signal?: AbortSignal,
): Promise<CalendarDate[]> {
  const { data } = await call(() =>
    client.GET('/api/mypage/worlds/{world_id}/calendar_dates', {
      params: {
        path: { world_id: worldId },
        query: { from: from.toISOString(), to: to.toISOString() },
      },
      signal,
    }),
  );
  return data.items;
}

export async function createPayment(
  client: ApiClient,
  worldId: string,
  body: CreatePaymentRequest,
): Promise<PaymentOutcome> {
  const { data, status } = await call(() =>
    client.POST('/api/mypage/worlds/{world_id}/payments', {
      params: { path: { world_id: worldId } },
      body,
    }),
  );
  return outcomeOf(data, status);
}

/** 「定額プランで予約する」: the dates reserved under the world's active plan, nothing charged. */
export async function reserveWithPlan(
  client: ApiClient,
  worldId: string,
  body: CreateFixedPaymentRequest,
): Promise<PaymentOutcome> {
  const { data } = await call(() =>
    client.POST('/api/mypage/worlds/{world_id}/fixed_payments', {
      params: { path: { world_id: worldId } },
      body,
    }),
  );
  return { status: 'paid', result: data };
}

export async function confirmPayment(
  client: ApiClient,
  worldId: string,
  paymentId: string,
): Promise<PaymentOutcome> {
  const { data, status } = await call(() =>
    client.POST('/api/mypage/worlds/{world_id}/payments/{id}/confirm', {
      params: { path: { world_id: worldId, id: paymentId } },
      body: {},
    }),
  );
  return outcomeOf(data, status);
}

/** 「認証を続ける」: the provider's step of the payer's pending payment again, or its outcome. */
export async function resumePayment(client: ApiClient, paymentId: string): Promise<PaymentOutcome> {
  const { data, status } = await call(() =>
    client.POST('/api/mypage/pending_payments/{id}/resume', {
      params: { path: { id: paymentId } },
      body: {},
    }),
  );
  return outcomeOf(data, status);
}

/** 「取り消す」: the payer's pending payment cancelled, its dates free at once. */
export async function cancelPendingPayment(client: ApiClient, paymentId: string): Promise<void> {
  await call(() =>
    client.DELETE('/api/mypage/pending_payments/{id}', { params: { path: { id: paymentId } } }),
  );
}

/** The local provider's stand-in for the issuer's page: the payer approves or rejects. */
export async function authenticateLocalPayment(
  client: ApiClient,
  challengeId: string,
  result: 'approve' | 'reject',
): Promise<void> {
  await call(() =>
    client.POST('/api/payments/local/payments/{id}/authenticate', {
      params: { path: { id: challengeId } },
      body: { result },
    }),
  );
}

export type Verification = PaymentOutcome | { status: 'notPaid' } | { status: 'pending' };

/**
 * After a payment request whose answer was lost: did it go through? With a payment id, the
 * server is asked about that payment (confirm is safe to repeat). Without one, the world's
 * calendar is read: the cart's dates reserved under one payment of the expected total, made
 * since the attempt began, mean it was paid; dates still pending mean a payment is in progress
 * (or its hold has not expired yet); none means nothing was charged and paying again is safe.
 */
export async function verifyPayment(
  client: ApiClient,
  input: {
    worldId: string;
    paymentId: string | null;
    items: readonly CartItem[];
    expectedTotal: number;
    since: number;
  },
): Promise<Verification> {
  if (input.paymentId) return confirmPayment(client, input.worldId, input.paymentId);
  const slots = input.items.map(slotOf);
  if (slots.length === 0) return { status: 'notPaid' };
  const from = new Date(Math.min(...slots.map((s) => s.startAt.getTime())));
  const to = new Date(Math.max(...slots.map((s) => s.endAt.getTime())));
  const dates = await listCalendarDates(client, { worldId: input.worldId, from, to });
  const matches = slots.map((slot) =>
    dates.find(
      (date) =>
        Date.parse(date.startAt) === slot.startAt.getTime() &&
        Date.parse(date.endAt) === slot.endAt.getTime() &&
        (date.status === 'reserved' || date.status === 'pending'),
    ),
  );
  const found = matches.filter((date): date is CalendarDate => date !== undefined);
  const history = found[0]?.paymentHistory ?? null;
  const ours =
    history !== null &&
    found.length === slots.length &&
    found.every((date) => date.status === 'reserved' && date.paymentHistory?.id === history.id) &&
    history.total === input.expectedTotal &&
    Date.parse(history.createdAt) >= input.since - 5 * 60_000;
  if (ours) return { status: 'paid', result: { paymentHistory: history, calendarDates: found } };
  if (found.some((date) => date.status === 'pending')) return { status: 'pending' };
  return { status: 'notPaid' };
}

export async function listPaymentMethods(client: ApiClient): Promise<PaymentMethod[]> {
  return (await call(() => client.GET('/api/mypage/payment_methods'))).data.items;
}

export async function createPaymentMethod(
  client: ApiClient,
  providerToken: string,
  isDefault: boolean,
): Promise<PaymentMethod> {
  return (
    await call(() =>
      client.POST('/api/mypage/payment_methods', { body: { providerToken, isDefault } }),
    )
  ).data;
}

export async function makeDefaultPaymentMethod(
  client: ApiClient,
  id: string,
): Promise<PaymentMethod> {
  return (
    await call(() =>
      client.PATCH('/api/mypage/payment_methods/{id}', {
        params: { path: { id } },
        body: { isDefault: true },
      }),
    )
  ).data;
}

export async function deletePaymentMethod(client: ApiClient, id: string): Promise<void> {
  await call(() => client.DELETE('/api/mypage/payment_methods/{id}', { params: { path: { id } } }));
}
