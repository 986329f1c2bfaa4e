import { createContext, useContext } from 'react';
import type { components } from '../../services/api/schema';

// Views may not import src/app (eslint.config.js), so the session reaches the pages through
// this context: src/app/session.tsx provides it with the value of its useSession(), e.g.
//   <SessionContext.Provider value={useSession()}>…</SessionContext.Provider>
// The shape is the one the session owner publishes; only what the pages use is spelled out.

export type SessionUser = components['schemas']['User'];

type SessionStatus =
  'restoring' | 'signedOut' | 'signingIn' | 'signedIn' | 'signingOut' | 'expired';

/** The events the pages send to the session. */
type SessionEvent =
  | { type: 'session.userUpdated'; user: SessionUser }
  /** The enter-guest or instant-enter page created a guest session (the API client stored its headers). */
  | { type: 'session.guestEntered'; user: SessionUser };

export interface Session {
  status: SessionStatus;
  user: SessionUser | null;
  isGuest: boolean;
  /** The server's Japanese message after a failed sign-in, or null. */
  error: string | null;
  /** The last session ended by expiry (a 401) and no new one has started: /signin explains it. */
  expired: boolean;
  /** Navigates by itself after a successful sign-in. */
  signIn(input: { email: string; password: string; worldId?: string }): unknown;
  signOut(options?: unknown): unknown;
  send(event: SessionEvent): unknown;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session)
    throw new Error('useSession: no SessionContext.Provider above this page; src/app provides it.');
  return session;
}
