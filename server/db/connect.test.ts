import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './connect';

describe('the embedded database (PGlite)', () => {
  // Opening PGlite (a WebAssembly PostgreSQL) took seconds on a loaded machine: it is set-up, in
  // a hook with room of its own, not part of the verdict of the test below.
  let database: Awaited<ReturnType<typeof openDatabase>>;
  beforeAll(async () => {
    database = await openDatabase({});
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  // The verdict counts turns of the event loop, not time: generous room for a slow machine.
  it(
    'lets the event loop turn while the statements of concurrent requests run',
    { timeout: 60_000 },
    async () => {
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
    },
  );
});
