import { expect } from 'vitest';
import { totalYen } from '../../../src/domain/price';
import { testCards } from '../../../server/payments/local';
import type { useTestServer } from './app';
import { anyIp, type AuthHeaders, createWorld, newSignedInUser } from './session';

type T = ReturnType<typeof useTestServer>;
export type Item = {
  startAt: string;
  endAt: string;
  capacity: number;
  isRehearsal: boolean;
  eventAnnouncementId: string | null;
};

function total(items: Item[]) {
  return totalYen(
    items.map((i) => ({
      startAt: new Date(i.startAt),
      endAt: new Date(i.endAt),
      capacity: i.capacity,
    })),
  );
}

/** Calls shared by the calendar and payment tests, on one test server. */
export function checkoutCalls(t: T) {
  const calls = {
    owner: () => newSignedInUser(t.app, t.database.db),
    world: (headers: AuthHeaders, name?: string) => createWorld(t.app, headers, name),
    tokenize(
      headers: AuthHeaders,
      number: string,
      expYear = new Date().getUTCFullYear() + 2,
      expMonth = 12,
    ) {
      return t.app.inject({
        method: 'POST',
        url: '/api/payments/local/tokens',
        headers,
        payload: { number, expMonth, expYear, cvc: '123' },
        remoteAddress: anyIp(),
      });
    },
    /** Tokenises a test card and saves it: the payment method's id. */
    async card(headers: AuthHeaders, number: string = testCards.succeeds) {
      const token = await calls.tokenize(headers, number);
      expect(token.statusCode, token.body).toBe(201);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/mypage/payment_methods',
        headers,
        payload: { providerToken: token.json().token },
        remoteAddress: anyIp(),
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: string; last4: string; brand: string; isDefault: boolean };
    },
    /** A cart item starting `hours` from the test clock's now. */
    item(hours: number, minutes = 90, capacity = 20): Item {
      const start = new Date(t.clock.now().getTime() + hours * 3_600_000);
      start.setUTCSeconds(0, 0);
      return {
        startAt: start.toISOString(),
        endAt: new Date(start.getTime() + minutes * 60_000).toISOString(),
        capacity,
        isRehearsal: false,
        eventAnnouncementId: null,
      };
    },
    total,
    pay(
      headers: AuthHeaders,
      worldId: string,
      paymentMethodId: string,
      items: Item[],
      expectedTotal = total(items),
    ) {
      return t.app.inject({
        method: 'POST',
        url: `/api/mypage/worlds/${worldId}/payments`,
        headers,
        payload: { paymentMethodId, items, timezone: 'Asia/Tokyo', expectedTotal },
      });
    },
    /** An event announcement of the world (a draft), to link dates to: its id. */
    async announcement(headers: AuthHeaders, worldId: string) {
      const startAt = new Date(t.clock.now().getTime() + 86_400_000);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/mypage/worlds/${worldId}/event_announcements`,
        headers,
        payload: {
          title: '交流会',
          startAt: startAt.toISOString(),
          endAt: new Date(startAt.getTime() + 3_600_000).toISOString(),
          capacity: 20,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    },
    dates(headers: AuthHeaders, worldId: string, query = '') {
      return t.app.inject({
        method: 'GET',
        url: `/api/mypage/worlds/${worldId}/calendar_dates${query}`,
        headers,
      });
    },
  };
  return calls;
}
