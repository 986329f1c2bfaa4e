// Finds the machines, runs their paths and counts what the paths covered.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { StateMachine, type AnyStateMachine } from 'xstate';
import type { MachinePaths } from '../../src/machines/path-config';
import { generatePaths, type MachinePath } from './generate';
import { missingLabels, statePaths, transitions, type TransitionInfo } from './model';
import { checkOracles, oracleKeyProblems } from './oracle';
import { replayPath } from './replay';

export const MACHINES_DIR = path.resolve(import.meta.dirname, '../../src/machines');

export interface MachineEntry {
  /** "session" for session.machine.ts */
  name: string;
  machineFile: string;
  /** The sibling `<name>.paths.ts`, or null when it is missing (which fails the check). */
  pathsFile: string | null;
}

/** Every `*.machine.ts` in src/machines, so a new machine joins the path tests by existing. */
export function discoverMachines(dir = MACHINES_DIR): MachineEntry[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.machine.ts'))
    .sort()
    .map((file) => {
      const name = file.slice(0, -'.machine.ts'.length);
      const pathsFile = path.join(dir, `${name}.paths.ts`);
      return {
        name,
        machineFile: path.join(dir, file),
        pathsFile: existsSync(pathsFile) ? pathsFile : null,
      };
    });
}

export interface LoadedMachine {
  name: string;
  machine: AnyStateMachine;
  config: MachinePaths<AnyStateMachine>;
}

/** Imports the machine (the file's one StateMachine export) and its .paths.ts (`export const paths`). */
export async function loadMachine(entry: MachineEntry): Promise<LoadedMachine> {
  if (!entry.pathsFile)
    throw new Error(`${entry.name}.machine.ts has no ${entry.name}.paths.ts beside it`);
  const module = (await import(pathToFileURL(entry.machineFile).href)) as Record<string, unknown>;
  const machines = Object.values(module).filter(
    (value): value is AnyStateMachine => value instanceof StateMachine,
  );
  if (machines.length !== 1)
    throw new Error(`${entry.name}.machine.ts exports ${machines.length} machines, expected 1`);
  const pathsModule = (await import(pathToFileURL(entry.pathsFile).href)) as {
    paths?: MachinePaths<AnyStateMachine>;
  };
  if (!pathsModule.paths) throw new Error(`${entry.name}.paths.ts has no "paths" export`);
  return { name: entry.name, machine: machines[0] as AnyStateMachine, config: pathsModule.paths };
}

export interface Coverage {
  name: string;
  paths: MachinePath[];
  /**
   * Paths whose replay diverged from the model, or whose effects and emitted events differ from
   * the oracles of the .paths.ts, with the reason.
   */
  failures: { path: MachinePath; failure: string }[];
  states: { total: string[]; covered: Set<string> };
  transitions: { total: TransitionInfo[]; covered: Set<string> };
  missingLabels: string[];
  /** Transitions without an oracle, oracles without a transition. */
  oracleKeys: string[];
  /** Per path (same order as `paths`): the states and transitions its replay took. */
  perPath: { states: Set<string>; transitions: Set<string> }[];
}

/**
 * Generates every path of a machine (or takes the `paths` given, e.g. a filtered test plan),
 * replays each on a real actor and counts the coverage.
 */
export async function measure(
  { name, machine, config }: LoadedMachine,
  only?: readonly MachinePath[],
  /** Stop at the first failing path (the mutation checks need one). */
  stopOnFailure = false,
): Promise<Coverage> {
  const paths = only ? [...only] : generatePaths(machine, config);
  const coverage: Coverage = {
    name,
    paths,
    failures: [],
    states: { total: statePaths(machine), covered: new Set() },
    transitions: { total: transitions(machine, config.labels), covered: new Set() },
    missingLabels: missingLabels(machine, config),
    oracleKeys: oracleKeyProblems(machine, config),
    perPath: [],
  };
  for (const path of paths) {
    const replay = await replayPath(machine, path, config.input);
    const failure = replay.failure ?? checkOracles(machine, config, path, replay);
    if (failure) coverage.failures.push({ path, failure });
    if (stopOnFailure && failure) break;
    for (const state of replay.states) coverage.states.covered.add(state);
    for (const key of replay.transitions) coverage.transitions.covered.add(key);
    coverage.perPath.push({ states: replay.states, transitions: replay.transitions });
  }
  return coverage;
}

/** The coverage of some of the measured paths (a plan chosen from them), without replaying again. */
export function coverageOf(full: Coverage, paths: readonly MachinePath[]): Coverage {
  const index = new Map(full.paths.map((path, i) => [path, i]));
  const perPath = paths.map((path) => {
    const i = index.get(path);
    const taken = i === undefined ? undefined : full.perPath[i];
    if (!taken) throw new Error(`${full.name}: a path that was not measured`);
    return taken;
  });
  const chosen = new Set(paths);
  return {
    ...full,
    paths: [...paths],
    perPath,
    failures: full.failures.filter((f) => chosen.has(f.path)),
    states: {
      total: full.states.total,
      covered: new Set(perPath.flatMap((p) => [...p.states])),
    },
    transitions: {
      total: full.transitions.total,
      covered: new Set(perPath.flatMap((p) => [...p.transitions])),
    },
  };
}

export function uncoveredTransitions(coverage: Coverage): TransitionInfo[] {
  return coverage.transitions.total.filter((t) => !coverage.transitions.covered.has(t.key));
}

export function uncoveredStates(coverage: Coverage): string[] {
  return coverage.states.total.filter((s) => !coverage.states.covered.has(s));
}

const percent = (covered: number, total: number) =>
  total === 0 ? 100 : Math.floor((covered / total) * 1000) / 10;

export function coverageRow(coverage: Coverage) {
  const states = coverage.states.total.length - uncoveredStates(coverage).length;
  const transitionsCovered =
    coverage.transitions.total.length - uncoveredTransitions(coverage).length;
  return {
    machine: coverage.name,
    paths: coverage.paths.length,
    states: `${states}/${coverage.states.total.length}`,
    statePercent: percent(states, coverage.states.total.length),
    transitions: `${transitionsCovered}/${coverage.transitions.total.length}`,
    transitionPercent: percent(transitionsCovered, coverage.transitions.total.length),
  };
}

/** A plain-text table, one row per machine. */
export function formatCoverageTable(coverages: Coverage[]): string {
  const rows = coverages.map(coverageRow);
  const header = ['machine', 'paths', 'states', 'transitions'];
  const cells = rows.map((r) => [
    r.machine,
    String(r.paths),
    `${r.states} (${r.statePercent}%)`,
    `${r.transitions} (${r.transitionPercent}%)`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]?.length ?? 0)));
  const line = (c: string[]) => c.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ');
  return [line(header), ...cells.map(line)].join('\n');
}
