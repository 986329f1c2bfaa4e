import { readdirSync, readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

const migrationsDir = new URL('./migrations/', import.meta.url);

/** The SQL files drizzle-kit generated, in order; the same set serves PGlite and PostgreSQL. */
function migrationFiles(): { name: string; statements: string[] }[] {
  return readdirSync(migrationsDir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((name) => ({
      name,
      statements: readFileSync(new URL(name, migrationsDir), 'utf8')
        .split('--> statement-breakpoint')
        .map((s) => s.trim())
        .filter(Boolean),
    }));
}

/**
 * Applies pending migrations in one transaction. The advisory lock makes several servers
 * starting at once against one PostgreSQL wait for each other instead of racing.
 */
// Generic over the schema rather than importing connect.ts's Db: connect.ts calls this at open.
export async function migrate<S extends Record<string, unknown>>(
  db: PgDatabase<PgQueryResultHKT, S>,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727274001)`);
    await tx.execute(
      sql`create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())`,
    );
    const result = (await tx.execute(sql`select name from schema_migrations`)) as unknown as {
      rows: { name: string }[];
    };
    const applied = new Set(result.rows.map((r) => r.name));
    const done: string[] = [];
    for (const file of migrationFiles()) {
      if (applied.has(file.name)) continue;
      for (const statement of file.statements) await tx.execute(sql.raw(statement));
      await tx.execute(sql`insert into schema_migrations (name) values (${file.name})`);
      done.push(file.name);
    }
    return done;
  });
}
