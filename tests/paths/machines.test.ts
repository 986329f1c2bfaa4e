// Path tests for every src/machines/*.machine.ts: generated paths replayed on real actors, and
// 100% transition coverage required. See README.md beside this file.
import { afterAll, describe, expect, it } from 'vitest';
import {
  discoverMachines,
  formatCoverageTable,
  loadMachine,
  measure,
  uncoveredStates,
  uncoveredTransitions,
  type Coverage,
} from './coverage';

const entries = discoverMachines();
const measured: Coverage[] = [];

afterAll(() => {
  if (measured.length) console.log(`\npath coverage\n${formatCoverageTable(measured)}\n`);
});

it('finds the machines', () => {
  expect(entries.map((entry) => entry.name)).toContain('session');
});

describe.each(entries)('$name machine', (entry) => {
  let coverage: Coverage | undefined;
  const measureOnce = async () => {
    if (!coverage) {
      coverage = await measure(await loadMachine(entry));
      measured.push(coverage);
    }
    return coverage;
  };

  it('has a .paths.ts beside it', () => {
    expect(entry.pathsFile, `${entry.name}.paths.ts is missing`).not.toBeNull();
  });

  it('labels every state, event and actor outcome', async () => {
    expect((await measureOnce()).missingLabels).toEqual([]);
  });

  it('replays every generated path on a real actor', async () => {
    const { paths, failures } = await measureOnce();
    expect(paths.length).toBeGreaterThan(0);
    expect(failures.map(({ path, failure }) => `${path.family}: ${path.description}: ${failure}`)).toEqual([]);
  });

  it('covers every state', async () => {
    expect(uncoveredStates(await measureOnce())).toEqual([]);
  });

  it('covers every transition', async () => {
    expect(uncoveredTransitions(await measureOnce()).map((t) => t.name)).toEqual([]);
  });
});
