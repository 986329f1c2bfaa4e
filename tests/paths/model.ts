// The structure of a machine as the coverage counts it: its states and its transitions.
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import type { MachinePaths } from '../../src/machines/path-config';

export interface TransitionInfo {
  /** Stable across .provide() copies of the machine: source id, event type, branch index. */
  key: string;
  /** "signedIn.user —session.unauthorized [isExcludedPath]→ (stays)" */
  name: string;
  /**
   * What the oracles of a .paths.ts are keyed by: the name without guard and without " #2"
   * ("signedIn.user —session.unauthorized→ (stays)"), so renaming a guard or reordering branches
   * changes no key. Branches that differ only by guard share one oracle, which says by the step
   * (what a person did, what the screen showed before) what each must do.
   */
  oracleKey: string;
  /** The same in Japanese, from the machine's labels. */
  label: string;
  source: string;
  eventType: string;
  guard: string | null;
  targets: string[];
}

/** Every state node below the root, by its dot path ("signedIn.guest"). */
export function statePaths(machine: AnyStateMachine): string[] {
  const out: string[] = [];
  const walk = (node: AnyStateNode) => {
    for (const child of Object.values(node.states)) {
      out.push(child.path.join('.'));
      walk(child);
    }
  };
  walk(machine.root);
  return out;
}

function nodes(machine: AnyStateMachine): AnyStateNode[] {
  const out: AnyStateNode[] = [machine.root];
  for (let i = 0; i < out.length; i++) out.push(...Object.values(out[i]?.states ?? {}));
  return out;
}

/** Every invoke in the machine: its id (what done/error events name) and its src (what .provide() names). */
export function invokes(machine: AnyStateMachine): { id: string; src: string }[] {
  return nodes(machine).flatMap((node) =>
    node.invoke.map((invoke) => {
      if (typeof invoke.src !== 'string') {
        throw new Error(
          `${node.id}: invoke "${invoke.id}" has inline logic; name it in setup({ actors }) so tests can provide it`,
        );
      }
      return { id: invoke.id, src: invoke.src };
    }),
  );
}

/** Event types the machine's own transitions name, XState's internal ones left out. */
export function handledEventTypes(machine: AnyStateMachine): string[] {
  const types = new Set(nodes(machine).flatMap((node) => [...node.transitions.keys()]));
  return [...types].filter((type) => !type.startsWith('xstate.') && type !== '*').sort();
}

/** A transition definition's key; the same definition in a .provide() copy gets the same key. */
export function transitionKey(transition: AnyTransitionDefinition): string {
  const source = transition.source;
  const siblings =
    transition.eventType === '' ? source.always : source.transitions.get(transition.eventType);
  const index =
    siblings?.findIndex((t) => t.eventType === transition.eventType && t === transition) ?? -1;
  return `${source.id}|${transition.eventType}|${index}`;
}

function guardName(transition: AnyTransitionDefinition): string | null {
  const guard: unknown = transition.guard;
  if (guard === undefined) return null;
  if (typeof guard === 'string') return guard;
  if (guard && typeof guard === 'object' && 'type' in guard) return String(guard.type);
  return typeof guard === 'function' && guard.name ? guard.name : 'inline guard';
}

const JA_EVENT_KINDS: [RegExp, (match: RegExpMatchArray) => string][] = [
  [/^$/, () => '自動遷移'],
  [/^xstate\.done\.actor\.(.+)$/, (m) => `${m[1]} 完了`],
  [/^xstate\.error\.actor\.(.+)$/, (m) => `${m[1]} 失敗`],
  [/^xstate\.done\.state\./, () => '子状態が完了'],
  [/^xstate\.after\.(.+?)\./, (m) => `${m[1]}ms 経過`],
];

export function eventLabel(
  eventType: string,
  labels: MachinePaths<AnyStateMachine>['labels'],
): string {
  const own = labels.events[eventType];
  if (own) return own;
  for (const [pattern, label] of JA_EVENT_KINDS) {
    const match = eventType.match(pattern);
    if (match) return label(match);
  }
  return eventType;
}

export function stateLabel(path: string, labels: MachinePaths<AnyStateMachine>['labels']): string {
  return path === '' ? labels.machine : (labels.states[path] ?? path);
}

/** Every transition, named as reports show it; a name that repeats gets " #2", " #3" (oracle keys). */
export function transitions(
  machine: AnyStateMachine,
  labels: MachinePaths<AnyStateMachine>['labels'],
): TransitionInfo[] {
  const seen = new Map<string, number>();
  return allTransitions(machine, labels).map((t) => {
    const n = (seen.get(t.name) ?? 0) + 1;
    seen.set(t.name, n);
    return n === 1 ? t : { ...t, name: `${t.name} #${n}`, label: `${t.label} #${n}` };
  });
}

function allTransitions(
  machine: AnyStateMachine,
  labels: MachinePaths<AnyStateMachine>['labels'],
): TransitionInfo[] {
  return nodes(machine).flatMap((node) =>
    [...[...node.transitions.values()].flat(), ...(node.always ?? [])].map((transition) => {
      const source = node.path.join('.');
      const targets = (transition.target ?? []).map((target) => target.path.join('.'));
      const guard = guardName(transition);
      const event = transition.eventType === '' ? 'always' : transition.eventType;
      const guardText = guard ? ` [${guard}]` : '';
      const from = `${source || '(root)'} —${event}`;
      const to = `→ ${targets.join(', ') || '(stays)'}`;
      return {
        key: transitionKey(transition),
        name: `${from}${guardText}${to}`,
        oracleKey: `${from}${to}`,
        label: `${stateLabel(source, labels)} —${eventLabel(transition.eventType, labels)}${guardText}→ ${
          targets.map((target) => stateLabel(target, labels)).join('、') || '（そのまま）'
        }`,
        source,
        eventType: transition.eventType,
        guard,
        targets,
      };
    }),
  );
}

/** States without children: what a step of a plan ends in (a parallel state's regions each end in one). */
function leafStates(machine: AnyStateMachine): string[] {
  return nodes(machine)
    .filter((node) => node !== machine.root && Object.keys(node.states).length === 0)
    .map((node) => node.path.join('.'));
}

/** The labels steps of generated paths carry: variants, actor outcomes and timers. */
function stepLabels(machine: AnyStateMachine, config: MachinePaths<AnyStateMachine>): string[] {
  const timers = nodes(machine).flatMap((node) =>
    [...node.transitions.keys()].filter((type) => type.startsWith('xstate.after.')),
  );
  return [
    ...new Set([
      ...config.events.map((variant) => variant.label),
      ...Object.values(config.outcomes ?? {}).flatMap((outcomes) => outcomes.map((o) => o.label)),
      ...timers.map((type) => eventLabel(type, config.labels)),
    ]),
  ];
}

/** The manual entry of a state: its own, else its nearest ancestor's (undefined: none). */
export function manualState(
  path: string,
  config: MachinePaths<AnyStateMachine>,
): string | undefined {
  const parts = path.split('.');
  for (let n = parts.length; n > 0; n--) {
    const text = config.manual.states[parts.slice(0, n).join('.')];
    if (text) return text;
  }
  return undefined;
}

/** Steps and leaf states the manual of a .paths.ts does not describe, and entries naming nothing. */
function manualProblems(machine: AnyStateMachine, config: MachinePaths<AnyStateMachine>): string[] {
  const labels = stepLabels(machine, config);
  const states = new Set(statePaths(machine));
  return [
    ...(config.manual.setup.trim() ? [] : ['manual setup']),
    ...labels.filter((label) => !config.manual.steps[label]).map((l) => `manual step "${l}"`),
    ...leafStates(machine)
      .filter((path) => !manualState(path, config))
      .map((path) => `manual state ${path}`),
    ...Object.keys(config.manual.steps)
      .filter((label) => !labels.includes(label))
      .map((label) => `manual step for no step: "${label}"`),
    ...Object.keys(config.manual.states)
      .filter((path) => !states.has(path))
      .map((path) => `manual state for no state: ${path}`),
  ];
}

/** Names of states, event types and outcomes that the .paths.ts leaves without a label. */
export function missingLabels(
  machine: AnyStateMachine,
  config: MachinePaths<AnyStateMachine>,
): string[] {
  const missing = [
    ...statePaths(machine)
      .filter((path) => !config.labels.states[path])
      .map((path) => `state ${path}`),
    ...handledEventTypes(machine)
      .filter((type) => !config.labels.events[type])
      .map((type) => `event ${type}`),
    ...config.events
      .filter((variant) => !variant.label)
      .map((variant) => `variant of ${variant.event.type}`),
  ];
  for (const { id } of invokes(machine)) {
    const outcomes = config.outcomes?.[id] ?? [];
    if (outcomes.length === 0) missing.push(`outcomes of actor ${id}`);
    outcomes.forEach((outcome, i) => {
      if (!outcome.label) missing.push(`outcome ${i} of actor ${id}`);
    });
  }
  return [...missing, ...manualProblems(machine, config)];
}
