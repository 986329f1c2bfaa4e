import { describe, expect, it } from 'vitest';
import { createApiClient } from '../api/client';
import { createFakeFetch, jsonResponse, networkFailure } from '../api/test-support';
import { createMemoryStorage } from '../memory-storage';
import { createAppStorage } from '../storage';
import { isPaymentError } from './payment-error';
import {
  createPayment,
  verifyPayment,
  type CalendarDate,
  type PaymentHistory,
} from './payments-api';
import { stripeLocale } from './stripe';

const worldId = '00000000-0000-4000-8000-00000000000a';
const client = (replies: Parameters<typeof createFakeFetch>[0]) => {
  const fake = createFakeFetch(replies);
  return {
    ...fake,
    client: createApiClient({
      fetch: fake.fetch,
      storage: createAppStorage(createMemoryStorage()),
      baseUrl: 'http://api.test',
    }),
  };
};
const body = {
  paymentMethodId: '00000000-0000-4000-8000-0000000000c1',
  items: [
    {
      startAt: '2030-06-03T01:00:00.000Z',
      endAt: '2030-06-03T02:30:00.000Z',
      capacity: 20,
      isRehearsal: false,
      eventAnnouncementId: null,
    },
  ],
  timezone: 'Asia/Tokyo' as const,
  expectedTotal: 3300,
};
const history: PaymentHistory = {
  id: 'h1',
  createdAt: '2030-01-01T00:00:10.000Z',
  paymentType: 'card',
  cancelled: false,
  total: 3300,
  worldId,
  worldName: 'w',
  ssWorldName: 'w',
  cardLast4: '4242',
  receiptUrl: null,
  userId: 'u',
  userName: 'u',
  dates: [],
  refunds: [],
};
const reservedDate = (status: CalendarDate['status']): CalendarDate => ({
  id: 'd1',
  worldId,
  isRehearsal: false,
  startAt: '2030-06-03T01:00:00.000Z',
  endAt: '2030-06-03T02:30:00.000Z',
  capacity: 20,
  status,
  paidByFixed: false,
  eventAnnouncementId: null,
  paymentHistory: status === 'reserved' ? history : null,
  createdAt: history.createdAt,
  updatedAt: history.createdAt,
});
const items = [{ worldId, ...body.items[0]!, price: 3300 }];
const since = Date.parse('2030-01-01T00:00:00.000Z');

describe('payments api', () => {
  it('reads a 202 as the issuer asking for authentication', async () => {
    const { client: api } = client([
      jsonResponse(
        {
          paymentId: 'p1',
          status: 'requires_action',
          nextAction: { provider: 'local', clientSecret: 'p1' },
        },
        { status: 202 },
      ),
    ]);

    expect(await createPayment(api, worldId, body)).toEqual({
      status: 'requiresAction',
      paymentId: 'p1',
      provider: 'local',
      clientSecret: 'p1',
    });
  });

  it('sends a payment once: a dropped connection is "unknown", not retried', async () => {
    const { client: api, seen } = client([networkFailure(), jsonResponse({})]);

    const error = await createPayment(api, worldId, body).catch((e: unknown) => e);

    expect(isPaymentError(error, 'unknown')).toBe(true);
    expect(seen).toHaveLength(1);
  });

  it('tells a decline (422) with the server message from a conflict (409)', async () => {
    const { client: api } = client([
      jsonResponse({ errors: ['カードが拒否されました。'] }, { status: 422 }),
      jsonResponse({ errors: ['すでに予約されています。'] }, { status: 409 }),
    ]);

    const first = await createPayment(api, worldId, body).catch((e: unknown) => e);
    const second = await createPayment(api, worldId, body).catch((e: unknown) => e);

    expect(first).toMatchObject({ kind: 'declined', messages: ['カードが拒否されました。'] });
    expect(second).toMatchObject({ kind: 'conflict' });
  });

  it('verifies a lost payment from the calendar: ours reserved, pending, or nothing', async () => {
    const answers = [[reservedDate('reserved')], [reservedDate('pending')], []];
    const { client: api, seen } = client(answers.map((dates) => jsonResponse({ items: dates })));
    const input = { worldId, paymentId: null, items, expectedTotal: 3300, since };

    expect(await verifyPayment(api, input)).toEqual({
      status: 'paid',
      result: { paymentHistory: history, calendarDates: [reservedDate('reserved')] },
    });
    expect(await verifyPayment(api, input)).toEqual({ status: 'pending' });
    expect(await verifyPayment(api, input)).toEqual({ status: 'notPaid' });
    expect(seen[0]?.url).toBe(
      `http://api.test/api/mypage/worlds/${worldId}/calendar_dates?from=2030-06-03T01%3A00%3A00.000Z&to=2030-06-03T02%3A30%3A00.000Z`,
    );
  });

  it('does not take a reservation paid before this attempt (another payment) for ours', async () => {
    const old = {
      ...reservedDate('reserved'),
      paymentHistory: { ...history, createdAt: '2029-01-01T00:00:00.000Z' },
    };
    const { client: api } = client([jsonResponse({ items: [old] })]);

    expect(
      await verifyPayment(api, { worldId, paymentId: null, items, expectedTotal: 3300, since }),
    ).toEqual({ status: 'notPaid' });
  });

  it('asks Stripe for Japanese only when the browser language is Japanese', () => {
    expect([
      stripeLocale('ja'),
      stripeLocale('ja-JP'),
      stripeLocale('en-US'),
      stripeLocale(undefined),
    ]).toEqual(['ja', 'ja', 'en', 'en']);
  });
});
