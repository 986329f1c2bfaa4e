import { sql } from 'drizzle-orm';
import type { Database } from './connect';

/** The first key of the advisory locks under which a background pass runs (see runAlone). */
const PASS_LOCK = 727274002;

/**
 * Runs a background pass (payment reconciliation, empty stages) unless another process is
 * running the same pass: on PostgreSQL it holds a transaction-scoped advisory lock for as long
 * as the pass runs (released when it ends, or when a dying process's connection closes), and a
 * process that does not get it skips this turn. The pass's own queries use other connections.
 * PGlite serves one process (its lock file), so there it just runs. Answers undefined when skipped.
 */
export async function runAlone<T>(
  database: Pick<Database, 'db' | 'kind'>,
  pass: string,
  run: () => Promise<T>,
): Promise<T | undefined> {
  if (database.kind === 'pglite') return run();
  return database.db.transaction(async (tx) => {
    const result = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(${PASS_LOCK}, hashtext(${pass})) as locked`,
    )) as unknown as { rows: { locked: boolean }[] };
    return result.rows[0]?.locked ? run() : undefined;
  });
}
