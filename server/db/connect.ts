import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { lockDataDir } from './lock-file';
import { migrate } from './migrate';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The handle inside `db.transaction(async (tx) => …)`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** PostgreSQL's unique_violation, as pg and PGlite report it (drizzle may wrap it in `cause`). */
export function isUniqueViolation(err: unknown): boolean {
  const code = (e: unknown) =>
    typeof e === 'object' && e !== null ? (e as { code?: unknown }).code : undefined;
  return code(err) === '23505' || code((err as { cause?: unknown } | null)?.cause) === '23505';
}

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
};

export type DatabaseOptions =
  /** PostgreSQL through `pg`. */
  | { url: string; poolSize?: number }
  /** Embedded PGlite in a directory (locked), or in memory when dataDir is omitted. */
  | { url?: undefined; dataDir?: string; loadDataDir?: Blob };

/** Opens the database and applies pending migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const database =
    options.url !== undefined
      ? openPostgres(options.url, options.poolSize)
      : await openPglite(options);
  try {
    await migrate(database.db);
  } catch (e) {
    await database.close();
    throw e;
  }
  return database;
}

function openPostgres(url: string, poolSize = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle connection that PostgreSQL drops (a restart, a failover) must not end the process;
  // the pool replaces it on the next query.
  pool.on('error', (err) => console.error(`PostgreSQL dropped an idle connection: ${err.message}`));
  return {
    db: drizzlePg(pool, { schema }) as unknown as Db,
    kind: 'postgres',
    close: () => pool.end(),
  };
}

/**
 * PGlite runs each statement inside this process, synchronously. Statements of concurrent
 * requests queue behind one another and then run back to back as promise callbacks: nothing else
 * (no socket read, no RTP forwarded, no timer) runs until the last is done. Measured: the event
 * loop held for 2.2–2.5 s while 20 watchers joined, 0.8 s with this (ADR 026). So each query and
 * transaction first waits for the event loop to turn once; statements inside a transaction run
 * on. (A turn only after 10 ms without one made the waiting statements queue again and again:
 * signal checks waited 3–17 s.)
 */
function takingTurns(client: PGlite): PGlite {
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
  const taking = new Set<PropertyKey>(['query', 'exec', 'transaction']);
  return new Proxy(client, {
    get(target, name) {
      const value: unknown = Reflect.get(target, name, target);
      if (typeof value !== 'function') return value;
      if (!taking.has(name)) return value.bind(target);
      return async (...args: unknown[]) => {
        await turn();
        return value.apply(target, args);
      };
    },
  });
}

async function openPglite(options: { dataDir?: string; loadDataDir?: Blob }): Promise<Database> {
  const unlock = options.dataDir ? lockDataDir(options.dataDir) : () => {};
  try {
    const client = await PGlite.create({
      dataDir: options.dataDir,
      loadDataDir: options.loadDataDir,
    });
    return {
      db: drizzlePglite({ client: takingTurns(client), schema }) as unknown as Db,
      kind: 'pglite',
      close: async () => {
        await client.close();
        unlock();
      },
    };
  } catch (e) {
    unlock();
    throw e;
  }
}
