import { createPath, type Location } from 'react-router';
import { createChunkReloadGuard } from '../services/chunk-reload';
import type { AppError } from '../services/errors/app-error';

// What the app does when a script chunk fails to load (docs/product.md §4): a full page load of
// where the visitor was going, at most once per 10 seconds per path; after that, the error.

let guard: ReturnType<typeof createChunkReloadGuard> | undefined;
let reloading = false;
let navigationTarget: () => string = () =>
  `${window.location.pathname}${window.location.search}${window.location.hash}`;

export const CHUNK_LOAD_MESSAGE =
  'ページを読み込めませんでした。通信環境をお確かめのうえ、ページを再読み込みしてください。';

/** Lets the recovery know where a pending navigation is going (set once the router exists). */
export function trackNavigationTarget(router: {
  state: { location: Location; navigation: { location?: Location | undefined } };
}) {
  navigationTarget = () => createPath(router.state.navigation.location ?? router.state.location);
}

/** Starts a full page load of the navigation's target unless one was done for it just now. */
function reloadForFailedChunk(): boolean {
  if (reloading) return true;
  const target = navigationTarget();
  guard ??= createChunkReloadGuard();
  if (!guard.tryReload(target.split(/[?#]/)[0] ?? target)) return false;
  reloading = true;
  window.location.assign(target);
  return true;
}

/**
 * Wraps a lazy page import: on failure it reloads (and never settles, so nothing flashes while
 * the page unloads) or, if the guard refuses, throws an error for the route's error boundary.
 */
export function withChunkRecovery<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    load().catch((cause: unknown) => {
      if (reloadForFailedChunk()) return new Promise<never>(() => undefined);
      const error: AppError & { cause: unknown } = {
        statusCode: 500,
        message: CHUNK_LOAD_MESSAGE,
        fatal: true,
        cause,
      };
      throw error;
    });
}

/** Vite's event for a failed preload of a dynamic import's dependencies. */
export function installPreloadErrorHandler(target: Pick<Window, 'addEventListener'> = window) {
  target.addEventListener('vite:preloadError', (event) => {
    // Handled: Vite need not throw, the page is going away. Otherwise the import rejects
    // and withChunkRecovery (or the caller) shows the error.
    if (reloadForFailedChunk()) event.preventDefault();
  });
}
