// Migrated databases made once per test run and copied for every test file or server: creating a
// PGlite cluster and running the migrations costs seconds each time (tens of seconds on a loaded
// machine), while loading a dump or copying a directory costs a fraction of one. The templates are
// named after a hash of the migrations, so a changed migration makes new ones, and two runs of the
// same migrations (two checkouts at once) share them; each is created under a temporary name and
// renamed into place, so a run never sees half of one.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../../server/db/connect';
import { admin } from './scratch-database';

const migrationsDir = new URL('../../server/db/migrations/', import.meta.url);

const migrationsHash = (() => {
  let hash: string | undefined;
  return () => {
    if (hash) return hash;
    const digest = createHash('sha256');
    for (const name of readdirSync(migrationsDir)
      .filter((f) => f.endsWith('.sql'))
      .sort())
      digest.update(name).update(readFileSync(new URL(name, migrationsDir)));
    hash = digest.digest('hex').slice(0, 16);
    return hash;
  };
})();

/** A dump (tar) of a migrated in-memory PGlite, for `openDatabase({ loadDataDir })`. */
export const pgliteTemplateFile = () => join(tmpdir(), `worlds-pglite-${migrationsHash()}.tar`);

/** A migrated PGlite data directory, to copy into a server's DATA_DIR. */
export const pgliteTemplateDir = () => join(tmpdir(), `worlds-pglite-${migrationsHash()}`);

/** A migrated database on the PostgreSQL server, for `create database … template`. */
export const postgresTemplateName = () => `worlds_template_${migrationsHash()}`;

/** A fresh in-memory PGlite with every migration applied, loaded from the template dump. */
export function loadPgliteTemplate(): Blob {
  return new Blob([readFileSync(pgliteTemplateFile())]);
}

async function makePgliteFile() {
  const file = pgliteTemplateFile();
  if (existsSync(file)) return;
  const database = await openDatabase({});
  try {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('none');
    const temporary = `${file}.${randomBytes(4).toString('hex')}`;
    await writeFile(temporary, Buffer.from(await dump.arrayBuffer()));
    renameSync(temporary, file);
  } finally {
    await database.close();
  }
}

async function makePgliteDir() {
  const dir = pgliteTemplateDir();
  if (existsSync(dir)) return;
  const temporary = mkdtempSync(`${dir}.`);
  const database = await openDatabase({ dataDir: temporary });
  await database.close();
  try {
    renameSync(temporary, dir);
  } catch {
    // Another run put its own in place first: the same migrations, so keep that one.
    rmSync(temporary, { recursive: true, force: true });
  }
}

async function makePostgresTemplate(adminUrl: string) {
  const name = postgresTemplateName();
  const exists = await admin(adminUrl, async (c) => {
    const { rowCount } = await c.query('select 1 from pg_database where datname = $1', [name]);
    return rowCount === 1;
  });
  if (exists) return;
  const temporary = `${name}_${randomBytes(4).toString('hex')}`;
  await admin(adminUrl, (c) => c.query(`create database ${temporary}`));
  const url = new URL(adminUrl);
  url.pathname = `/${temporary}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 1 });
  await database.close();
  await admin(adminUrl, async (c) => {
    try {
      await c.query(`alter database ${temporary} rename to ${name}`);
    } catch {
      await c.query(`drop database if exists ${temporary} with (force)`);
    }
  });
}

/** Vitest's global set-up (vitest.config.ts): the templates this run's files copy. */
export default async function setup() {
  await Promise.all([makePgliteFile(), makePgliteDir()]);
  if (process.env.TEST_DATABASE_URL) await makePostgresTemplate(process.env.TEST_DATABASE_URL);
}
