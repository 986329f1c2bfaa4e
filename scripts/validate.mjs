// `npm test`: every check, in the order that fails fastest. Ends with one summary line
// "validate: N passed, N failed, N skipped" that CI reads.
import { spawn, spawnSync } from 'node:child_process';
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

const bin = (name) => join('node_modules', '.bin', name);
// Children write to pipes: keep their colours when the terminal has them.
const env = process.stdout.isTTY ? { ...process.env, FORCE_COLOR: '1' } : process.env;
const running = new Set();

function stop(title, seconds, output = '') {
  for (const child of running) child.kill('SIGTERM');
  if (output) process.stdout.write(output);
  console.error(`✖ ${title} failed${seconds === undefined ? '' : ` (${seconds}s)`}`);
  console.log('validate: 0 passed, 1 failed');
  process.exit(1);
}

/** One check in its own process; its output is printed when it ends, so two lanes do not mix. */
function check(title, command, args, { quiet = false } = {}) {
  return new Promise((resolve) => {
    const t = Date.now();
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    running.add(child);
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', (error) => (output += `${error.message}\n`));
    child.on('close', (status) => {
      running.delete(child);
      const seconds = ((Date.now() - t) / 1000).toFixed(1);
      if (status !== 0) stop(title, seconds, output);
      if (!quiet) process.stdout.write(output);
      console.log(`✔ ${title} (${seconds}s)`);
      resolve();
    });
  });
}

/** A check run in the foreground, its output as it comes (the mutation testing). */
function run(title, command, args) {
  const t = Date.now();
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { stdio: 'inherit' });
  const seconds = ((Date.now() - t) / 1000).toFixed(1);
  if (result.status !== 0) stop(title, seconds);
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

async function generatedUpToDate() {
  const generated = join(tmp, 'schema.d.ts');
  await check(
    'API types up to date',
    bin('openapi-typescript'),
    ['openapi/openapi.yaml', '-o', generated],
    { quiet: true },
  );
  if (readFileSync(generated, 'utf8') !== readFileSync('src/services/api/schema.d.ts', 'utf8'))
    stop(
      'src/services/api/schema.d.ts is out of date with openapi/: run `npm run gen:api` and commit it.',
    );

  const access = join(tmp, 'operation-access.ts');
  await check(
    'handler access types up to date',
    bin('tsx'),
    ['scripts/gen-operation-access.ts', access],
    { quiet: true },
  );
  if (readFileSync(access, 'utf8') !== readFileSync('server/openapi/operation-access.ts', 'utf8'))
    stop(
      'server/openapi/operation-access.ts is out of date with openapi/: run `npm run gen:api` and commit it.',
    );

  const migrations = join(tmp, 'migrations');
  mkdirSync(migrations);
  cpSync('server/db/migrations', migrations, { recursive: true });
  const before = readdirSync(migrations).length;
  await check(
    'database migrations match the schema',
    bin('drizzle-kit'),
    [
      'generate',
      '--dialect',
      'postgresql',
      '--schema',
      './server/db/schema.ts',
      // drizzle-kit prefixes the path with ./, so it must be relative.
      '--out',
      relative(process.cwd(), migrations),
    ],
    { quiet: true },
  );
  if (readdirSync(migrations).length !== before)
    stop(
      'server/db/schema.ts changed without a migration: run `npm run db:generate` and commit it.',
    );
}

// The checks before the tests, in two lanes at once: each is one process on one core, and ESLint
// (type-aware) takes about as long as all the others together (docs/testing.md#time). Each lane
// is in the order that fails fastest; the first failure stops both.
console.log('\n▶ lint, formatting, unused code, types, OpenAPI, generated files, build');
await Promise.all([
  check('lint (ESLint: import direction, promises handled)', bin('eslint'), [
    '.',
    '--max-warnings',
    '0',
  ]),
  (async () => {
    await check('formatting (Prettier; `npm run format` fixes it)', bin('prettier'), [
      '--check',
      '--log-level',
      'warn',
      '**/*.{ts,tsx,js,mjs,cjs,css}',
    ]);
    await check('unused files, exports and dependencies (knip)', bin('knip'), ['--no-progress']);
    await check('OpenAPI lint (Redocly)', bin('redocly'), [
      'lint',
      'openapi/openapi.yaml',
      '--format',
      'summary',
    ]);
    await generatedUpToDate();
    await check('typecheck', bin('tsc'), ['-p', 'tsconfig.app.json']);
    await check('typecheck (server, tests, scripts)', bin('tsc'), ['-p', 'tsconfig.node.json']);
    await check('build the app', bin('vite'), ['build', '--logLevel', 'warn']);
  })(),
]);

// A sample of npm run qa:mutate (docs/testing.md): the cart machine's mutants must turn the unit
// or path tests red, at least 90% of them (stryker.ci.config.mjs).
run('mutation testing of a machine (StrykerJS: the cart, 90% or it fails)', bin('stryker'), [
  'run',
  'stryker.ci.config.mjs',
]);

/** Seconds per test folder and the slowest files: where to cut next (docs/testing.md#time). */
function printWhereTimeWent(files) {
  const seconds = (f) => (f.endTime - f.startTime) / 1000;
  const byFolder = new Map();
  for (const f of files) {
    const folder = relative(process.cwd(), f.name).split('/').slice(0, 2).join('/');
    byFolder.set(folder, (byFolder.get(folder) ?? 0) + seconds(f));
  }
  console.log('\nFile time by folder (summed; files of different folders run at once):');
  for (const [folder, s] of [...byFolder].sort((a, b) => b[1] - a[1]))
    console.log(`  ${s.toFixed(0).padStart(6)} s  ${folder}`);
  console.log('Slowest files:');
  for (const f of [...files].sort((a, b) => seconds(b) - seconds(a)).slice(0, 10))
    console.log(`  ${seconds(f).toFixed(0).padStart(6)} s  ${relative(process.cwd(), f.name)}`);
}

const report = join(tmp, 'vitest.json');
const tests = spawnSync(
  bin('vitest'),
  ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
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
printWhereTimeWent(counts.testResults);
console.log(`\nAll checks took ${minutes} min.`);
if (failed > counts.numFailedTests)
  console.log('Vitest reported errors outside the tests (see "Unhandled Errors" above).');
console.log(`validate: ${counts.numPassedTests} passed, ${failed} failed, ${skippedCount} skipped`);
process.exit(tests.status === 0 && counts.numFailedTests === 0 ? 0 : 1);
