import { expect } from 'vitest';
import { totalYen } from '../../../src/domain/price';
import { testCards } from '../../../server/payments/local';
import { api } from './api';

/** A date to reserve: its start (ms since the epoch), length and capacity. */
export type Span = { start: number; minutes: number; capacity: number };

/**
 * Reserves the world's dates in one payment with the local provider's test card, as the owner's
 * checkout does (docs/product.md, "Checkout"): the payment history's id. The price is the
 * product's (src/domain/price): the fixture pays it, no test asserts it here.
 */
export async function reserveDates(
  baseUrl: string,
  auth: Record<string, string>,
  worldId: string,
  spans: Span[],
): Promise<string> {
  const token = await api(baseUrl, '/api/payments/local/tokens', {
    method: 'POST',
    headers: auth,
    body: {
      number: testCards.succeeds,
      expMonth: 12,
      expYear: new Date().getUTCFullYear() + 2,
      cvc: '123',
    },
  });
  const method = await api(baseUrl, '/api/mypage/payment_methods', {
    method: 'POST',
    headers: auth,
    body: { providerToken: token.json.token },
  });
  expect(method.status, JSON.stringify(method.json)).toBe(201);
  const slots = spans.map((s) => ({
    startAt: new Date(s.start),
    endAt: new Date(s.start + s.minutes * 60_000),
    capacity: s.capacity,
  }));
  const paid = await api(baseUrl, `/api/mypage/worlds/${worldId}/payments`, {
    method: 'POST',
    headers: auth,
    body: {
      paymentMethodId: method.json.id,
      items: slots.map((s) => ({
        startAt: s.startAt.toISOString(),
        endAt: s.endAt.toISOString(),
        capacity: s.capacity,
        isRehearsal: false,
        eventAnnouncementId: null,
      })),
      timezone: 'Asia/Tokyo',
      expectedTotal: totalYen(slots),
    },
  });
  expect(paid.status, JSON.stringify(paid.json)).toBe(201);
  return paid.json.paymentHistory.id as string;
}
