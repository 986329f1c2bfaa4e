// React glue for the session actor (src/machines/session.machine.ts): one actor for the app,
// its effects wired to the API, storage, router and error display.
import { useSelector } from '@xstate/react';
import type { Middleware } from 'openapi-fetch';
import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import {
  sessionMachine,
  type SessionEvent,
  type RestoredSession,
  type SessionStatus,
  type User,
} from '../machines/session.machine';
import { selectSignInError, selectUser, sessionStatus } from '../machines/session.selectors';
import type { ApiClient } from '../services/api/client';
import { takeCallbackPath as takeStoredCallbackPath } from '../services/auth-callback';
import type { AppError } from '../services/errors/app-error';
import { handleError } from '../services/errors/handle-error';
import * as sessionApi from '../services/session-api';
import { useLatest, useScoped } from './actors/scoped';
import type { AppStorage } from '../services/storage';

export type SessionActorRef = ActorRefFrom<typeof sessionMachine>;

export interface SessionDeps {
  client: ApiClient;
  storage: AppStorage;
  navigate: (to: string) => void;
  showError: (error: AppError) => void;
  /** Empties the cart (docs/product.md §4: sign-in and sign-out clear it). */
  clearCart: () => void;
  /** Default: the auth callback path remembered in session storage, taken once. */
  takeCallbackPath?: () => string | null;
}

/** The session machine with every effect supplied. Exported for tests; the provider uses it. */
export function provideSession(deps: SessionDeps) {
  const { client, storage } = deps;
  const takeCallbackPath = deps.takeCallbackPath ?? (() => takeStoredCallbackPath());
  return sessionMachine.provide({
    actors: {
      // Stopped when the session moves on before the answer (a guest entered): the call is aborted.
      restoreSession: fromPromise(async ({ signal }) => {
        const hadSession = storage.get('authAccessToken') !== null;
        const restored = await sessionApi.restoreSession(client, storage, signal);
        return rememberExpiry(storage, hadSession, restored);
      }),
      signIn: fromPromise(({ input }) => sessionApi.signIn(client, storage, input)),
      signOut: fromPromise(() => sessionApi.signOut(client)),
    },
    actions: {
      storeUser: (_, { userId, isGuest }) => {
        // A live session replaces an expired one: /signin stops explaining the expiry.
        storage.remove('sessionExpired');
        storage.set('userId', userId);
        if (isGuest) storage.set('userIsGuest', 'true');
        else storage.remove('userIsGuest');
      },
      clearCart: () => deps.clearCart(),
      saveLatestWorldId: (_, { worldId }) => storage.set('latestWorldId', worldId),
      clearStoredAuth: () => storage.clearAuth(),
      navigateAfterSignIn: (_, { worldId }) =>
        deps.navigate(
          takeCallbackPath() ??
            (worldId ? `/worlds/${encodeURIComponent(worldId)}` : '/mypage/worlds'),
        ),
      navigateToSignIn: (_, { worldId, expired }) => {
        if (expired) storage.set('sessionExpired', 'user');
        deps.navigate(worldId ? `/signin?${new URLSearchParams({ worldId })}` : '/signin');
      },
      showError: (_, error) => deps.showError(error),
    },
  });
}

/**
 * Remembers (in storage, so a reload keeps it) that the stored session was refused: a user's, so
 * that /signin says why; a guest's, so that the guest keeps seeing the expiry error after reloads
 * even though the refused token is gone (docs/product.md §8).
 */
function rememberExpiry(
  storage: AppStorage,
  hadSession: boolean,
  restored: RestoredSession,
): RestoredSession {
  if (restored && 'expiredGuest' in restored) storage.set('sessionExpired', 'guest');
  else if (restored === null) {
    if (storage.get('sessionExpired') === 'guest') return { expiredGuest: true };
    if (hadSession) storage.set('sessionExpired', 'user');
  }
  return restored;
}

/**
 * An openapi-fetch middleware that tells the session actor about every 401 answer, with the page
 * path and the page's `worldId` query value. The machine decides what a 401 means there.
 */
export function createUnauthorizedMiddleware(
  getActor: () => Pick<SessionActorRef, 'send'> | null,
  getPath: () => string = () => window.location.pathname + window.location.search,
): Middleware {
  return {
    onResponse: ({ response }) => {
      if (response.status !== 401) return;
      const path = getPath();
      const worldId = new URL(path, 'http://localhost').searchParams.get('worldId');
      getActor()?.send({ type: 'session.unauthorized', path, ...(worldId ? { worldId } : {}) });
    },
  };
}

function showWithoutReporting(error: AppError) {
  handleError({ ...error, data: { skipReporting: true, ...error.data } });
}

const SessionActorContext = createContext<SessionActorRef | null>(null);
const SessionStorageContext = createContext<AppStorage | null>(null);

export interface SessionProviderProps {
  /** The app's one client (src/app/api.ts), so that every 401 reaches the session. */
  client: ApiClient;
  storage: AppStorage;
  /** Default: the global error handling, without reporting (an expired session is no defect). */
  showError?: (error: AppError) => void;
  /** Default: react-router's useNavigate() (the provider sits inside the router's root layout). */
  navigate?: (to: string) => void;
  /** Default: nothing to clear until the cart exists. */
  clearCart?: () => void;
  /** The current page path with its query, for the 401 rule. Default: window.location. */
  getPath?: () => string;
  children?: ReactNode;
}

/**
 * Starts the one session actor and registers the 401 middleware on `client` while mounted
 * (do not add createUnauthorizedMiddleware to the same client yourself).
 */
export function SessionProvider({
  client,
  storage,
  showError = showWithoutReporting,
  navigate,
  clearCart,
  getPath,
  children,
}: SessionProviderProps) {
  const routerNavigate = useNavigate();
  const deps: SessionDeps = {
    client,
    storage,
    navigate: navigate ?? ((to: string) => void routerNavigate(to)),
    showError,
    clearCart: clearCart ?? (() => {}),
  };
  // The actor outlives renders (and StrictMode's remount, src/app/actors/scoped.ts); its effects
  // call through to the latest props.
  const latest = useLatest(deps);
  const actor = useScoped(() =>
    createActor(
      provideSession({
        client,
        storage,
        navigate: (to) => latest.current.navigate(to),
        showError: (error) => latest.current.showError(error),
        clearCart: () => latest.current.clearCart(),
      }),
    ),
  );
  useEffect(() => {
    const middleware = createUnauthorizedMiddleware(() => actor, getPath);
    client.use(middleware);
    return () => client.eject(middleware);
  }, [actor, client, getPath]);
  return (
    <SessionActorContext.Provider value={actor}>
      <SessionStorageContext.Provider value={storage}>{children}</SessionStorageContext.Provider>
    </SessionActorContext.Provider>
  );
}

/** The session actor itself, for `snapshot.can(...)` checks and selectors of your own. */
export function useSessionActor(): SessionActorRef {
  const actor = useContext(SessionActorContext);
  if (!actor) throw new Error('useSession: no <SessionProvider> above this component');
  return actor;
}

export interface Session {
  status: SessionStatus;
  user: User | null;
  isGuest: boolean;
  /** The server's message from the last failed sign-in. */
  error: string | null;
  /** The last session ended by expiry and none has replaced it yet (/signin says so). */
  expired: boolean;
  signIn: (input: { email: string; password: string; worldId?: string }) => void;
  signOut: () => void;
  send: (event: SessionEvent) => void;
}

export function useSession(): Session {
  const actor = useSessionActor();
  const status = useSelector(actor, sessionStatus);
  const user = useSelector(actor, selectUser);
  const error = useSelector(actor, selectSignInError);
  // Read on every render: the note changes only with the session, which re-renders its readers.
  const expired = useContext(SessionStorageContext)?.get('sessionExpired') != null;
  return useMemo(
    () => ({
      status,
      user,
      isGuest: user?.isGuest === true,
      error,
      expired,
      signIn: (input) => actor.send({ type: 'session.signIn', ...input }),
      signOut: () => actor.send({ type: 'session.signOut' }),
      send: (event) => actor.send(event),
    }),
    [actor, status, user, error, expired],
  );
}
