// Compares what a replayed path did with what its machine's .paths.ts says a person expects
// (the oracles): the expected results come from the product rules, not from the machine.
import { isDeepStrictEqual } from 'node:util';
import type { AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import type {
  Expected,
  ExpectedEffect,
  ExpectedEmit,
  MachinePaths,
  OracleEvent,
} from '../../src/machines/path-config';
import { leafPaths, type MachinePath } from './generate';
import { transitions } from './model';
import type { Replay } from './replay';

const START = '(start)';

/** Transitions without an oracle, and oracles naming no transition (a rename or a mutation). */
export function oracleKeyProblems(
  machine: AnyStateMachine,
  config: MachinePaths<AnyStateMachine>,
): string[] {
  const names = new Set(transitions(machine, config.labels).map((t) => t.oracleKey));
  const declared = new Set(Object.keys(config.oracles));
  return [
    ...(declared.has(START) ? [] : [`no oracle for ${START}`]),
    ...[...names].filter((name) => !declared.has(name)).map((name) => `no oracle for ${name}`),
    ...[...declared]
      .filter((key) => key !== START && !names.has(key))
      .map((key) => `oracle for a transition the machine does not have: ${key}`),
  ];
}

const show = (value: unknown) =>
  JSON.stringify(value, (_key, v: unknown) =>
    v === undefined ? '(undefined)' : v instanceof Error ? `Error(${v.message})` : v,
  );

function effectMatches(
  expected: string | ExpectedEffect,
  actual: { type: string; params: unknown },
) {
  if (typeof expected === 'string') return expected === actual.type;
  return expected.type === actual.type && isDeepStrictEqual(expected.params, actual.params);
}

function emitMatches(expected: ExpectedEmit, actual: Record<string, unknown>) {
  return Object.entries(expected).every(([key, value]) => isDeepStrictEqual(actual[key], value));
}

/** Same items in the same order; with several transitions in one microstep, order is XState's. */
function sameList<TExpected, TActual>(
  expected: readonly TExpected[],
  actual: readonly TActual[],
  matches: (e: TExpected, a: TActual) => boolean,
  ordered: boolean,
): boolean {
  if (expected.length !== actual.length) return false;
  if (ordered) return expected.every((e, i) => matches(e, actual[i] as TActual));
  const left = [...actual];
  return expected.every((e) => {
    const i = left.findIndex((a) => matches(e, a));
    if (i < 0) return false;
    left.splice(i, 1);
    return true;
  });
}

/** The first step whose effects or emitted events differ from the oracles, or null. */
export function checkOracles(
  machine: AnyStateMachine,
  config: MachinePaths<AnyStateMachine>,
  path: MachinePath,
  replay: Replay,
): string | null {
  const byKey = new Map(transitions(machine, config.labels).map((t) => [t.key, t.oracleKey]));
  for (const [i, step] of replay.steps.entries()) {
    const event = path.steps[i]?.event as OracleEvent;
    const label = path.steps[i]?.label ?? '';
    const previous = path.steps[i - 1];
    const from = previous ? leafPaths(previous.value) : [];
    const names = step.microsteps.flat().map((key) => byKey.get(key) ?? key);
    const after = step.snapshot as AnyMachineSnapshot;
    const before = (replay.steps[i - 1]?.snapshot ?? after) as never;
    const expected: Expected<AnyMachineSnapshot>[] = [];
    for (const name of i === 0 ? [START, ...names] : names) {
      const oracle = config.oracles[name];
      if (!oracle) return `step ${i} (${label}): no oracle for ${name}`;
      const resolved =
        typeof oracle === 'function' ? oracle(event, from, { label, before }) : oracle;
      if (resolved.takenBy && i > 0 && !resolved.takenBy.includes(label))
        return `step ${i} (${label}) took ${name}, whose oracle expects only ${resolved.takenBy.join(', ')}`;
      expected.push(resolved);
    }
    const ordered =
      step.microsteps.every((keys) => keys.length <= 1) && !expected.some((e) => e.anyOrder);
    const effects = expected.flatMap((e) => e.effects ?? []);
    const emits = expected.flatMap((e) => e.emits ?? []);
    const where = `step ${i} (${label}) via ${names.join(' + ') || 'no transition'}`;
    if (!sameList(effects, step.effects, effectMatches, ordered))
      return `${where}: expected effects ${show(effects)}, ran ${show(step.effects)}`;
    if (!sameList(emits, step.emitted as Record<string, unknown>[], emitMatches, ordered))
      return `${where}: expected emitted ${show(emits)}, emitted ${show(step.emitted)}`;
    for (const seen of expected.flatMap((e) => e.see ?? [])) {
      const actual = seen.select(after);
      if (!isDeepStrictEqual(actual, seen.expected))
        return `${where}: expected ${seen.what} ${show(seen.expected)}, the selector gives ${show(actual)}`;
    }
  }
  return null;
}
