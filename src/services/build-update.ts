// Newer-build detection (docs/product.md §4): every hour ask the server for the latest build; once
// its id differs from the running build's, the next navigation is a full page load, so the tab
// picks up the new code (and its chunks) instead of failing on chunks a deploy removed.

export const BUILD_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/** The dev server's build id: its code changes by hot update, never by reload. */
const DEV_BUILD_ID = 'dev';

export interface BuildUpdateClock {
  now(): number;
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export interface BuildUpdateOptions {
  currentBuildId: string;
  fetch?: typeof globalThis.fetch;
  clock?: BuildUpdateClock;
  intervalMs?: number;
  url?: string;
}

export interface BuildUpdateCheck {
  /** Asks the server once. Resolves true when a different build is out. Never rejects. */
  check(): Promise<boolean>;
  /** Starts the hourly check; returns the stop function. Does nothing for the dev build. */
  start(): () => void;
  /** True once a check has seen a different build: the next navigation should reload. */
  readonly updateAvailable: boolean;
}

const realClock: BuildUpdateClock = {
  now: () => Date.now(),
  setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
  clearInterval: (handle) =>
    globalThis.clearInterval(handle as ReturnType<typeof globalThis.setInterval>),
};

export function createBuildUpdateCheck({
  currentBuildId,
  fetch = (...args) => globalThis.fetch(...args),
  clock = realClock,
  intervalMs = BUILD_CHECK_INTERVAL_MS,
  url = '/api/builds/latest',
}: BuildUpdateOptions): BuildUpdateCheck {
  const isDev = currentBuildId === DEV_BUILD_ID;
  let updateAvailable = false;

  async function check(): Promise<boolean> {
    if (isDev) return false;
    if (updateAvailable) return true;
    try {
      // The timestamp defeats any cache between us and the server.
      const response = await fetch(`${url}?t=${clock.now()}`, {
        headers: { accept: 'application/json' },
      });
      if (!response.ok) return false;
      const body = (await response.json()) as { id?: unknown };
      if (typeof body.id === 'string' && body.id !== '' && body.id !== currentBuildId)
        updateAvailable = true;
    } catch {
      // Offline or a deploy in progress: the next hour's check will tell.
    }
    return updateAvailable;
  }

  return {
    check,
    start() {
      if (isDev) return () => undefined;
      const handle = clock.setInterval(() => void check(), intervalMs);
      return () => clock.clearInterval(handle);
    },
    get updateAvailable() {
      return updateAvailable;
    },
  };
}
