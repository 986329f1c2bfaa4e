import { useSyncExternalStore } from 'react';
import type { AppError } from './app-error';

// The error the app is showing, if any: app state that the error page renders. A tiny store
// rather than a context so that non-React code (global handlers, the session glue) can set it.

let current: AppError | null = null;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/** Shows `error` on the error page in place of the current page. */
export function showError(error: AppError): void {
  current = error;
  emit();
}

/** Leaves the error page; the current page shows again. */
export function clearError(): void {
  if (current === null) return;
  current = null;
  emit();
}

export function getCurrentError(): AppError | null {
  return current;
}

export function subscribeToCurrentError(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The error being shown, re-rendering when it changes. */
export function useCurrentError(): AppError | null {
  return useSyncExternalStore(subscribeToCurrentError, getCurrentError, getCurrentError);
}
