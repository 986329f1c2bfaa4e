// The sample npm test runs (scripts/validate.mjs): one small machine whose every rule the path
// tests must see, so a weakened oracle fails CI; small enough to keep npm test inside its time.
// The whole run is npm run qa:mutate (stryker.config.mjs).
import base from './stryker.config.mjs';

process.env.PATH_MACHINES = 'cart';

const config = {
  ...base,
  mutate: ['src/machines/cart.machine.ts'],
  vitest: { ...base.vitest },
  reporters: ['clear-text'],
  // The survivors are printed, to judge: killed by a new rule in the oracles, or equivalent
  // (docs/testing.md lists those).
  clearTextReporter: { reportMutants: true, reportScoreTable: true, logTests: false },
  thresholds: { high: 95, low: 90, break: 90 },
};
export default config;
