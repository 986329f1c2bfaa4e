import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// API tests run once per database: always on embedded PGlite, and on PostgreSQL when
// TEST_DATABASE_URL is set (tests/api/support/database.ts reads TEST_DB to pick).
const databases = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];

// E2e files whose Chromium has fake cameras and microphones (the meeting helpers, the model-based
// suite): several pages encoding video take the machine, so they run one at a time, after the
// rest. The other e2e files (a server and a page or two) run beside the unit and API files.
const e2eFiles = readdirSync('tests/e2e', { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => `tests/e2e/${file}`);
const e2eWithMedia = e2eFiles.filter(
  (file) =>
    file.startsWith('tests/e2e/model-based/') ||
    /from '\.\/(support\/meeting-suite|meeting-helpers)'/.test(readFileSync(file, 'utf8')),
);
const e2e = {
  globalSetup: ['tests/support/database-templates.ts'],
  testTimeout: 60_000,
  // The server's start-up limit (tests/e2e/support/server.ts) fits inside.
  hookTimeout: 150_000,
  // expect.poll's default of 1 s failed on a busy machine (a page's answer to the server's
  // message took longer): a limit for a hang, not for the machine's speed (issue 24).
  expect: { poll: { timeout: 15_000, interval: 100 } },
};

export default defineConfig({
  test: {
    // A worker per core: Vitest's default (cores - 1) ran every file one after another on the
    // 2-core machines npm test must finish on in 15 minutes (docs/testing.md#time).
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true as const,
        test: {
          name: 'unit',
          // 5 s by default: loading a machine or a route took longer at load 20-30 on 2 cores.
          // A limit for a hang, not for the machine's speed (issue 24).
          testTimeout: 60_000,
          include: [
            'src/**/*.test.{ts,tsx}',
            'server/**/*.test.ts',
            'scripts/**/*.test.ts',
            'tests/lint/**/*.test.ts',
            'tests/paths/**/*.test.ts',
          ],
        },
      },
      ...databases.map((db) => ({
        extends: true as const,
        test: {
          name: `api:${db}`,
          include: ['tests/api/**/*.test.ts'],
          env: { TEST_DB: db },
          globalSetup: ['tests/support/database-templates.ts'],
          // A worker imports the server once for all its files, not once per file (about 3 s of
          // CPU each, a third of the API tests' time): every file starts its own server on its
          // own database (tests/api/support/app.ts), and none mocks a module.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      })),
      {
        extends: true as const,
        // Checks of the built app (dist/): npm test builds before it runs the tests.
        test: { name: 'build', include: ['tests/build/**/*.test.ts'] },
      },
      {
        extends: true as const,
        test: { name: 'e2e', include: e2eFiles, exclude: e2eWithMedia, ...e2e },
      },
      {
        extends: true as const,
        test: {
          name: 'e2e:media',
          include: e2eWithMedia,
          ...e2e,
          // One server and browser with fake media per file; two at once would fight over 2 cores.
          fileParallelism: false,
        },
      },
    ],
  },
});
