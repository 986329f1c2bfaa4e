// Breaks one rule of a machine, for the mutation checks (mutations.test.ts): a copy of the
// machine's definition with one state edited, built with the same implementations.
import { createMachine, type AnyStateMachine } from 'xstate';

type Config = Record<string, unknown>;

/** Copies plain objects and arrays; functions (guards, params, assign) are shared. */
function copy<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copy) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copy(v)])) as T;
  return value;
}

/** The machine with the state at `statePath` ("" the root, "active.camera.on") edited in place. */
export function editState(
  machine: AnyStateMachine,
  statePath: string,
  edit: (state: Config) => void,
): AnyStateMachine {
  const config = copy(machine.config) as Config;
  let state = config;
  for (const key of statePath ? statePath.split('.') : []) {
    state = (state.states as Record<string, Config>)[key] as Config;
    if (!state) throw new Error(`no state ${statePath}`);
  }
  edit(state);
  return createMachine(config as never, machine.implementations as never);
}

/** Every transition branch of a state's `on[event]`, its invoke's onDone/onError and `always`. */
function branches(value: unknown): Config[] {
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).filter(
    (b): b is Config => typeof b === 'object' && b !== null,
  );
}

const named = (action: unknown, name: string) =>
  action === name ||
  (typeof action === 'object' && action !== null && 'type' in action && action.type === name);

/** Removes an action by name from the branches `where` picks (e.g. on['session.unauthorized']). */
export function dropAction(where: unknown, name: string): void {
  const found = branches(where);
  if (!found.some((b) => [b.actions].flat().some((a) => named(a, name))))
    throw new Error(`no action ${name} there`);
  for (const branch of found)
    branch.actions = [branch.actions].flat().filter((a) => a !== undefined && !named(a, name));
}

/** Every object in a config, depth first (states, branches, guard objects, …). */
function eachObject(value: unknown, visit: (object: Config) => void): void {
  if (Array.isArray(value)) value.forEach((v) => eachObject(v, visit));
  else if (
    value &&
    typeof value === 'object' &&
    Object.getPrototypeOf(value) === Object.prototype
  ) {
    visit(value as Config);
    Object.values(value).forEach((v) => eachObject(v, visit));
  }
}

/** The machine with guard `from` renamed `to` everywhere: no behaviour changes. */
export function renameGuard(machine: AnyStateMachine, from: string, to: string): AnyStateMachine {
  const config = copy(machine.config) as Config;
  let found = 0;
  eachObject(config, (object) => {
    const guard = object.guard as Config | string | undefined;
    if (guard === from) {
      object.guard = to;
      found++;
    } else if (guard && typeof guard === 'object' && guard.type === from) {
      guard.type = to;
      found++;
    }
  });
  if (!found) throw new Error(`no guard ${from}`);
  const { [from]: implementation, ...guards } = machine.implementations.guards;
  return createMachine(
    config as never,
    {
      ...machine.implementations,
      guards: { ...guards, [to]: implementation },
    } as never,
  );
}

/**
 * The machine with the child states of every compound (not parallel) state written in reverse
 * order: no behaviour changes (a parallel state's regions are left, their order is XState's).
 */
export function reorderStates(machine: AnyStateMachine): AnyStateMachine {
  const config = copy(machine.config) as Config;
  eachObject(config, (object) => {
    const states = object.states as Config | undefined;
    if (!states || object.type === 'parallel' || typeof states !== 'object') return;
    object.states = Object.fromEntries(Object.entries(states).reverse());
  });
  return createMachine(config as never, machine.implementations as never);
}
