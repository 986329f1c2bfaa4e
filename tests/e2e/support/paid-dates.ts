import { expect } from 'vitest';
import { totalYen } from '../../../src/domain/price';
import { testCards } from '../../../server/payments/local';
import { api } from './api';

const HOUR = 3_600_000;

/**
 * The owner pays for one-hour dates of `capacity` people starting at `starts` (ms), with the local
 * provider's test card saved first, as the payment page would: the payment history's id.
 */
export async function payForDates(
  baseUrl: string,
  auth: Record<string, string>,
  worldId: string,
  starts: number[],
  capacity = 3,
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
  const items = starts.map((start) => ({
    startAt: new Date(start).toISOString(),
    endAt: new Date(start + HOUR).toISOString(),
    capacity,
    isRehearsal: false,
    eventAnnouncementId: null,
  }));
  const slots = items.map((i) => ({
    startAt: new Date(i.startAt),
    endAt: new Date(i.endAt),
    capacity,
  }));
  const paid = await api(baseUrl, `/api/mypage/worlds/${worldId}/payments`, {
    method: 'POST',
    headers: auth,
    body: {
      paymentMethodId: method.json.id,
      items,
      timezone: 'Asia/Tokyo',
      expectedTotal: totalYen(slots),
    },
  });
  expect(paid.status, JSON.stringify(paid.json)).toBe(201);
  return paid.json.paymentHistory.id as string;
}
