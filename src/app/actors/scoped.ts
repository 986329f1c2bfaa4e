// The one way src/app starts an actor (or a system of actors) for as long as a component is
// mounted. useActorRef from @xstate/react stops the actor on StrictMode's simulated unmount and
// restarts it from a copy of its snapshot: an invoked promise then runs twice, and the first,
// aborted by the stop, reports its AbortError into the restarted actor as a failure. The session
// took that for "not signed in" and sent a signed-in user to /signin on every reload of a
// development build (docs/decisions/012-actor-systems-in-app.md).
import { type RefObject, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';

/** What a scope starts and stops: an xstate actor, or a system of them with its wiring. */
export interface Startable {
  start(): void;
  stop(): void;
}

export interface Scope<T extends Startable> {
  /** The current value, created (not started) on first read. */
  readonly current: T;
  /**
   * Starts the value on the first mount, or keeps it running when a stop is pending (StrictMode's
   * remount, or the next page of the same scope). A value stopped for good is replaced by a new
   * one and `onReplaced` is called so that the component renders it. Returns the unmount: once
   * nothing is mounted, the stop waits `stopDelayMs` (at least until the next task).
   */
  mount(onReplaced?: () => void): () => void;
}

export interface ScopeOptions {
  /** How long the value outlives its last unmount; 0: until the next task. */
  stopDelayMs?: number;
  /** Called after the value stopped for good. */
  onStopped?: () => void;
}

export function createScope<T extends Startable>(
  create: () => T,
  { stopDelayMs = 0, onStopped }: ScopeOptions = {},
): Scope<T> {
  let value: T | null = null;
  let state: 'idle' | 'running' | 'stopped' = 'idle';
  let mounted = 0;
  let stopTimer: ReturnType<typeof setTimeout> | null = null;
  const scope: Scope<T> = {
    get current() {
      return (value ??= create());
    },
    mount(onReplaced) {
      if (stopTimer !== null) clearTimeout(stopTimer);
      stopTimer = null;
      if (state === 'stopped') {
        value = create();
        onReplaced?.();
      }
      if (state !== 'running') scope.current.start();
      state = 'running';
      mounted++;
      let unmounted = false;
      return () => {
        if (unmounted) return;
        unmounted = true;
        if (--mounted > 0) return;
        stopTimer = setTimeout(() => {
          stopTimer = null;
          state = 'stopped';
          value?.stop();
          onStopped?.();
        }, stopDelayMs);
      };
    },
  };
  return scope;
}

/**
 * `create()`'s value while the component is mounted: one value per mounted component, started
 * after the first commit and stopped after its unmount, never stopped and restarted by StrictMode.
 * `create` is read on the first render only (and when a value stopped for good is replaced).
 */
export function useScoped<T extends Startable>(create: () => T): T {
  const [scope] = useState(() => createScope(create));
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  useEffect(() => scope.mount(rerender), [scope]);
  return scope.current;
}

/**
 * The latest `value` a component rendered with, for effects of an actor that outlives renders
 * (and StrictMode's remount): they call through it rather than keep the first render's.
 */
export function useLatest<T>(value: T): RefObject<T> {
  const latest = useRef(value);
  useLayoutEffect(() => {
    latest.current = value;
  });
  return latest;
}
