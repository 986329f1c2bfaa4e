import { fromPromise, type NonReducibleUnknown } from 'xstate';

// Placeholders for the effects a machine leaves to the app: every one is supplied with
// .provide() (src/machines/README.md), and one that was forgotten fails loudly, naming itself.

function missing(machine: string, name: string): never {
  throw new Error(`${machine}.machine: "${name}" was not provided`);
}

/** An action the app provides: `clearCart: unprovidedAction('session', 'clearCart')`. */
export function unprovidedAction<TParams = undefined>(
  machine: string,
  name: string,
): (args: unknown, params: TParams) => void {
  return () => missing(machine, name);
}

/** A promise actor the app provides: `signIn: unprovidedActor<{ user: User }, SignInInput>(…)`. */
export function unprovidedActor<TOutput, TInput = NonReducibleUnknown>(
  machine: string,
  name: string,
) {
  return fromPromise<TOutput, TInput>(async () => missing(machine, name));
}
