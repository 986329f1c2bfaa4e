// React glue for the session actor (src/machines/session.machine.ts): one actor for the app,
// its effects wired to the API, storage, router and error display.
import { useActorRef, useSelector } from '@xstate/react';
import type { Middleware } from 'openapi-fetch';
import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { fromPromise, type ActorRefFrom } from 'xstate';
import {
  sessionMachine,
  sessionStatus,
  type SessionEvent,
  type SessionSnapshot,
  type SessionStatus,
  type User,
} from '../machines/session.machine';
import type { ApiClient } from '../services/api/client';
import { takeCallbackPath as takeStoredCallbackPath } from '../services/auth-callback';
import type { AppError } from '../services/errors/app-error';
import { handleError } from '../services/errors/handle-error';
import * as sessionApi from '../services/session-api';
import type { AppStorage } from '../services/storage';

export type SessionActorRef = ActorRefFrom<typeof sessionMachine>;

export interface SessionDeps {
  client: ApiClient;
  storage: AppStorage;
  navigate: (to: string) => void;
  showError: (error: AppError) => void;
  /** Empties the cart (spec: sign-in and sign-out clear it). */
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
      restoreSession: fromPromise(({ signal }) => sessionApi.restoreSession(client, storage, signal)),
      signIn: fromPromise(({ input }) => sessionApi.signIn(client, storage, input)),
      signOut: fromPromise(() => sessionApi.signOut(client)),
    },
    actions: {
      storeUser: (_, { userId, isGuest }) => {
        storage.set('userId', userId);
        if (isGuest) storage.set('userIsGuest', 'true');
        else storage.remove('userIsGuest');
      },
      clearCart: () => deps.clearCart(),
      saveLatestWorldId: (_, { worldId }) => storage.set('latestWorldId', worldId),
      clearStoredAuth: () => storage.clearAuth(),
      navigateAfterSignIn: () => deps.navigate(takeCallbackPath() ?? '/mypage/worlds'),
      navigateToSignIn: (_, { worldId }) =>
        deps.navigate(worldId ? `/signin?${new URLSearchParams({ worldId })}` : '/signin'),
      showError: (_, error) => deps.showError(error),
    },
  });
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
  const go = navigate ?? ((to: string) => void routerNavigate(to));
  // A new .provide() each render is fine: useActorRef keeps one actor and swaps in the latest
  // implementations, so effects always see the current props.
  const actor = useActorRef(
    provideSession({ client, storage, navigate: go, showError, clearCart: clearCart ?? (() => {}) }),
  );
  useEffect(() => {
    const middleware = createUnauthorizedMiddleware(() => actor, getPath);
    client.use(middleware);
    return () => client.eject(middleware);
  }, [actor, client, getPath]);
  return <SessionActorContext.Provider value={actor}>{children}</SessionActorContext.Provider>;
}

/** The session actor itself, for `snapshot.can(...)` checks and selectors of your own. */
export function useSessionActor(): SessionActorRef {
  const actor = useContext(SessionActorContext);
  if (!actor) throw new Error('useSession: no <SessionProvider> above this component');
  return actor;
}

const selectUser = (snapshot: SessionSnapshot) => snapshot.context.user;
const selectError = (snapshot: SessionSnapshot) => snapshot.context.error;

export interface Session {
  status: SessionStatus;
  user: User | null;
  isGuest: boolean;
  /** The server's message from the last failed sign-in. */
  error: string | null;
  signIn: (input: { email: string; password: string; worldId?: string }) => void;
  signOut: () => void;
  send: (event: SessionEvent) => void;
}

export function useSession(): Session {
  const actor = useSessionActor();
  const status = useSelector(actor, sessionStatus);
  const user = useSelector(actor, selectUser);
  const error = useSelector(actor, selectError);
  return useMemo(
    () => ({
      status,
      user,
      isGuest: user?.isGuest === true,
      error,
      signIn: (input) => actor.send({ type: 'session.signIn', ...input }),
      signOut: () => actor.send({ type: 'session.signOut' }),
      send: (event) => actor.send(event),
    }),
    [actor, status, user, error],
  );
}
