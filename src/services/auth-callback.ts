// Where to go after signing in: the path a guard sent the visitor away from (docs/product.md §2).
const key = 'authCallbackPath';

type SessionStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Remembers `path` unless the visitor is already on /signin (that would loop back to it). */
export function rememberCallbackPath(
  path: string,
  currentPath: string,
  store: SessionStore = sessionStorage,
) {
  if (currentPath === '/signin' || currentPath.startsWith('/signin?')) return;
  store.setItem(key, path);
}

/** The remembered path, once: it is removed as it is read. Only same-site paths are returned. */
export function takeCallbackPath(store: SessionStore = sessionStorage): string | null {
  const path = store.getItem(key);
  store.removeItem(key);
  return path && path.startsWith('/') && !path.startsWith('//') ? path : null;
}
