import { type Database, openDatabase } from '../../../server/db/connect';
import { loadPgliteTemplate, postgresTemplateName } from '../../support/database-templates';
import { createScratchDatabase } from '../../support/scratch-database';

/** Which database this vitest project runs the API tests on (see vitest.config.ts). */
export const testDbKind = (process.env.TEST_DB ?? 'pglite') as 'pglite' | 'postgres';

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a database of its own on
 * the PostgreSQL server of TEST_DATABASE_URL (files run in parallel, so they must not share one).
 * Both are copies of the run's migrated templates (tests/support/database-templates.ts).
 */
export async function openTestDatabase(): Promise<Database & { url?: string }> {
  if (testDbKind === 'pglite') return openDatabase({ loadDataDir: loadPgliteTemplate() });
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const scratch = await createScratchDatabase(adminUrl, 'worlds_test', postgresTemplateName());
  const database = await openDatabase({ url: scratch.url, poolSize: 30 });
  return {
    ...database,
    url: scratch.url,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}
