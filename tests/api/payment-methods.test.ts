import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { localCards, paymentMethods } from '../../server/db/schema';
import { cardBrand, localMessages, luhnValid, testCards } from '../../server/payments/local';
import { methodMessages } from '../../server/payments/methods';
import { useTestServer } from './support/app';
import { checkoutCalls } from './support/checkout';
import { testDbKind } from './support/database';

const t = useTestServer();
const api = checkoutCalls(t);

describe(`payment methods on ${testDbKind}`, () => {
  it('tokenises test cards with their brand and last 4, never keeping the number', async () => {
    const { headers } = await api.owner();
    const res = await api.tokenize(headers, '4242 4242 4242 4242');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 12 });
    const [stored] = await t.database.db
      .select()
      .from(localCards)
      .where(eq(localCards.token, res.json().token));
    expect(JSON.stringify(stored)).not.toContain('4242424242424242');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('3530111333300000')).toBe('jcb');
    expect(luhnValid(testCards.declined)).toBe(true);
  });

  it('refuses a number that fails the Luhn check and an expired card (422)', async () => {
    const { headers } = await api.owner();
    const bad = await api.tokenize(headers, '4242424242424241');
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ errors: [localMessages.invalidNumber] });
    const now = t.clock.now();
    const expired = await api.tokenize(
      headers,
      testCards.succeeds,
      now.getUTCFullYear(),
      now.getUTCMonth() === 0 ? 1 : now.getUTCMonth(),
    );
    if (now.getUTCMonth() !== 0) {
      expect(expired.statusCode).toBe(422);
      expect(expired.json()).toEqual({ errors: [localMessages.expired] });
    }
    const lastYear = await api.tokenize(headers, testCards.succeeds, now.getUTCFullYear() - 1, 12);
    expect(lastYear.json()).toEqual({ errors: [localMessages.expired] });
    // The current month is still valid.
    expect(
      (await api.tokenize(headers, testCards.succeeds, now.getUTCFullYear(), now.getUTCMonth() + 1))
        .statusCode,
    ).toBe(201);
  });

  it('makes the first card the default, switches the default, removes cards and promotes the next', async () => {
    const { headers, id } = await api.owner();
    const first = await api.card(headers);
    expect(first.isDefault).toBe(true);
    const second = await api.card(headers, '5555555555554444');
    expect(second).toMatchObject({ isDefault: false, brand: 'mastercard', last4: '4444' });
    const made = await t.app.inject({
      method: 'PATCH',
      url: `/api/mypage/payment_methods/${second.id}`,
      headers,
      payload: { isDefault: true },
    });
    expect(made.json()).toMatchObject({ id: second.id, isDefault: true });
    const list = await t.app.inject({ method: 'GET', url: '/api/mypage/payment_methods', headers });
    expect(
      list.json().items.map((m: { id: string; isDefault: boolean }) => [m.id, m.isDefault]),
    ).toEqual([
      [second.id, true],
      [first.id, false],
    ]);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/mypage/payment_methods/${second.id}`,
          headers,
        })
      ).statusCode,
    ).toBe(204);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/mypage/payment_methods',
      headers,
    });
    expect(after.json().items).toMatchObject([{ id: first.id, isDefault: true }]);
    // Kept for the histories that name it, detached at the provider.
    const [removed] = await t.database.db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.id, second.id));
    expect(removed).toMatchObject({ userId: id, deletedAt: expect.any(Date) });
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/mypage/payment_methods/${second.id}`,
          headers,
        })
      ).statusCode,
    ).toBe(404);
  });

  it("answers 404 for another user's card and refuses a token already used", async () => {
    const owner = await api.owner();
    const card = await api.card(owner.headers);
    const other = await api.owner();
    for (const method of ['GET', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: `/api/mypage/payment_methods/${card.id}`,
        headers: other.headers,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ errors: [methodMessages.notFound] });
    }
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/mypage/payment_methods/${card.id}`,
      headers: other.headers,
      payload: { isDefault: true },
    });
    expect(patch.statusCode).toBe(404);
    const token = (await api.tokenize(owner.headers, testCards.succeeds)).json().token;
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/mypage/payment_methods',
          headers: owner.headers,
          payload: { providerToken: token },
        })
      ).statusCode,
    ).toBe(201);
    const stolen = await t.app.inject({
      method: 'POST',
      url: '/api/mypage/payment_methods',
      headers: other.headers,
      payload: { providerToken: token },
    });
    expect(stolen.statusCode).toBe(422);
    expect(stolen.json()).toEqual({ errors: [localMessages.unknownCard] });
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/mypage/payment_methods',
          headers: other.headers,
        })
      ).json(),
    ).toEqual({ items: [] });
  });

  it('stops card testing: the 21st card attempt of one account within an hour gets 429', async () => {
    const { headers } = await api.owner();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await api.tokenize(headers, '4242424242424241')).statusCode);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(422));
    expect(statuses[20]).toBe(429);
  });
});
