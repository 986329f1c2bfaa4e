import { createMemoryStorage } from './memory-storage';

/** Keys the app keeps in Web Storage; the names are the original product's, kept for continuity. */
export type StorageKey =
  | 'userId'
  | 'userIsGuest'
  | 'authClient'
  | 'authUid'
  | 'authAccessToken'
  | 'latestWorldId'
  /** 'user' or 'guest' while a session that ended by expiry has not been replaced (docs/product.md §8). */
  | 'sessionExpired'
  /** The newest news (お知らせ) this device has shown; newer ones are unread (docs/product.md §2). */
  | 'newsSeenAt';

/** What the wrapper needs from a Web Storage object, so any Storage (or a stand-in) fits. */
export type WebStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface AppStorage {
  get(key: StorageKey): string | null;
  set(key: StorageKey, value: string): void;
  remove(key: StorageKey): void;
  /** Forgets the session: the three auth values and the user id, nothing else. */
  clearAuth(): void;
}

const AUTH_KEYS = [
  'authAccessToken',
  'authClient',
  'authUid',
  'userId',
  'userIsGuest',
] as const satisfies readonly StorageKey[];

export function createAppStorage(backing: WebStorage = defaultWebStorage()): AppStorage {
  return {
    get: (key) => backing.getItem(key),
    set: (key, value) => backing.setItem(key, value),
    remove: (key) => backing.removeItem(key),
    clearAuth: () => {
      for (const key of AUTH_KEYS) backing.removeItem(key);
    },
  };
}

// Merely reading window.localStorage throws a SecurityError when the browser blocks site
// data; falling back to memory keeps the app usable instead of failing at start-up.
export function defaultWebStorage(): WebStorage {
  try {
    const storage = globalThis.localStorage;
    if (storage) return storage;
  } catch {
    // fall through to memory
  }
  return createMemoryStorage();
}
