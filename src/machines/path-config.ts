import type {
  AnyEventObject,
  AnyStateMachine,
  EventFromLogic,
  InputFrom,
  SnapshotFrom,
} from 'xstate';

// What a `<name>.paths.ts` beside a machine declares for the path tests (tests/paths): the event
// payloads to try, the outcomes of its invoked actors, Japanese labels for plans and reports, and
// what a person expects each transition to do (its oracle).

/** One event payload to try, with a Japanese label ("サインイン（worldId あり）"). */
interface EventVariant<TEvent> {
  label: string;
  event: TEvent;
}

/** How an invoked actor may end: with an output (xstate.done.actor.<id>) or an error. */
type ActorOutcome = { label: string; output: unknown } | { label: string; error: unknown };

/**
 * What a person expects one transition to do, written from the product rules (docs/product.md, the ADRs),
 * never read off the machine: the effects it runs, in order, and the events it emits. The path
 * replay records both on the real actor and compares (tests/paths/README.md).
 */
export interface Expected {
  /** Effect names; `effect(name, params)` where the params matter. */
  effects?: readonly (string | ExpectedEffect)[];
  /** Emitted events; listed fields are compared, the others not. */
  emits?: readonly ExpectedEmit[];
  /**
   * Labels of the event variants or actor outcomes that must take this transition (guards that
   * choose by payload): a guard that picks another branch for them fails the replay.
   */
  takenBy?: readonly string[];
  /** The effects in any order (several regions left at once: which goes first is XState's). */
  anyOrder?: boolean;
}

export interface ExpectedEffect {
  type: string;
  params: unknown;
}

export type ExpectedEmit = { type: string } & Record<string, unknown>;

/** An effect whose params the replay compares (deeply): `effect('saveLatestWorldId', { worldId: '7' })`. */
export function effect(type: string, params: unknown): ExpectedEffect {
  return { type, params };
}

/**
 * Keyed by the transition's name as reports show it (`signingIn —xstate.done.actor.signIn
 * [hasWorldId]→ signedIn`; a repeated name gets ` #2`, ` #3`), plus `(start)` for what starting
 * the actor does. A function receives the event that took the transition and the leaf states
 * the actor was in before it (`['active.camera.on', …]`).
 */
type Oracle = Expected | ((event: OracleEvent, from: readonly string[]) => Expected);

/** The event as the path sent it: its fields are read as a person reads the event. */
export type OracleEvent = AnyEventObject & Record<string, unknown>;

/**
 * How a person runs a step of a QA plan (`npm run qa:paths`): what to do to produce the event
 * (which account, which network failure: "DevTools の Network で通信を遮断してから…"), and what
 * the screen shows after it when that differs by step, not only by state (a message).
 */
type ManualStep = string | { do: string; see: string };

/** The hand-run side of a machine's plan, in Japanese, from docs/product.md and the screens. */
interface Manual {
  /** Before every path: which account, which page, what must already exist. */
  setup: string;
  /**
   * By step label: every event variant's and actor outcome's label, and the label of each timer
   * ("connectTimeout ms 経過").
   */
  steps: Readonly<Record<string, ManualStep>>;
  /**
   * What the screen shows in a state (URL, heading, message text), by state path. Every leaf
   * state needs one, its own or an ancestor's.
   */
  states: Readonly<Record<string, string>>;
}

export interface MachinePaths<TMachine extends AnyStateMachine> {
  events: ReadonlyArray<EventVariant<EventFromLogic<TMachine>>>;
  /** By invoke id. Every invoked actor needs at least one outcome, or its done/error transitions stay uncovered. */
  outcomes?: Readonly<Record<string, readonly ActorOutcome[]>>;
  labels: {
    /** The machine's name. */
    machine: string;
    /** Every state by its path from the root, dot-separated ("signedIn.guest"). */
    states: Readonly<Record<string, string>>;
    /** Every event type the machine handles, except XState's own (done, error, after, always). */
    events: Readonly<Record<string, string>>;
  };
  /** How a person runs the plan's steps and what they see (see Manual). */
  manual: Manual;
  /** What each transition is expected to do (see Oracle): every transition needs one. */
  oracles: Readonly<Record<string, Oracle>>;
  input?: InputFrom<TMachine>;
  /** Skips an event in a state during path generation: bounds machines whose context can grow. */
  filterEvents?: (snapshot: SnapshotFrom<TMachine>, event: EventFromLogic<TMachine>) => boolean;
  /** Default 300: simple paths beyond it are dropped, longest first. */
  maxSimplePaths?: number;
}

/** Identity, for type inference: `export const paths = definePaths(machine, { ... })`. */
export function definePaths<TMachine extends AnyStateMachine>(
  _machine: TMachine,
  config: MachinePaths<TMachine>,
): MachinePaths<TMachine> {
  return config;
}
