import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import type { SessionSnapshot } from '../machines/session.machine';
import { useSessionActor } from './session';

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

/**
 * Provides the query cache to the views and empties it whenever the signed-in user changes
 * (sign-out, another account, a guest entering): one account's data is never shown to the next.
 * It listens to the session actor itself rather than to a render, so the cache is empty before
 * any page renders for the new user.
 */
export function QueryScope({ client, children }: { client: QueryClient; children: ReactNode }) {
  const actor = useSessionActor();
  useEffect(() => clearOnUserChange(actor, client), [actor, client]);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
