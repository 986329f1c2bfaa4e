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

/**
 * Choices a visitor made on this device, kept in localStorage under the names earlier releases
 * used, so that existing visitors keep theirs: the meeting's devices and virtual background
 * (JSON), whether the world's map is shown ('shown' | 'hidden'), the bell's sound ('on' | 'off').
 */
export type ChoiceKey =
  | 'meetingDeviceChoices'
  | 'meetingBackground'
  | 'meetingMapViewMode'
  | 'bellSound'
  | 'awayAfterMinutes';

// Looked up on each use: merely reading window.localStorage throws when site data is blocked.
const localWebStorage = (): WebStorage | undefined => globalThis.localStorage;

/** The stored choice; null when there is none or storage is refused (the defaults then apply). */
export function readChoice(
  key: ChoiceKey,
  backing: () => WebStorage | undefined = localWebStorage,
): string | null {
  try {
    return backing()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Remembers a choice; when storage refuses, it is not remembered but still applies now. */
export function writeChoice(
  key: ChoiceKey,
  value: string,
  backing: () => WebStorage | undefined = localWebStorage,
): void {
  try {
    backing()?.setItem(key, value);
  } catch {
    // Not remembered this time.
  }
}
