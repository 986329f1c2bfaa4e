// `npm run qa:paths` (scripts/qa-paths.ts is its command line): for every machine, a test plan
// (qa/paths/<machine>/plan.md and plan.csv) and one coverage report (qa/paths/index.html).
import { existsSync, mkdirSync, readdirSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { machineGraph } from '../../src/app/dev-machines/machine-graph';
import {
  discoverMachines,
  loadMachine,
  MACHINES_DIR,
  measure,
  uncoveredStates,
  uncoveredTransitions,
  type LoadedMachine,
} from './coverage';
import { generatePaths } from './generate';
import {
  formatPlanCsv,
  formatPlanMarkdown,
  knowsEvent,
  planPaths,
  resolveState,
  type PlanOptions,
} from './plan';
import { renderReport, type ReportMachine } from './report';
import { transitions as modelTransitions } from './model';

export interface QaOptions extends PlanOptions {
  /** Default qa/paths. */
  out: string;
  /** One machine by name ("session"); default all. */
  machine?: string | undefined;
  /** Default src/machines; tests point it at fixtures. */
  machinesDir?: string | undefined;
}

export interface QaResult {
  /** Written files, relative to `out`, sorted. */
  files: string[];
  machines: ReportMachine[];
  /** Paths whose replay diverged from the model, by machine: the plan would lie. */
  failures: number;
}

const PLAN_FILES = ['plan.md', 'plan.csv'];

export async function runQa(options: QaOptions): Promise<QaResult> {
  const dir = options.machinesDir ?? MACHINES_DIR;
  const all = discoverMachines(dir);
  if (all.length === 0) throw new Error(`no *.machine.ts in ${dir}`);
  const entries =
    options.machine === undefined ? all : all.filter((entry) => entry.name === options.machine);
  if (entries.length === 0) {
    throw new Error(
      `no machine "${options.machine}"; there are: ${all.map((entry) => entry.name).join(', ')}`,
    );
  }

  const loaded: { name: string; machine?: LoadedMachine; problem?: string }[] = [];
  for (const entry of entries) {
    if (!entry.pathsFile) {
      loaded.push({
        name: entry.name,
        problem: `${entry.name}.paths.ts がありません（ハーネスに未登録）。`,
      });
      continue;
    }
    try {
      loaded.push({ name: entry.name, machine: await loadMachine(entry) });
    } catch (error) {
      loaded.push({
        name: entry.name,
        problem: `読み込めません: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  }

  // A filter naming a state or event: the machines that have it. None at all is a typo.
  let selected = loaded;
  if (options.reaches !== undefined) {
    const query = options.reaches;
    selected = selected.filter((m) => m.machine && resolveState(m.machine, query) !== null);
    if (selected.length === 0)
      throw new Error(
        `no machine has a state "${query}" (a state path such as signedIn.guest, or its Japanese label)`,
      );
  }
  if (options.through !== undefined) {
    const query = options.through;
    selected = selected.filter((m) => m.machine && knowsEvent(m.machine, query));
    if (selected.length === 0)
      throw new Error(
        `no machine has an event "${query}" (an event type, its Japanese label, or a variant's label)`,
      );
  }

  const machines: ReportMachine[] = [];
  const written: string[] = [];
  let failures = 0;
  const filters = [
    ...(options.maxLength !== undefined ? [`最大 ${options.maxLength} 手`] : []),
    ...(options.reaches !== undefined ? [`状態「${options.reaches}」を通る`] : []),
    ...(options.through !== undefined ? [`イベント「${options.through}」を通る`] : []),
  ];
  for (const { name, machine: m, problem } of selected) {
    if (!m) {
      machines.push({ name, problem: problem ?? '' });
      continue;
    }
    const plan = planPaths(m, generatePaths(m.machine, m.config), options);
    const coverage = await measure(
      m,
      plan.paths.map((p) => p.path),
    );
    failures += coverage.failures.length;
    const graph = machineGraph(m.machine, m.config.labels);
    const labelOf = new Map(
      modelTransitions(m.machine, m.config.labels).map((t) => [t.key, t.label]),
    );
    const total = (covered: number, all: number) =>
      `${covered}/${all}（${all === 0 ? 100 : Math.floor((covered / all) * 1000) / 10}%）`;
    const markdown = formatPlanMarkdown(
      plan,
      { machine: `${name}.machine.ts`, paths: `${name}.paths.ts` },
      {
        states: total(
          coverage.states.total.length - uncoveredStates(coverage).length,
          coverage.states.total.length,
        ),
        transitions: total(
          coverage.transitions.total.length - uncoveredTransitions(coverage).length,
          coverage.transitions.total.length,
        ),
        uncovered: uncoveredTransitions(coverage).map((t) => labelOf.get(t.key) ?? t.name),
        failures: coverage.failures.map((f) => `${f.path.description}: ${f.failure}`),
      },
    );
    mkdirSync(path.join(options.out, name), { recursive: true });
    writeFileSync(path.join(options.out, name, 'plan.md'), markdown);
    writeFileSync(path.join(options.out, name, 'plan.csv'), formatPlanCsv(plan));
    written.push(`${name}/plan.md`, `${name}/plan.csv`);
    machines.push({ name, plan, coverage, graph });
  }

  // A full run leaves no plan of a machine that is gone (only files this tool writes are removed).
  if (
    options.machine === undefined &&
    options.reaches === undefined &&
    options.through === undefined &&
    existsSync(options.out)
  ) {
    const current = new Set(machines.map((m) => m.name));
    for (const stale of readdirSync(options.out, { withFileTypes: true })) {
      if (!stale.isDirectory() || current.has(stale.name)) continue;
      const folder = path.join(options.out, stale.name);
      if (!PLAN_FILES.some((file) => existsSync(path.join(folder, file)))) continue;
      for (const file of PLAN_FILES) rmSync(path.join(folder, file), { force: true });
      if (readdirSync(folder).length === 0) rmdirSync(folder);
    }
  }

  mkdirSync(options.out, { recursive: true });
  writeFileSync(path.join(options.out, 'index.html'), renderReport(machines, options, filters));
  written.push('index.html');
  return { files: written.sort(), machines, failures };
}
