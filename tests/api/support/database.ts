import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../../../server/db/connect';

/** Which database this vitest project runs the API tests on (see vitest.config.ts). */
export const testDbKind = (process.env.TEST_DB ?? 'pglite') as 'pglite' | 'postgres';

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a database of its own on
 * the PostgreSQL server of TEST_DATABASE_URL (files run in parallel, so they must not share one).
 */
export async function openTestDatabase(): Promise<Database & { url?: string }> {
  if (testDbKind === 'pglite') return openDatabase({});
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `worlds_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 30 });
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}
