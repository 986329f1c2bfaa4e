import { randomBytes } from 'node:crypto';
import pg from 'pg';

export async function admin<T>(
  adminUrl: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A throw-away database on the PostgreSQL server of `adminUrl` (tests and benchmarks run in
 * parallel, so each gets its own instead of sharing one and truncating), empty or a copy of
 * `template` (./database-templates.ts).
 */
export async function createScratchDatabase(adminUrl: string, prefix: string, template?: string) {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await admin(adminUrl, (c) =>
    c.query(`create database ${name}${template ? ` template ${template}` : ''}`),
  );
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      admin(adminUrl, async (c) => {
        // A closed pool's connections end a moment later; forcing the drop while they end makes
        // pg raise an uncaught error in the closing client. Wait for them, then force the rest.
        for (let i = 0; i < 50; i++) {
          const { rows } = await c.query(
            'select count(*)::int as n from pg_stat_activity where datname = $1',
            [name],
          );
          if (rows[0].n === 0) break;
          await new Promise((r) => setTimeout(r, 100));
        }
        await c.query(`drop database if exists ${name} with (force)`);
      }),
  };
}
