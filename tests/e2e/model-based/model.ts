// Model-based end-to-end tests: a machine's generated paths (tests/paths) become browser tests.
// A mapping file per machine (`<machine>.model.ts` beside this file) says which user action sends
// each event and what the screen shows in each state; this file turns paths into runs of those
// actions and assertions, skips (and lists) paths with a step nothing maps, and picks the fewest
// paths that cover every transition the mappable paths can reach.
import type { Page } from 'playwright-core';
import type { AnyEventObject, StateValue } from 'xstate';
import { activePaths } from '../../../src/app/dev-machines/machine-graph';
import type { LoadedMachine } from '../../paths/coverage';
import type { MachinePath, PathStep } from '../../paths/generate';
import { stateLabel } from '../../paths/model';
import { minimalCover } from '../../paths/plan';
import { replayPath } from '../../paths/replay';

/** One event of a path, matched by type and, optionally, its payload. */
export interface StepPattern {
  type: string;
  where?: (event: AnyEventObject) => boolean;
}

/** The step where the machine's invoked `actor` finished, optionally only with such an output. */
export const actorDone = (actor: string, where?: (e: AnyEventObject) => boolean): StepPattern => ({
  type: `xstate.done.actor.${actor}`,
  where,
});

/**
 * A user action. It may take several steps of the path at once: one click both sends the event
 * and settles the call it starts (sign-in and its outcome), so `steps` lists both.
 */
interface ActionRule<TWorld> {
  /** Japanese, shown in the test log: "フォームからサインイン（正しいパスワード）". */
  name: string;
  /** The states (or their ancestors) the machine must be in before: where the UI offers the action. */
  from?: readonly string[];
  steps: readonly StepPattern[];
  /**
   * `later`: the events of the path after this action's, for an action that prepares what later
   * steps need (which card a payer holds decides whether a later payment is declined). The runner
   * calls the compiled step's run, which passes it.
   */
  run: (
    world: TWorld,
    events: readonly AnyEventObject[],
    later?: readonly AnyEventObject[],
  ) => Promise<void>;
}

export interface E2eModel<TWorld, TSuite = unknown> {
  /** The machine's file name in src/machines ("session"). */
  machine: string;
  /** Once per suite, on the running server: what every path shares (accounts, a world). */
  suite: (url: string) => Promise<TSuite>;
  /** After the suite's paths: stops what `suite` started. */
  teardown?: (suite: TSuite) => Promise<void>;
  /**
   * Why a whole path cannot happen on a real server although each step maps (steps of two
   * payment providers in one path), else null.
   */
  rejectPath?: (events: readonly AnyEventObject[]) => string | null;
  /** Before each path, on a fresh page in a fresh browser context. */
  world: (env: { page: Page; url: string; suite: TSuite }) => TWorld;
  actions: readonly ActionRule<TWorld>[];
  /** By state path; a leaf without an entry is checked by its nearest ancestor's. */
  states: Readonly<Record<string, (world: TWorld, step: PathStep) => Promise<void>>>;
  /**
   * What the mapping does differently from the machine's own event, and why a transition cannot
   * be reached from the UI, for the printed summary.
   */
  notes?: readonly string[];
  /** Chromium flags (fake media): models with the same flags share a browser. */
  browserArgs?: readonly string[];
}

interface CompiledStep<TWorld> {
  rule: ActionRule<TWorld>;
  events: AnyEventObject[];
  /** The step the action ends on: its state is asserted. */
  end: PathStep;
  /** "未サインイン --サインイン--> サインイン中 --サインイン成功--> サインイン済み（ユーザー）" */
  text: string;
  /** The state paths checked after the action. */
  checks: string[];
}

type Compiled<TWorld> = { ok: true; steps: CompiledStep<TWorld>[] } | { ok: false; reason: string };

const valueLabel = (value: StateValue, loaded: LoadedMachine) => {
  const active = activePaths(value);
  return active
    .filter((path) => !active.some((other) => other.startsWith(`${path}.`)))
    .map((path) => stateLabel(path, loaded.config.labels))
    .join('・');
};

/** The nearest state (itself or an ancestor) with an assertion, for each active leaf. */
function checksFor<TWorld, TSuite>(
  model: E2eModel<TWorld, TSuite>,
  value: StateValue,
): string[] | null {
  const active = activePaths(value);
  const leaves = active.filter((path) => !active.some((other) => other.startsWith(`${path}.`)));
  const out: string[] = [];
  for (const leaf of leaves) {
    const parts = leaf.split('.');
    let found: string | null = null;
    for (let n = parts.length; n > 0 && !found; n--) {
      const candidate = parts.slice(0, n).join('.');
      if (model.states[candidate]) found = candidate;
    }
    if (!found) return null;
    out.push(found);
  }
  return out;
}

/** The path as actions and assertions, or why it cannot be one (the first step nothing maps). */
function compilePath<TWorld, TSuite>(
  model: E2eModel<TWorld, TSuite>,
  loaded: LoadedMachine,
  path: MachinePath,
): Compiled<TWorld> {
  const rejected = model.rejectPath?.(path.steps.map((step) => step.event));
  if (rejected) return { ok: false, reason: rejected };
  const out: CompiledStep<TWorld>[] = [];
  let i = 1;
  while (i < path.steps.length) {
    const before = activePaths((path.steps[i - 1] as PathStep).value);
    const rule = model.actions.find(
      (r) =>
        (!r.from || r.from.some((state) => before.includes(state))) &&
        r.steps.every((pattern, k) => {
          const step = path.steps[i + k];
          return (
            step !== undefined &&
            step.event.type === pattern.type &&
            (!pattern.where || pattern.where(step.event))
          );
        }),
    );
    const step = path.steps[i] as PathStep;
    const from = valueLabel((path.steps[i - 1] as PathStep).value, loaded);
    if (!rule) return { ok: false, reason: `${from} --${step.label}-->` };
    const taken = path.steps.slice(i, i + rule.steps.length);
    const end = taken[taken.length - 1] as PathStep;
    const checks = checksFor(model, end.value);
    if (!checks)
      return {
        ok: false,
        reason: `状態「${valueLabel(end.value, loaded)}」を画面で確かめる方法がない`,
      };
    const text = [from, ...taken.map((s) => `--${s.label}--> ${valueLabel(s.value, loaded)}`)].join(
      ' ',
    );
    const later = path.steps.slice(i + rule.steps.length).map((s) => s.event);
    const bound: ActionRule<TWorld> = {
      ...rule,
      run: (world, events) => rule.run(world, events, later),
    };
    out.push({ rule: bound, events: taken.map((s) => s.event), end, text, checks });
    i += rule.steps.length;
  }
  return { ok: true, steps: out };
}

export interface Selection<TWorld> {
  /** The paths to run: fewest first-found that cover every transition the mappable paths reach. */
  run: { path: MachinePath; id: string; steps: CompiledStep<TWorld>[]; transitions: Set<string> }[];
  /** Paths with a step nothing maps, grouped by that step. */
  skipped: Map<string, string[]>;
  /** Every transition some mappable path takes. */
  reachable: Set<string>;
}

/** The minimal cover (tests/paths/plan.ts) of the mappable paths; ties go to the shorter path, then the smaller id. */
export async function selectPaths<TWorld, TSuite>(
  model: E2eModel<TWorld, TSuite>,
  loaded: LoadedMachine,
  paths: readonly { id: string; path: MachinePath }[],
): Promise<Selection<TWorld>> {
  const skipped = new Map<string, string[]>();
  const candidates: Selection<TWorld>['run'] = [];
  for (const { id, path } of paths) {
    const compiled = compilePath(model, loaded, path);
    if (!compiled.ok) {
      skipped.set(compiled.reason, [...(skipped.get(compiled.reason) ?? []), id]);
      continue;
    }
    const replay = await replayPath(loaded.machine, path, loaded.config.input);
    if (replay.failure) throw new Error(`${id}: the model itself fails: ${replay.failure}`);
    candidates.push({ path, id, steps: compiled.steps, transitions: replay.transitions });
  }
  const reachable = new Set(candidates.flatMap((c) => [...c.transitions]));
  const run = minimalCover(
    candidates,
    (c) => c.transitions,
    (a, b) => a.steps.length - b.steps.length || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  return { run, skipped, reachable };
}
