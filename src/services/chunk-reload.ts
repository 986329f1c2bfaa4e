// Script chunk failures (docs/product.md §4): a chunk that will not load usually means a deploy
// replaced it, and a full page load fetches the new one. To never loop, a path is reloaded at
// most once per 10 seconds; the path and time are kept in sessionStorage across the reload.

const CHUNK_RELOAD_WINDOW_MS = 10_000;
const KEY = 'chunkReload';

export interface ChunkReloadGuardOptions {
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  now?: () => number;
  windowMs?: number;
}

export interface ChunkReloadGuard {
  /**
   * True when the page may reload for `path`, recording the reload; false when the same path was
   * reloaded less than 10 seconds ago, in which case the error should be shown instead.
   */
  tryReload(path: string): boolean;
}

export function createChunkReloadGuard({
  storage = sessionStorageOrNull() ?? undefined,
  now = () => Date.now(),
  windowMs = CHUNK_RELOAD_WINDOW_MS,
}: ChunkReloadGuardOptions = {}): ChunkReloadGuard {
  return {
    tryReload(path) {
      // Nowhere to remember the reload across it: reloading could loop, so show the error.
      if (!storage) return false;
      const time = now();
      const last = read(storage);
      if (last && last.path === path && time - last.at >= 0 && time - last.at < windowMs)
        return false;
      try {
        storage.setItem(KEY, JSON.stringify({ path, at: time }));
      } catch {
        // Storage refused (quota, privacy mode): without a record a reload could loop, so refuse.
        return false;
      }
      return true;
    },
  };
}

// Reading window.sessionStorage throws when the browser blocks site data.
function sessionStorageOrNull(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

function read(storage: Pick<Storage, 'getItem'>): { path: string; at: number } | null {
  try {
    const value: unknown = JSON.parse(storage.getItem(KEY) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const { path, at } = value as { path?: unknown; at?: unknown };
    return typeof path === 'string' && typeof at === 'number' ? { path, at } : null;
  } catch {
    return null;
  }
}
