import { randomBytes } from 'node:crypto';
import pg from 'pg';

async function admin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
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
 * parallel, so each gets its own instead of sharing one and truncating).
 */
export async function createScratchDatabase(adminUrl: string, prefix: string) {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await admin(adminUrl, (c) => c.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin(adminUrl, (c) => c.query(`drop database if exists ${name} with (force)`)),
  };
}
