// A machine's structure as plain data, for diagrams: the /dev/machines page draws it live and
// `npm run qa:paths` draws it with coverage. No React and no Node here, so both can use it.
// Transition keys are those of tests/paths/model.ts (source id | event type | branch index);
// tests/paths/machines.test.ts checks that the two agree for every machine.
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

/** The labels a machine's `.paths.ts` declares (src/machines/path-config.ts). */
export interface GraphLabels {
  machine: string;
  states: Readonly<Record<string, string>>;
  events: Readonly<Record<string, string>>;
}

export interface GraphState {
  /** Dot path from the root ("signedIn.guest"); the root itself is "". */
  path: string;
  label: string;
  kind: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  /** Child paths in definition order. */
  children: string[];
  /** The initial child's path, for compound states. */
  initial: string | null;
}

export interface GraphTransition {
  key: string;
  source: string;
  /** Empty for a targetless transition (it stays). */
  targets: string[];
  eventType: string;
  /** Japanese: the event's label, with XState's own events named in words. */
  eventLabel: string;
  guard: string | null;
}

export interface MachineGraph {
  id: string;
  label: string;
  states: GraphState[];
  transitions: GraphTransition[];
}

const JA_EVENT_KINDS: [RegExp, (match: RegExpMatchArray) => string][] = [
  [/^$/, () => '自動遷移'],
  [/^xstate\.done\.actor\.(.+)$/, (m) => `${m[1]} 完了`],
  [/^xstate\.error\.actor\.(.+)$/, (m) => `${m[1]} 失敗`],
  [/^xstate\.done\.state\./, () => '子状態が完了'],
  [/^xstate\.after\.(.+?)\./, (m) => `${m[1]}ms 経過`],
];

function graphEventLabel(eventType: string, labels: GraphLabels): string {
  const own = labels.events[eventType];
  if (own) return own;
  for (const [pattern, label] of JA_EVENT_KINDS) {
    const match = eventType.match(pattern);
    if (match) return label(match);
  }
  return eventType;
}

export function graphStateLabel(path: string, labels: GraphLabels): string {
  return path === '' ? labels.machine : (labels.states[path] ?? path);
}

function guardName(transition: AnyTransitionDefinition): string | null {
  const guard: unknown = transition.guard;
  if (guard === undefined) return null;
  if (typeof guard === 'string') return guard;
  if (guard && typeof guard === 'object' && 'type' in guard) return String(guard.type);
  return typeof guard === 'function' && guard.name ? guard.name : 'inline guard';
}

function keyOf(transition: AnyTransitionDefinition): string {
  const source = transition.source;
  const siblings =
    transition.eventType === '' ? source.always : source.transitions.get(transition.eventType);
  const index = siblings?.findIndex((t) => t === transition) ?? -1;
  return `${source.id}|${transition.eventType}|${index}`;
}

export function machineGraph(machine: AnyStateMachine, labels: GraphLabels): MachineGraph {
  const states: GraphState[] = [];
  const transitions: GraphTransition[] = [];
  const walk = (node: AnyStateNode) => {
    const path = node.path.join('.');
    const children = Object.values(node.states);
    const initialTarget = node.initial?.target[0];
    states.push({
      path,
      label: graphStateLabel(path, labels),
      kind: node.type,
      children: children.map((child) => child.path.join('.')),
      initial: node.type === 'compound' && initialTarget ? initialTarget.path.join('.') : null,
    });
    for (const transition of [...[...node.transitions.values()].flat(), ...(node.always ?? [])]) {
      transitions.push({
        key: keyOf(transition),
        source: path,
        targets: (transition.target ?? []).map((target) => target.path.join('.')),
        eventType: transition.eventType,
        eventLabel: graphEventLabel(transition.eventType, labels),
        guard: guardName(transition),
      });
    }
    children.forEach(walk);
  };
  walk(machine.root);
  return { id: machine.id, label: labels.machine, states, transitions };
}

/** The state paths active in a state value, ancestors included: { a: 'b' } → ['a', 'a.b']. */
export function activePaths(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix ? `${prefix}.${value}` : value];
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return [path, ...activePaths(child, path)];
  });
}
