// Path tests for every src/machines/*.machine.ts: generated paths replayed on real actors, and
// 100% transition coverage required. See README.md beside this file.
import { afterAll, describe, expect, it } from 'vitest';
import { machineGraph } from '../../src/app/dev-machines/machine-graph';
import {
  discoverMachines,
  formatCoverageTable,
  loadMachine,
  measure,
  uncoveredStates,
  uncoveredTransitions,
  type Coverage,
  type LoadedMachine,
} from './coverage';
import { handledEventTypes, statePaths, transitions } from './model';

// PATH_MACHINES=cart,session: only those (the mutation testing of one machine, stryker.ci.config.mjs).
const only = process.env.PATH_MACHINES?.split(',');
const entries = discoverMachines().filter((entry) => !only || only.includes(entry.name));
const measured: Coverage[] = [];

afterAll(() => {
  if (measured.length) console.log(`\npath coverage\n${formatCoverageTable(measured)}\n`);
});

it('finds the machines', () => {
  expect(entries.map((entry) => entry.name)).toContain(only?.[0] ?? 'session');
});

describe.each(entries)('$name machine', (entry) => {
  let loaded: LoadedMachine | undefined;
  let coverage: Promise<Coverage> | undefined;
  const loadOnce = async () => (loaded ??= await loadMachine(entry));
  // One measurement, shared by the tests below (a second caller waits for the first's).
  const measureOnce = () =>
    (coverage ??= loadOnce()
      .then(measure)
      .then((result) => {
        measured.push(result);
        return result;
      }));

  it('has a .paths.ts beside it', () => {
    expect(entry.pathsFile, `${entry.name}.paths.ts is missing`).not.toBeNull();
  });

  // Without a .paths.ts the test above fails; the rest would only repeat its message.
  // Generating and replaying a few hundred paths has taken over 5 s on a loaded machine.
  describe.skipIf(entry.pathsFile === null)('with its .paths.ts', { timeout: 60_000 }, () => {
    it('labels every state, event and actor outcome', async () => {
      expect((await measureOnce()).missingLabels).toEqual([]);
    });

    it('labels no state or event the machine does not have (a rename left behind)', async () => {
      const { machine, config } = await loadOnce();
      const states = new Set(statePaths(machine));
      const events = new Set(handledEventTypes(machine));

      expect(Object.keys(config.labels.states).filter((path) => !states.has(path))).toEqual([]);
      expect(Object.keys(config.labels.events).filter((type) => !events.has(type))).toEqual([]);
    });

    it('declares what a person expects of every transition (an oracle each, none left over)', async () => {
      expect((await measureOnce()).oracleKeys).toEqual([]);
    });

    it('replays every generated path on a real actor, with the effects and events of the oracles', async () => {
      const { paths, failures } = await measureOnce();
      expect(paths.length).toBeGreaterThan(0);
      expect(
        failures.map(({ path, failure }) => `${path.family}: ${path.description}: ${failure}`),
      ).toEqual([]);
    });

    it('covers every state', async () => {
      expect(uncoveredStates(await measureOnce())).toEqual([]);
    });

    it('covers every transition', async () => {
      expect(uncoveredTransitions(await measureOnce()).map((t) => t.name)).toEqual([]);
    });

    it('draws the same transitions the coverage counts (diagrams of qa:paths and /dev/machines)', async () => {
      const { machine, config } = await loadOnce();

      expect(
        machineGraph(machine, config.labels)
          .transitions.map((t) => t.key)
          .sort(),
      ).toEqual(
        transitions(machine, config.labels)
          .map((t) => t.key)
          .sort(),
      );
    });
  });
});
