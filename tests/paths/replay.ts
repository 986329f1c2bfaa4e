// Replays a generated path on a real actor and records what it took: states, transitions, effects.
import { isDeepStrictEqual } from 'node:util';
import {
  createActor,
  fromPromise,
  SimulatedClock,
  type AnyActorLogic,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type InspectionEvent,
  type StateValue,
} from 'xstate';
import type { MachinePath } from './generate';
import { invokes, transitionKey } from './model';

export interface Replay {
  /** Keys of the transitions taken (see model.ts), eventless and done ones included. */
  transitions: Set<string>;
  /** Dot paths of every state that was active at some microstep. */
  states: Set<string>;
  /** Effects (actions the machine leaves to .provide()) in the order they ran. */
  effects: { type: string; params: unknown }[];
  /** Per step of the path (step 0: starting the actor): what the actor did, in order. */
  steps: ReplayedStep[];
  /** Null when every step ended where the path said; else what went wrong, at which step. */
  failure: string | null;
}

interface ReplayedStep {
  /** Keys of the transitions taken, one array per microstep. */
  microsteps: string[][];
  /** The actor's snapshot after the step: what the oracles read through the machine's selectors. */
  snapshot?: AnyMachineSnapshot;
  effects: { type: string; params: unknown }[];
  emitted: { type: string }[];
}

interface Deferred {
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

// A settled promise reaches the actor after a few microtasks; one macrotask covers them all.
// setImmediate, not setTimeout(0): a timer waits at least 1 ms and lets the process sleep, which
// over the thousands of paths replayed was most of the path tests' time on a loaded machine.
const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Actions the app must provide are plain functions; XState's built-ins (assign, raise, …) carry a type. */
function isEffect(action: unknown): boolean {
  return (
    typeof action === 'function' && !('type' in action && String(action.type).startsWith('xstate.'))
  );
}

function delayOf(machine: AnyStateMachine, eventType: string): number {
  const delay = eventType.match(/^xstate\.after\.(.+?)\./)?.[1] ?? '';
  const named: unknown = (machine.implementations.delays as Record<string, unknown>)[delay];
  const ms = typeof named === 'number' ? named : Number(delay);
  if (!Number.isFinite(ms))
    throw new Error(`cannot replay ${eventType}: delay "${delay}" is not a number`);
  return ms;
}

/** `input`: the machine's input, as its .paths.ts declares it (the generated paths were computed with it). */
export async function replayPath(
  machine: AnyStateMachine,
  path: MachinePath,
  input?: unknown,
): Promise<Replay> {
  const running = new Map<string, Deferred>();
  const actors: Record<string, AnyActorLogic> = {};
  for (const { src } of invokes(machine)) {
    actors[src] = fromPromise(
      ({ self }) =>
        new Promise((resolve, reject) => {
          running.set(self.id, { resolve, reject });
        }),
    );
  }
  const effects: Replay['effects'] = [];
  const actions: Record<string, (args: unknown, params: unknown) => void> = {};
  for (const [name, action] of Object.entries(machine.implementations.actions)) {
    if (isEffect(action))
      actions[name] = (_args, params) => {
        effects.push({ type: name, params });
        current().effects.push({ type: name, params });
      };
  }
  const steps: ReplayedStep[] = [];
  const current = () => steps[steps.length - 1] ?? newStep();
  const newStep = () => {
    const step: ReplayedStep = { microsteps: [], effects: [], emitted: [] };
    steps.push(step);
    return step;
  };

  const transitions = new Set<string>();
  const states = new Set<string>();
  const clock = new SimulatedClock();
  const inspect = (event: InspectionEvent) => {
    if (event.type !== '@xstate.microstep' || event.actorRef.sessionId !== event.rootId) return;
    const keys = event._transitions.map(transitionKey);
    for (const key of keys) transitions.add(key);
    if (keys.length) current().microsteps.push(keys);
    for (const node of (event.snapshot as AnyMachineSnapshot)._nodes)
      if (node.path.length) states.add(node.path.join('.'));
  };
  const actor = createActor(machine.provide({ actors, actions }), { clock, inspect, input });
  actor.on('*', (emitted) => void current().emitted.push(emitted));
  let actorError: unknown = null;
  actor.subscribe({
    next: (snapshot) => {
      for (const node of snapshot._nodes) if (node.path.length) states.add(node.path.join('.'));
    },
    error: (error) => {
      actorError = error;
    },
  });

  const check = (i: number, value: StateValue, context: unknown): string | null => {
    const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
    current().snapshot = snapshot;
    if (actorError) return `step ${i}: the actor failed: ${String(actorError)}`;
    if (!isDeepStrictEqual(snapshot.value, value)) {
      return `step ${i}: expected ${JSON.stringify(value)}, actor is in ${JSON.stringify(snapshot.value)}`;
    }
    if (!isDeepStrictEqual(snapshot.context, context)) {
      return `step ${i}: in ${JSON.stringify(value)} expected context ${JSON.stringify(context)}, got ${JSON.stringify(snapshot.context)}`;
    }
    return null;
  };

  let failure: string | null = null;
  try {
    newStep();
    actor.start();
    for (const node of actor.getSnapshot()._nodes)
      if (node.path.length) states.add(node.path.join('.'));
    const [first, ...rest] = path.steps;
    failure = first ? check(0, first.value, first.context) : 'empty path';
    for (const [i, step] of rest.entries()) {
      if (failure) break;
      newStep();
      const { event } = step;
      const actorId = event.type.match(/^xstate\.(done|error)\.actor\.(.+)$/);
      if (actorId) {
        const pending = running.get(actorId[2] ?? '');
        if (!pending) {
          failure = `step ${i + 1}: ${event.type}, but actor ${actorId[2]} was never started`;
          break;
        }
        running.delete(actorId[2] ?? '');
        if (actorId[1] === 'done') pending.resolve(event.output);
        else pending.reject(event.error);
        await flush();
      } else if (event.type.startsWith('xstate.after.')) {
        clock.increment(delayOf(machine, event.type));
        await flush();
      } else {
        actor.send(event);
      }
      failure = check(i + 1, step.value, step.context);
    }
  } finally {
    actor.stop();
  }
  return { transitions, states, effects, steps, failure };
}
