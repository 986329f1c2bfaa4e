// `npm test`: every check, in the order that fails fastest. Ends with one summary line
// "validate: N passed, N failed, N skipped" that CI reads.
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const tmp = mkdtempSync(join(tmpdir(), 'worlds-validate-'));
const started = Date.now();

function run(title, command, args, options = {}) {
  const t = Date.now();
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  const seconds = ((Date.now() - t) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`✖ ${title} failed (${seconds}s)`);
    console.log(`validate: 0 passed, 1 failed`);
    process.exit(1);
  }
  console.log(`✔ ${title} (${seconds}s)`);
}

function warnLoudly(lines) {
  const bar = '!'.repeat(78);
  console.warn(`\n${bar}\n${lines.map((l) => `!! ${l}`).join('\n')}\n${bar}`);
}

const skipped = [];
if (!process.env.TEST_DATABASE_URL) {
  skipped.push(
    'TEST_DATABASE_URL is not set: API tests run on PGlite only; the PostgreSQL run is SKIPPED.',
  );
}
if (!process.env.TEST_REDIS_URL) {
  skipped.push('TEST_REDIS_URL is not set: the Redis adapter tests are SKIPPED.');
}
if (skipped.length) warnLoudly(skipped);

run('lint (ESLint: import direction, promises handled)', 'npx', [
  'eslint',
  '.',
  '--max-warnings',
  '0',
]);
run('formatting (Prettier; `npm run format` fixes it)', 'npx', [
  'prettier',
  '--check',
  '--log-level',
  'warn',
  '**/*.{ts,tsx,js,mjs,cjs,css}',
]);
run('unused files, exports and dependencies (knip)', 'npx', ['knip', '--no-progress']);
run('typecheck', 'npx', ['tsc', '-p', 'tsconfig.app.json']);
run('typecheck (server, tests, scripts)', 'npx', ['tsc', '-p', 'tsconfig.node.json']);
run('OpenAPI lint (Redocly)', 'npx', [
  'redocly',
  'lint',
  'openapi/openapi.yaml',
  '--format',
  'summary',
]);

const generated = join(tmp, 'schema.d.ts');
run(
  'API types up to date',
  'npx',
  ['openapi-typescript', 'openapi/openapi.yaml', '-o', generated],
  { stdio: 'ignore' },
);
if (readFileSync(generated, 'utf8') !== readFileSync('src/services/api/schema.d.ts', 'utf8')) {
  console.error(
    '✖ src/services/api/schema.d.ts is out of date with openapi/: run `npm run gen:api` and commit it.',
  );
  console.log('validate: 0 passed, 1 failed');
  process.exit(1);
}

const access = join(tmp, 'operation-access.ts');
run('handler access types up to date', 'npx', ['tsx', 'scripts/gen-operation-access.ts', access], {
  stdio: 'ignore',
});
if (readFileSync(access, 'utf8') !== readFileSync('server/openapi/operation-access.ts', 'utf8')) {
  console.error(
    '✖ server/openapi/operation-access.ts is out of date with openapi/: run `npm run gen:api` and commit it.',
  );
  console.log('validate: 0 passed, 1 failed');
  process.exit(1);
}

const migrations = join(tmp, 'migrations');
mkdirSync(migrations);
cpSync('server/db/migrations', migrations, { recursive: true });
const before = readdirSync(migrations).length;
run(
  'database migrations match the schema',
  'npx',
  [
    'drizzle-kit',
    'generate',
    '--dialect',
    'postgresql',
    '--schema',
    './server/db/schema.ts',
    // drizzle-kit prefixes the path with ./, so it must be relative.
    '--out',
    relative(process.cwd(), migrations),
  ],
  { stdio: 'ignore' },
);
if (readdirSync(migrations).length !== before) {
  console.error(
    '✖ server/db/schema.ts changed without a migration: run `npm run db:generate` and commit it.',
  );
  console.log('validate: 0 passed, 1 failed');
  process.exit(1);
}

run('build the app', 'npx', ['vite', 'build', '--logLevel', 'warn']);
// A sample of npm run qa:mutate (docs/testing.md): the cart machine's mutants must turn the unit
// or path tests red, at least 90% of them (stryker.ci.config.mjs), in about 3 minutes.
run('mutation testing of a machine (StrykerJS: the cart, 90% or it fails)', 'npx', [
  'stryker',
  'run',
  'stryker.ci.config.mjs',
]);

const report = join(tmp, 'vitest.json');
const tests = spawnSync(
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
  { stdio: 'inherit' },
);
const counts = existsSync(report) ? JSON.parse(readFileSync(report, 'utf8')) : null;
rmSync(tmp, { recursive: true, force: true });
if (skipped.length) warnLoudly(skipped);
const minutes = ((Date.now() - started) / 60000).toFixed(1);
if (!counts) {
  console.log(`validate: 0 passed, 1 failed (no test report; ${minutes} min)`);
  process.exit(1);
}
const skippedCount = counts.numPendingTests + counts.numTodoTests;
// Vitest exits non-zero on unhandled errors even when every test passed: count that as a failure.
const failed = counts.numFailedTests + (tests.status !== 0 && counts.numFailedTests === 0 ? 1 : 0);
console.log(`\nAll checks took ${minutes} min.`);
if (failed > counts.numFailedTests)
  console.log('Vitest reported errors outside the tests (see "Unhandled Errors" above).');
console.log(`validate: ${counts.numPassedTests} passed, ${failed} failed, ${skippedCount} skipped`);
process.exit(tests.status === 0 && counts.numFailedTests === 0 ? 0 : 1);
