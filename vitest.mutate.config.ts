import { defineConfig } from 'vitest/config';

// The tests StrykerJS runs against each mutant of src/machines and src/domain (npm run qa:mutate):
// the unit tests beside them and the path tests, which find their machines by file and so are
// not "related" to them by imports. PATH_MACHINES narrows the path tests to the mutated machines.
const only = process.env.PATH_MACHINES?.split(',');

export default defineConfig({
  test: {
    include: [
      ...(only
        ? only.map((name) => `src/machines/${name}.machine.test.ts`)
        : ['src/machines/**/*.test.ts', 'src/domain/**/*.test.ts']),
      'tests/paths/machines.test.ts',
    ],
    testTimeout: 120_000,
  },
});
