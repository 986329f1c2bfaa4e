// What an API 401 means for the visitor (spec sections 2 and 8). Shared by the session machine's
// guard and anything else that needs the same answer, so the two cannot disagree.

/** Shown (status 401) to a guest whose session ended; a guest cannot sign in again by password. */
export const SESSION_EXPIRED_MESSAGE = 'セッションの有効期限が切れています。指定のURLからアクセスし直してください。';

// Pages a visitor can use without a session: a 401 there never forces a sign-in redirect.
const EXCLUDED = [/^\/contact(\/|$)/, /^\/events\/[^/]+/, /^\/worlds\/[^/]+\/(enterGuest|instantEnter)(\/|$)/];

/** True when a 401 answered on `path` (a page path, query and hash allowed) is to be ignored. */
export function ignoresUnauthorized(path: string): boolean {
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  return EXCLUDED.some((pattern) => pattern.test(pathname));
}
