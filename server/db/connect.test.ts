import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './connect';

describe('the embedded database (PGlite)', () => {
  it('lets the event loop turn while the statements of concurrent requests run', async () => {
    const database = await openDatabase({});
    try {
      let finished = 0;
      // Twenty requests at once, each with a few statements one after another: more work
      // than one turn of the event loop.
      const requests = Array.from({ length: 20 }, async () => {
        for (let i = 0; i < 5; i++)
          await database.db.execute(sql`select count(*) from generate_series(1, 20000)`);
        finished++;
      });
      // A timer (or a socket's message) waiting meanwhile gets its turn before they all end.
      const finishedAtTurn = await new Promise<number>((resolve) =>
        setTimeout(() => resolve(finished), 0),
      );
      await Promise.all(requests);
      expect(finished).toBe(20);
      expect(finishedAtTurn).toBeLessThan(20);
    } finally {
      await database.close();
    }
  });
});
