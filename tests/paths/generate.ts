// Paths through a machine, generated with xstate/graph from the payloads its .paths.ts declares.
import {
  initialTransition,
  transition,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type StateValue,
} from 'xstate';
import {
  getAdjacencyMap,
  getShortestPaths,
  getSimplePaths,
  type StatePath,
  type TraversalOptions,
} from 'xstate/graph';
import type { MachinePaths } from '../../src/machines/path-config';
import { eventLabel, stateLabel } from './model';

export type PathFamily = 'shortest' | 'simple' | 'transition';

export interface PathStep {
  event: AnyEventObject;
  /** Japanese: the variant's or outcome's label. */
  label: string;
  /** Where the machine must be after the event. */
  value: StateValue;
  context: unknown;
}

export interface MachinePath {
  family: PathFamily;
  /** From the initial state; the first step is the initial state itself (event xstate.init). */
  steps: PathStep[];
  /** Japanese, for plans: "セッション復元中 → … → 未サインイン". */
  description: string;
}

type Snapshot = AnyMachineSnapshot;
type Options = TraversalOptions<Snapshot, AnyEventObject, unknown>;

const DEFAULT_MAX_SIMPLE_PATHS = 300;
// Every machine here has a handful of states; a traversal this long means context that grows.
const TRAVERSAL_LIMIT = 20_000;

/** The events to try in a snapshot: declared variants it handles, its timers, and outcomes of the actors it runs. */
function eventsFor(config: MachinePaths<AnyStateMachine>, labelOf: Map<string, string>) {
  return (snapshot: Snapshot): AnyEventObject[] => {
    const handled = new Set(snapshot._nodes.flatMap((node) => [...node.transitions.keys()]));
    const events: AnyEventObject[] = config.events
      .map((variant) => variant.event as AnyEventObject)
      .filter(
        (event) =>
          handled.has(event.type) && (!config.filterEvents || config.filterEvents(snapshot, event)),
      );
    // Timers: replayed by advancing the actor's SimulatedClock.
    for (const type of handled) if (type.startsWith('xstate.after.')) events.push({ type });
    for (const node of snapshot._nodes) {
      for (const { id } of node.invoke) {
        for (const outcome of config.outcomes?.[id] ?? []) {
          const event =
            'error' in outcome
              ? { type: `xstate.error.actor.${id}`, error: outcome.error, actorId: id }
              : { type: `xstate.done.actor.${id}`, output: outcome.output, actorId: id };
          labelOf.set(JSON.stringify(event), outcome.label);
          events.push(event);
        }
      }
    }
    return events;
  };
}

const byValue = (snapshot: Snapshot) => JSON.stringify(snapshot.value);
const byValueAndContext = (snapshot: Snapshot) =>
  JSON.stringify({ value: snapshot.value, context: snapshot.context });

/**
 * Three families, deduplicated by their event sequence:
 * - shortest: the shortest path to every distinct (state, context) the payloads reach;
 * - simple: loop-free paths through the states (context ignored), at most maxSimplePaths, shortest kept;
 * - transition: for every edge of the graph not already ending a path, the shortest path to its
 *   source plus that edge. Returns to a state already seen (a finish that hides the overlay, a
 *   401 that is ignored) end no shortest or simple path, and would otherwise go untested.
 */
export function generatePaths(
  machine: AnyStateMachine,
  config: MachinePaths<AnyStateMachine>,
): MachinePath[] {
  const labelOf = new Map<string, string>();
  for (const variant of config.events) labelOf.set(JSON.stringify(variant.event), variant.label);
  const base: Options = {
    events: eventsFor(config, labelOf),
    input: config.input,
    limit: TRAVERSAL_LIMIT,
  };
  const full: Options = { ...base, serializeState: byValueAndContext };

  const shortest = getShortestPaths(machine, full);
  const simple = getSimplePaths(machine, { ...base, serializeState: byValue })
    .sort((a, b) => a.steps.length - b.steps.length)
    .slice(0, config.maxSimplePaths ?? DEFAULT_MAX_SIMPLE_PATHS);

  const shortestTo = new Map(shortest.map((path) => [byValueAndContext(path.state), path]));
  const edges: StatePath<Snapshot, AnyEventObject>[] = [];
  for (const [serial, { transitions }] of Object.entries(getAdjacencyMap(machine, full))) {
    const head = shortestTo.get(serial);
    if (!head) continue;
    for (const { event, state } of Object.values(transitions) as {
      event: AnyEventObject;
      state: Snapshot;
    }[]) {
      edges.push({ state, weight: head.weight + 1, steps: [...head.steps, { event, state }] });
    }
  }

  const seen = new Set<string>();
  const out: MachinePath[] = [];
  const add = (family: PathFamily, path: StatePath<Snapshot, AnyEventObject>) => {
    const key = JSON.stringify(path.steps.map((step) => step.event));
    if (seen.has(key)) return;
    seen.add(key);
    // Simple paths are found on states without context, so their snapshots are stand-ins: the
    // expected state after each step is recomputed from the events, with the machine's own logic.
    let [snapshot] = initialTransition(machine, config.input);
    const steps = path.steps.map((step, i) => {
      if (i > 0) [snapshot] = transition(machine, snapshot, step.event);
      const label =
        i === 0
          ? '開始'
          : (labelOf.get(JSON.stringify(step.event)) ?? eventLabel(step.event.type, config.labels));
      return { event: step.event, label, value: snapshot.value, context: snapshot.context };
    });
    out.push({ family, steps, description: describe(steps, config) });
  };
  for (const path of shortest) add('shortest', path);
  for (const path of simple) add('simple', path);
  for (const path of edges) add('transition', path);
  return out;
}

/** The leaf state paths of a state value: { signedIn: 'user' } → ['signedIn.user']. */
export function leafPaths(value: StateValue): string[] {
  if (typeof value === 'string') return [value];
  return Object.entries(value).flatMap(([key, child]) =>
    child ? leafPaths(child).map((leaf) => `${key}.${leaf}`) : [key],
  );
}

function describe(steps: PathStep[], config: MachinePaths<AnyStateMachine>): string {
  const where = (value: StateValue) =>
    leafPaths(value)
      .map((path) => stateLabel(path, config.labels))
      .join('・');
  return steps
    .map((step, i) => (i === 0 ? where(step.value) : `（${step.label}）→ ${where(step.value)}`))
    .join(' ');
}
