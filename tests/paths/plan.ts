// Test plans from generated paths: which paths (strategy and filters), in which order, under
// which ids, each step with what a person does and what they should see (the `manual` of the
// .paths.ts). plan-output.ts writes them. Everything here is deterministic: the same machines and
// options give byte-identical plans, so they diff in review.
import { createHash } from 'node:crypto';
import type { StateValue } from 'xstate';
import { activePaths } from '../../src/app/dev-machines/machine-graph';
import type { LoadedMachine } from './coverage';
import { leafPaths, type MachinePath, type PathFamily } from './generate';
import { eventLabel, manualState, stateLabel, statePaths, transitions } from './model';

/**
 * `minimal` (the default): the fewest generated paths that still take every transition and reach
 * every state any generated path does; `shortest`: the shortest path to every state and through
 * every transition; `simple`: loop-free paths; `all`: every generated path.
 */
export type Strategy = 'minimal' | 'shortest' | 'simple' | 'all';
export const STRATEGIES: readonly Strategy[] = ['minimal', 'all', 'shortest', 'simple'];

const FAMILIES: Readonly<Record<Strategy, readonly PathFamily[]>> = {
  minimal: ['shortest', 'simple', 'transition'],
  all: ['shortest', 'simple', 'transition'],
  // The transition family is a shortest path to a transition's source plus that transition.
  shortest: ['shortest', 'transition'],
  simple: ['simple'],
};

export const FAMILY_LABELS: Readonly<Record<PathFamily, string>> = {
  shortest: '最短',
  simple: '単純',
  transition: '遷移網羅',
};

export const STRATEGY_LABELS: Readonly<Record<Strategy, string>> = {
  minimal: '最小網羅（すべての遷移を通る、できるだけ少ない経路）',
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
  /** What the tester does (set-up included: which account, which failure to cause). */
  do: string;
  /** What the screen shows afterwards. */
  see: string;
}

interface PlannedPath {
  /** "P-1a2b3c4d": from the path's events and labels, so it stays when other paths come and go. */
  id: string;
  family: PathFamily;
  /** Before the first step (the manual's setup). */
  setup: string;
  /** The initial state's label. */
  start: string;
  /** What the screen shows in the initial state. */
  startSee: string;
  goal: string[];
  goalLabel: string;
  /** Steps after the initial state. */
  length: number;
  steps: PlanStep[];
  path: MachinePath;
  /** Keys of the transitions its replay took (model.ts), for the report's links. */
  transitions: string[];
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

/**
 * Greedy set cover: repeatedly the item adding most uncovered keys (ties to the earlier in
 * `order`), then any item whose keys the others already cover is dropped. Not always the
 * smallest possible, but close, and the same every run.
 */
export function minimalCover<T>(
  items: readonly T[],
  keysOf: (item: T) => ReadonlySet<string>,
  order: (a: T, b: T) => number,
): T[] {
  const candidates = [...items].sort(order);
  const covered = new Set<string>();
  const chosen: T[] = [];
  for (;;) {
    let best: T | undefined;
    let gain = 0;
    for (const item of candidates) {
      let g = 0;
      for (const key of keysOf(item)) if (!covered.has(key)) g++;
      if (g > gain) [best, gain] = [item, g];
    }
    if (best === undefined) break;
    chosen.push(best);
    for (const key of keysOf(best)) covered.add(key);
  }
  // Later picks may cover all an earlier one added: drop those, last chosen first.
  for (let i = chosen.length - 1; i >= 0; i--) {
    const others = new Set(chosen.filter((_, j) => j !== i).flatMap((item) => [...keysOf(item)]));
    if ([...keysOf(chosen[i] as T)].every((key) => others.has(key))) chosen.splice(i, 1);
  }
  return chosen;
}

/** What a replay of a path took; the minimal strategy chooses by it. */
export type Taken = (path: MachinePath) => { states: Set<string>; transitions: Set<string> };

const manualDo = (loaded: LoadedMachine, label: string) => {
  const step = loaded.config.manual.steps[label];
  return typeof step === 'string' ? step : (step?.do ?? '（記載なし）');
};

/** What the screen shows after a step: its own result, then each region that changed (all of them when none did). */
function seeAfter(
  loaded: LoadedMachine,
  label: string,
  before: StateValue | null,
  after: StateValue,
) {
  const step = loaded.config.manual.steps[label];
  const was = new Set(before === null ? [] : leafPaths(before));
  const leaves = leafPaths(after);
  const changed = leaves.filter((leaf) => !was.has(leaf));
  const states = (changed.length ? changed : leaves).map(
    (leaf) => manualState(leaf, loaded.config) ?? '（記載なし）',
  );
  return [...new Set([...(typeof step === 'object' ? [step.see] : []), ...states])].join(' ');
}

/** The paths the options select, sorted (goal state in definition order, then length, then steps) and given ids. */
export function planPaths(
  loaded: LoadedMachine,
  paths: readonly MachinePath[],
  options: PlanOptions,
  /** Required by the minimal strategy; without it planned paths list no transitions. */
  taken?: Taken,
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
      const before = (path.steps[i] as { value: StateValue }).value;
      const from = valueLabel(before, loaded);
      const to = valueLabel(step.value, loaded);
      return {
        from,
        event: step.label,
        to,
        text: `${from} --${step.label}--> ${to}`,
        do: manualDo(loaded, step.label),
        see: seeAfter(loaded, step.label, before, step.value),
      };
    });
    const first = path.steps[0];
    return {
      family: path.family,
      setup: loaded.config.manual.setup,
      start: first ? valueLabel(first.value, loaded) : '',
      startSee: first ? seeAfter(loaded, '', null, first.value) : '',
      goal,
      goalLabel: last ? valueLabel(last.value, loaded) : '',
      length: steps.length,
      steps,
      path,
      transitions: taken ? [...taken(path).transitions].sort() : [],
      key: serialize(path),
    };
  });
  const byKey = (a: { key: string }, b: { key: string }) =>
    a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
  let chosen = planned;
  if (options.strategy === 'minimal') {
    if (!taken) throw new Error('the minimal strategy needs the replayed paths');
    // States count too: a state reached only inside a macrostep is still one to see.
    const keys = new Map(
      planned.map((p) => {
        const t = taken(p.path);
        return [p, new Set([...t.transitions, ...[...t.states].map((s) => `state:${s}`)])];
      }),
    );
    chosen = minimalCover(
      planned,
      (p) => keys.get(p) ?? new Set(),
      (a, b) => a.length - b.length || byKey(a, b),
    );
  }
  chosen.sort((a, b) => rank(a.goal) - rank(b.goal) || a.length - b.length || byKey(a, b));

  const used = new Set<string>();
  const out: PlannedPath[] = chosen.map(({ key, ...rest }) => {
    const digest = hash(`${loaded.name}\n${key}`);
    // Eight hex digits; longer only in the unlikely case of a clash within the plan.
    let size = 8;
    while (used.has(digest.slice(0, size))) size += 2;
    used.add(digest.slice(0, size));
    return { id: `P-${digest.slice(0, size)}`, ...rest };
  });
  return { name: loaded.name, label: loaded.config.labels.machine, options, filters, paths: out };
}
