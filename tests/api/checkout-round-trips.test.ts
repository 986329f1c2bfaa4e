// Checkout's cost in database round trips (issue 13: at most 8 per checkout, the whole request),
// counted at the driver: every statement pg sends, BEGIN and COMMIT included.
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTestServer } from './support/app';
import { checkoutCalls } from './support/checkout';
import { testDbKind } from './support/database';

if (testDbKind !== 'postgres')
  console.warn('checkout-round-trips: SKIPPED on PGlite; it counts what pg sends to PostgreSQL.');

describe.skipIf(testDbKind !== 'postgres')('checkout round trips on postgres', () => {
  const t = useTestServer();
  const api = checkoutCalls(t);
  afterEach(() => vi.restoreAllMocks());

  it('pays for a date in at most 8 round trips to the database', async () => {
    const { headers } = await api.owner();
    const world = await api.world(headers);
    const card = await api.card(headers);
    // Warm: the first checkout creates the provider's customer (one-time work).
    const warm = await api.pay(headers, world.id, card.id, [api.item(24)]);
    expect(warm.statusCode, warm.body).toBe(201);

    const sent: string[] = [];
    const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
    vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
      this: pg.Client,
      ...args: unknown[]
    ) {
      const text = args[0];
      sent.push(typeof text === 'string' ? text : (text as { text: string }).text);
      return query.apply(this, args);
    } as never);
    const res = await api.pay(headers, world.id, card.id, [api.item(48)]);
    expect(res.statusCode, res.body).toBe(201);
    console.log(
      `checkout: ${sent.length} round trips\n${sent.map((s) => s.slice(0, 110)).join('\n')}`,
    );
    expect(sent.length).toBeLessThanOrEqual(8);
  });
});
