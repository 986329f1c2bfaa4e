import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { calendarMessages } from '../../server/calendar/rules';
import { localPayments } from '../../server/db/schema';
import { useTestServer } from './support/app';
import { checkoutCalls } from './support/checkout';
import { testDbKind } from './support/database';

// PGlite runs one query at a time, so it cannot show a race; this is PostgreSQL's test.
if (testDbKind !== 'postgres') {
  console.warn(
    'checkout-concurrency: SKIPPED on PGlite; run with TEST_DATABASE_URL (project api:postgres) to test the race.',
  );
}

describe.skipIf(testDbKind !== 'postgres')('concurrent checkouts on postgres', () => {
  const t = useTestServer();
  const api = checkoutCalls(t);

  it('50 concurrent checkouts of overlapping slots in one world: exactly one 201 and one charge, the others 409', async () => {
    const { headers } = await api.owner();
    const world = await api.world(headers);
    const card = await api.card(headers);
    // Every slot overlaps every other: starts 1 minute apart, 90 minutes long.
    const items = Array.from({ length: 50 }, (_, i) => {
      const item = api.item(24);
      const start = new Date(new Date(item.startAt).getTime() + i * 60_000);
      return {
        ...item,
        startAt: start.toISOString(),
        endAt: new Date(start.getTime() + 90 * 60_000).toISOString(),
      };
    });
    const answers = await Promise.all(
      items.map((item) => api.pay(headers, world.id, card.id, [item])),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    for (const r of answers.filter((a) => a.statusCode === 409))
      expect(r.json()).toEqual({ errors: [calendarMessages.overlap] });
    const [charges] = await t.database.db.select({ n: count() }).from(localPayments);
    expect(charges!.n).toBe(1);
    const listed = await api.dates(headers, world.id);
    expect(listed.json().items).toMatchObject([{ status: 'reserved' }]);
  });
});
