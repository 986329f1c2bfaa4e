// What an API 401 means for the visitor (docs/product.md §2 and §8). Shared by the session machine's
// guard and anything else that needs the same answer, so the two cannot disagree.

/** Shown (status 401) to a guest whose session ended; a guest cannot sign in again by password. */
export const SESSION_EXPIRED_MESSAGE =
  'セッションの有効期限が切れています。指定のURLからアクセスし直してください。';

/** Shown on /signin to a user whose session ended by expiry (a 401), until a new session starts. */
export const SIGN_IN_AGAIN_MESSAGE =
  'セッションの有効期限が切れました。もう一度ログインしてください。';

// Pages a visitor can use without a session: a 401 there never forces a sign-in redirect.
const EXCLUDED = [
  /^\/contact(\/|$)/,
  /^\/events\/[^/]+/,
  /^\/worlds\/[^/]+\/(enterGuest|instantEnter)(\/|$)/,
];

/** True when a 401 answered on `path` (a page path, query and hash allowed) is to be ignored. */
export function ignoresUnauthorized(path: string): boolean {
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  return EXCLUDED.some((pattern) => pattern.test(pathname));
}
