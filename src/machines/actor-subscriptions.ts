import type { AnyActorRef } from 'xstate';

// Subscriptions an actor's actions make to the outside world (a devicechange listener, a session
// observer), by actor and name. They live outside the context: they are not state, and the
// context must stay comparable in the path tests.
const subscriptions = new WeakMap<AnyActorRef, Map<string, () => void>>();

/** Keeps `unsubscribe` under `key` for this actor, ending the one it replaces. */
export function subscribe(self: AnyActorRef, key: string, unsubscribe: () => void): void {
  const own = subscriptions.get(self) ?? new Map<string, () => void>();
  own.get(key)?.();
  own.set(key, unsubscribe);
  subscriptions.set(self, own);
}

/** Ends the subscription under `key`, if any. */
export function unsubscribe(self: AnyActorRef, key: string): void {
  subscriptions.get(self)?.get(key)?.();
  subscriptions.get(self)?.delete(key);
}
