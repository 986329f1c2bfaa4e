import type { AnyStateMachine, EventFromLogic, InputFrom, SnapshotFrom } from 'xstate';

// What a `<name>.paths.ts` beside a machine declares for the path tests (tests/paths): the event
// payloads to try, the outcomes of its invoked actors, and Japanese labels for plans and reports.

/** One event payload to try, with a Japanese label ("サインイン（worldId あり）"). */
export interface EventVariant<TEvent> {
  label: string;
  event: TEvent;
}

/** How an invoked actor may end: with an output (xstate.done.actor.<id>) or an error. */
export type ActorOutcome = { label: string; output: unknown } | { label: string; error: unknown };

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
