// Loaded with the pages that show fetched data, not with the root: the sign-in and other form
// pages carry no TanStack Query (the page budget, tests/build/page-budget.test.ts).
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { SessionSnapshot } from '../machines/session.machine';
import { createQueryClient } from '../services/api/queries';
import { type SessionActorRef, useSessionActor } from './session';

const userIdOf = (snapshot: SessionSnapshot) => snapshot.context.user?.id ?? null;

type SessionSource = {
  getSnapshot(): SessionSnapshot;
  subscribe(listener: (snapshot: SessionSnapshot) => void): { unsubscribe(): void };
};

/**
 * Empties `client` each time the session's user changes from the one it had when called (a
 * sign-in, sign-out, another account, a guest entering); other snapshots leave it alone.
 * Answers the way to stop.
 */
export function clearOnUserChange(session: SessionSource, client: Pick<QueryClient, 'clear'>) {
  let userId = userIdOf(session.getSnapshot());
  const subscription = session.subscribe((snapshot) => {
    const next = userIdOf(snapshot);
    if (next === userId) return;
    userId = next;
    client.clear();
  });
  return () => subscription.unsubscribe();
}

const caches = new WeakMap<SessionActorRef, QueryClient>();

/**
 * The app's one query cache (one per session actor), created when the first page that needs it
 * loads and emptied from then on whenever the session's user changes. The cache lives as long as
 * the session, not as long as a page: a page left during a sign-out must not take the listener
 * with it.
 */
function cacheOf(session: SessionActorRef): QueryClient {
  let cache = caches.get(session);
  if (!cache) {
    cache = createQueryClient();
    clearOnUserChange(session, cache);
    caches.set(session, cache);
  }
  return cache;
}

/**
 * Provides the query cache to a page (src/app/routes.tsx wraps each page that reads shown data).
 * The cache is emptied whenever the signed-in user changes (sign-out, another account, a guest
 * entering): one account's data is never shown to the next. It listens to the session actor
 * itself rather than to a render, so the cache is empty before any page renders for the new user.
 */
export function QueryScope({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={cacheOf(useSessionActor())}>{children}</QueryClientProvider>;
}
