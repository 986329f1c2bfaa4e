// The route guards of docs/product.md §2 and §6, as pure decisions: given the session and
// where the visitor is, render the page, wait (the session is still being restored), or go
// elsewhere. src/app/guard-gate.tsx carries the decision out; these functions are the rules.

export type GuardName = 'auth' | 'signed' | 'none';

export type SessionStatus =
  'restoring' | 'signedOut' | 'signingIn' | 'signedIn' | 'signingOut' | 'expired';

/** What a guard reads of the session. */
export interface GuardSession {
  status: SessionStatus;
  isGuest: boolean;
  /**
   * The status the session was in before it changed to the current one, while the page stayed.
   * It tells a change the session acts on itself (after signing in or out, or a 401, the session
   * navigates on its own) from a visit that finds the session already settled.
   */
  previousStatus?: SessionStatus | undefined;
}

export interface GuardLocation {
  pathname: string;
  search: string;
  hash: string;
  /** The route's :worldId, if any: kept on the way to /signin (its optional worldId query). */
  worldId?: string | undefined;
}

type GuardDecision =
  | { kind: 'render' }
  /** The session is not settled yet: show the loading state, decide later. */
  | { kind: 'wait' }
  /** Go to `to`; when `remember` is set, keep it as the auth callback path first. */
  | { kind: 'redirect'; to: string; remember?: string }
  /** Go to the remembered callback path, or SIGNED_IN_HOME without one. */
  | { kind: 'redirectToCallback' };

export type Guard = (session: GuardSession, location: GuardLocation) => GuardDecision;

const SIGN_IN_PATH = '/signin';
/** Where a signed-in user goes when nothing else is remembered. */
export const SIGNED_IN_HOME = '/mypage/worlds';

const render: GuardDecision = { kind: 'render' };
const wait: GuardDecision = { kind: 'wait' };

/** States in which the session was live on the page: leaving them, the session navigates. */
const LIVE: ReadonlySet<SessionStatus> = new Set(['signedIn', 'signingOut', 'expired']);

function isMypage(pathname: string): boolean {
  return pathname === '/mypage' || pathname.startsWith('/mypage/');
}

/**
 * To /signin (with the world's id: the route's, else the query's worldId), remembering where the
 * visitor was going. The query's counts too, so a stored session refused at start-up keeps it.
 */
function toSignIn(location: GuardLocation): GuardDecision {
  const worldId = location.worldId ?? new URLSearchParams(location.search).get('worldId');
  const to = worldId ? `${SIGN_IN_PATH}?worldId=${encodeURIComponent(worldId)}` : SIGN_IN_PATH;
  return {
    kind: 'redirect',
    to,
    remember: `${location.pathname}${location.search}${location.hash}`,
  };
}

/** Signed-in-only pages. A guest is let into worlds but not into /mypage. */
const auth: Guard = (session, location) => {
  switch (session.status) {
    case 'restoring':
    case 'signingIn':
    case 'signingOut':
      return wait;
    case 'expired':
      // A guest's expired session is an error the session shows (docs/product.md §6), not a redirect.
      return session.isGuest ? render : toSignIn(location);
    case 'signedOut':
      // Signed out while on the page (sign-out, or a 401): the session is already taking the
      // visitor to /signin (keeping a worldId); a second redirect would race it.
      return session.previousStatus && LIVE.has(session.previousStatus) ? wait : toSignIn(location);
    case 'signedIn':
      return session.isGuest && isMypage(location.pathname) ? toSignIn(location) : render;
  }
};

/**
 * Sign-in, sign-up and the root: a signed-in user goes on to where they were going. A guest is
 * not sent on: signing in as a real user is exactly what a guest may want, and sending a guest
 * to /mypage/worlds would bounce straight back to /signin.
 */
const signed: Guard = (session) => {
  if (session.status === 'restoring') return wait;
  if (session.status === 'signedIn' && !session.isGuest) {
    // Just signed in on this page: the session navigates to the callback path itself.
    return session.previousStatus === 'signingIn' ? wait : { kind: 'redirectToCallback' };
  }
  return render;
};

const none: Guard = () => render;

const guards: Readonly<Record<GuardName, Guard>> = { auth, signed, none };

/** The guard called `name`. An unknown name is a defect in the route table: it throws. */
export function resolveGuard(name: string): Guard {
  if (!Object.hasOwn(guards, name)) throw new Error(`Unknown route guard: ${name}`);
  return guards[name as GuardName];
}
