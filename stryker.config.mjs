// Mutation testing of the machines and the domain rules (npm run qa:mutate, docs/testing.md):
// every mutant StrykerJS makes must turn a unit or path test red. The HTML report is written to
// reports/mutation/index.html; the table printed at the end gives the score per file (machine).
const config = {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutate.config.ts', related: false },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: [
    'src/machines/**/*.ts',
    'src/domain/**/*.ts',
    '!src/**/*.test.ts',
    // What the tests declare, not what the app runs.
    '!src/machines/*.paths.ts',
    '!src/machines/path-config.ts',
  ],
  coverageAnalysis: 'perTest',
  // Two cores shared with the rest of the machine.
  concurrency: 2,
  timeoutMS: 60_000,
  reporters: ['html', 'clear-text', 'progress'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  clearTextReporter: { reportMutants: false, reportScoreTable: true, logTests: false },
  thresholds: { high: 90, low: 75, break: null },
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
};
export default config;
