// Test plans from generated paths: which paths (strategy and filters), in which order, under
// which ids, written as Markdown and CSV for people to read and review. Everything here is
// deterministic: the same machines and options give byte-identical plans, so they diff in review.
import { createHash } from 'node:crypto';
import type { StateValue } from 'xstate';
import { activePaths } from '../../src/app/dev-machines/machine-graph';
import type { LoadedMachine } from './coverage';
import { leafPaths, type MachinePath, type PathFamily } from './generate';
import { eventLabel, stateLabel, statePaths, transitions } from './model';

/** `shortest`: the shortest path to every state and through every transition; `simple`: loop-free paths; `all`: both. */
export type Strategy = 'shortest' | 'simple' | 'all';
export const STRATEGIES: readonly Strategy[] = ['all', 'shortest', 'simple'];

const FAMILIES: Readonly<Record<Strategy, readonly PathFamily[]>> = {
  all: ['shortest', 'simple', 'transition'],
  // The transition family is a shortest path to a transition's source plus that transition.
  shortest: ['shortest', 'transition'],
  simple: ['simple'],
};

const FAMILY_LABELS: Readonly<Record<PathFamily, string>> = {
  shortest: '最短',
  simple: '単純',
  transition: '遷移網羅',
};

export const STRATEGY_LABELS: Readonly<Record<Strategy, string>> = {
  all: 'すべて（最短・単純・遷移網羅）',
  shortest: '最短（各状態への最短経路と各遷移を通る最短経路）',
  simple: '単純（同じ状態を二度通らない経路）',
};

export interface PlanOptions {
  strategy: Strategy;
  /** At most this many steps (events) after the initial state. */
  maxLength?: number | undefined;
  /** A state path ("signedIn.guest") or its Japanese label: keeps paths passing through it. */
  reaches?: string | undefined;
  /** An event type, its Japanese label or a variant's label: keeps paths taking it. */
  through?: string | undefined;
}

interface PlanStep {
  from: string;
  event: string;
  to: string;
  /** "セッション復元中 --保存済みセッションなし--> 未サインイン" */
  text: string;
}

interface PlannedPath {
  /** "P-1a2b3c4d": from the path's events and labels, so it stays when other paths come and go. */
  id: string;
  family: PathFamily;
  /** The initial state's label. */
  start: string;
  goal: string[];
  goalLabel: string;
  /** Steps after the initial state. */
  length: number;
  steps: PlanStep[];
  path: MachinePath;
}

export interface Plan {
  name: string;
  label: string;
  options: PlanOptions;
  /** The state or event a filter resolved to, for the plan's header. */
  filters: string[];
  paths: PlannedPath[];
}

const valueLabel = (value: StateValue, loaded: LoadedMachine) =>
  leafPaths(value)
    .map((path) => stateLabel(path, loaded.config.labels))
    .join('・');

/** The state a --reaches query names in this machine (by path or by label), or null. */
export function resolveState(loaded: LoadedMachine, query: string): string | null {
  const states = statePaths(loaded.machine);
  if (states.includes(query)) return query;
  return states.find((path) => loaded.config.labels.states[path] === query) ?? null;
}

/** True when a --through query names an event of this machine (type, label, variant or outcome label). */
export function knowsEvent(loaded: LoadedMachine, query: string): boolean {
  const { config } = loaded;
  return (
    transitions(loaded.machine, config.labels).some(
      (t) => t.eventType === query || eventLabel(t.eventType, config.labels) === query,
    ) ||
    config.events.some((variant) => variant.label === query) ||
    Object.values(config.outcomes ?? {}).some((outcomes) =>
      outcomes.some((outcome) => outcome.label === query),
    )
  );
}

function takes(path: MachinePath, query: string, loaded: LoadedMachine): boolean {
  return path.steps
    .slice(1)
    .some(
      (step) =>
        step.event.type === query ||
        step.label === query ||
        eventLabel(step.event.type, loaded.config.labels) === query,
    );
}

function hash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

// Error objects stringify as {}: the message and the label keep two outcomes apart.
const serialize = (path: MachinePath) =>
  JSON.stringify(
    path.steps.map((step) => {
      const error: unknown = (step.event as { error?: unknown }).error;
      return [step.label, step.event, error instanceof Error ? String(error) : null];
    }),
  );

/** The paths the options select, sorted (goal state in definition order, then length, then steps) and given ids. */
export function planPaths(
  loaded: LoadedMachine,
  paths: readonly MachinePath[],
  options: PlanOptions,
): Plan {
  const families = FAMILIES[options.strategy];
  const filters: string[] = [];
  let selected = paths.filter((path) => families.includes(path.family));
  if (options.maxLength !== undefined) {
    const max = options.maxLength;
    selected = selected.filter((path) => path.steps.length - 1 <= max);
    filters.push(`最大 ${max} 手`);
  }
  if (options.reaches !== undefined) {
    const state = resolveState(loaded, options.reaches);
    if (state === null) throw new Error(`${loaded.name}: no state "${options.reaches}"`);
    selected = selected.filter((path) =>
      path.steps.some((step) => activePaths(step.value).includes(state)),
    );
    filters.push(`状態「${stateLabel(state, loaded.config.labels)}」（${state}）を通る`);
  }
  if (options.through !== undefined) {
    const query = options.through;
    if (!knowsEvent(loaded, query)) throw new Error(`${loaded.name}: no event "${query}"`);
    selected = selected.filter((path) => takes(path, query, loaded));
    filters.push(`イベント「${query}」を通る`);
  }

  const order = statePaths(loaded.machine);
  const rank = (goal: string[]) =>
    Math.min(...goal.map((path) => order.indexOf(path)).filter((i) => i >= 0), order.length);
  const planned = selected.map((path) => {
    const last = path.steps[path.steps.length - 1];
    const goal = last ? leafPaths(last.value) : [];
    const steps = path.steps.slice(1).map((step, i) => {
      const from = valueLabel((path.steps[i] as { value: StateValue }).value, loaded);
      const to = valueLabel(step.value, loaded);
      return { from, event: step.label, to, text: `${from} --${step.label}--> ${to}` };
    });
    const first = path.steps[0];
    return {
      family: path.family,
      start: first ? valueLabel(first.value, loaded) : '',
      goal,
      goalLabel: last ? valueLabel(last.value, loaded) : '',
      length: steps.length,
      steps,
      path,
      key: serialize(path),
    };
  });
  planned.sort(
    (a, b) =>
      rank(a.goal) - rank(b.goal) ||
      a.length - b.length ||
      (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
  );

  const used = new Set<string>();
  const out: PlannedPath[] = planned.map(({ key, ...rest }) => {
    const digest = hash(`${loaded.name}\n${key}`);
    // Eight hex digits; longer only in the unlikely case of a clash within the plan.
    let size = 8;
    while (used.has(digest.slice(0, size))) size += 2;
    used.add(digest.slice(0, size));
    return { id: `P-${digest.slice(0, size)}`, ...rest };
  });
  return { name: loaded.name, label: loaded.config.labels.machine, options, filters, paths: out };
}

const md = (text: string) =>
  text
    .replace(/\\/g, '\\\\')
    .replace(/\|/g, '\\|')
    .replace(/([*_`[\]<>])/g, '\\$1');

export interface PlanCoverageSummary {
  states: string;
  transitions: string;
  uncovered: string[];
  failures: string[];
}

/** The plan as Markdown: a header, the uncovered transitions, an index table, then every path step by step. */
export function formatPlanMarkdown(
  plan: Plan,
  files: { machine: string; paths: string },
  coverage: PlanCoverageSummary,
): string {
  const lines = [
    `# テスト計画: ${md(plan.label)}（${md(plan.name)}）`,
    '',
    `- 対象: \`${files.machine}\`（ラベルと入力値: \`${files.paths}\`）`,
    `- 経路の種類: ${STRATEGY_LABELS[plan.options.strategy]}`,
    `- 絞り込み: ${plan.filters.length ? plan.filters.map(md).join('、') : 'なし'}`,
    `- 経路数: ${plan.paths.length}`,
    `- この計画の経路を実際のアクターで再生したカバレッジ: 状態 ${coverage.states}、遷移 ${coverage.transitions}`,
    '',
    '各手順は「状態 --操作・結果--> 次の状態」です。手順のあと、画面とアクターが右側の状態にあることを確かめます。',
    '',
  ];
  if (coverage.failures.length) {
    lines.push(
      '## 再生に失敗した経路（モデルと実装の不一致）',
      '',
      ...coverage.failures.map((f) => `- ${md(f)}`),
      '',
    );
  }
  if (coverage.uncovered.length) {
    lines.push('## この計画で通らない遷移', '', ...coverage.uncovered.map((t) => `- ${md(t)}`), '');
  }
  lines.push('## 経路一覧', '', '| ID | 目標状態 | 手数 | 種類 |', '|---|---|---:|---|');
  for (const path of plan.paths)
    lines.push(
      `| ${path.id} | ${md(path.goalLabel)} | ${path.length} | ${FAMILY_LABELS[path.family]} |`,
    );
  if (plan.paths.length === 0) lines.push('| — | 条件に合う経路はありません | 0 | — |');
  lines.push('', '## 手順', '');
  for (const path of plan.paths) {
    lines.push(
      `### ${path.id}: ${md(path.goalLabel)}（${path.length} 手・${FAMILY_LABELS[path.family]}）`,
      '',
    );
    lines.push(`開始: ${md(path.start)}`, '');
    path.steps.forEach((step, i) => lines.push(`${i + 1}. ${md(step.text)}`));
    if (path.steps.length === 0) lines.push('（手順なし: 初期状態のみ）');
    lines.push('');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

const csvCell = (value: string | number) => {
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** The plan as CSV (UTF-8 with BOM, so that spreadsheet software reads the Japanese): one row per path. */
export function formatPlanCsv(plan: Plan): string {
  const rows = [['ID', '目標状態', '手順', '手数', '種類', '目標状態（ID）']];
  for (const path of plan.paths) {
    rows.push([
      path.id,
      path.goalLabel,
      path.steps.map((step) => step.text).join('\n'),
      String(path.length),
      FAMILY_LABELS[path.family],
      path.goal.join('・'),
    ]);
  }
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
