// `npm run qa:paths` (scripts/qa-paths.ts is its command line): for every machine, a test plan
// (qa/paths/<machine>/plan.md and plan.csv), and for all of them the report (qa/paths/index.html),
// plan.json and junit.xml; each machine's plan is held to its threshold (thresholds.json).
import { existsSync, mkdirSync, readdirSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { machineGraph } from '../../src/app/dev-machines/machine-graph';
import {
  coverageOf,
  discoverMachines,
  loadMachine,
  MACHINES_DIR,
  measure,
  type LoadedMachine,
} from './coverage';
import { generatePaths } from './generate';
import { knowsEvent, planPaths, resolveState, type PlanOptions } from './plan';
import {
  counts,
  formatPlanCsv,
  formatPlanJson,
  formatPlanJunit,
  formatPlanMarkdown,
  transitionRows,
  type MachineResult,
} from './plan-output';
import { renderReport, type ReportMachine } from './report';
import { belowThreshold, readThresholds, thresholdOf, THRESHOLDS_FILE } from './thresholds';

export interface QaOptions extends PlanOptions {
  /** Default qa/paths. */
  out: string;
  /** One machine by name ("session"); default all. */
  machine?: string | undefined;
  /** Default src/machines; tests point it at fixtures. */
  machinesDir?: string | undefined;
  /** Default tests/paths/thresholds.json. */
  thresholds?: string | undefined;
}

export interface QaResult {
  /** Written files, relative to `out`, sorted. */
  files: string[];
  machines: ReportMachine[];
  /** Paths whose replay diverged from the model, by machine: the plan would lie. */
  failures: number;
  /** Machines under their threshold, with why (only when thresholds apply: no filter). */
  belowThreshold: { name: string; reasons: string[] }[];
  /** False with --max-length, --reaches or --through: a filtered plan is partial on purpose. */
  thresholdsEnforced: boolean;
}

const PLAN_FILES = ['plan.md', 'plan.csv'];

export async function runQa(options: QaOptions): Promise<QaResult> {
  const dir = options.machinesDir ?? MACHINES_DIR;
  const all = discoverMachines(dir);
  if (all.length === 0) throw new Error(`no *.machine.ts in ${dir}`);
  const thresholds = readThresholds(
    options.thresholds ?? THRESHOLDS_FILE,
    all.map((entry) => entry.name),
  );
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
  const results: MachineResult[] = [];
  const written: string[] = [];
  let failures = 0;
  const filters = [
    ...(options.maxLength !== undefined ? [`最大 ${options.maxLength} 手`] : []),
    ...(options.reaches !== undefined ? [`状態「${options.reaches}」を通る`] : []),
    ...(options.through !== undefined ? [`イベント「${options.through}」を通る`] : []),
  ];
  const enforced = filters.length === 0;
  for (const { name, machine: m, problem } of selected) {
    if (!m) {
      machines.push({ name, problem: problem ?? '' });
      continue;
    }
    // Every generated path is replayed once: the minimal plan is chosen by what they took, and
    // a transition a plan leaves out is told apart from one no path takes.
    const full = await measure(m, generatePaths(m.machine, m.config));
    const index = new Map(full.paths.map((p, i) => [p, i]));
    const plan = planPaths(m, full.paths, options, (p) => {
      const taken = full.perPath[index.get(p) ?? -1];
      if (!taken) throw new Error(`${name}: a path that was not replayed`);
      return taken;
    });
    const coverage = coverageOf(
      full,
      plan.paths.map((p) => p.path),
    );
    failures += coverage.failures.length;
    const c = counts(coverage);
    const threshold = thresholdOf(thresholds, name);
    const result: MachineResult = {
      name,
      plan,
      coverage,
      rows: transitionRows(plan, full.transitions.total, full),
      threshold,
      below: enforced
        ? belowThreshold(
            { states: c.states.percent, transitions: c.transitions.percent },
            threshold,
          )
        : [],
    };
    results.push(result);
    mkdirSync(path.join(options.out, name), { recursive: true });
    writeFileSync(
      path.join(options.out, name, 'plan.md'),
      formatPlanMarkdown(result, { machine: `${name}.machine.ts`, paths: `${name}.paths.ts` }),
    );
    writeFileSync(path.join(options.out, name, 'plan.csv'), formatPlanCsv(plan));
    written.push(`${name}/plan.md`, `${name}/plan.csv`);
    machines.push({ name, result, graph: machineGraph(m.machine, m.config.labels) });
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
  writeFileSync(
    path.join(options.out, 'plan.json'),
    formatPlanJson(results, { strategy: options.strategy, filters, thresholdsEnforced: enforced }),
  );
  writeFileSync(path.join(options.out, 'junit.xml'), formatPlanJunit(results));
  written.push('index.html', 'plan.json', 'junit.xml');
  return {
    files: written.sort(),
    machines,
    failures,
    belowThreshold: results
      .filter((r) => r.below.length)
      .map((r) => ({ name: r.name, reasons: r.below })),
    thresholdsEnforced: enforced,
  };
}
