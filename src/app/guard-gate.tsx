import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { rememberCallbackPath, takeCallbackPath } from '../services/auth-callback';
import { PageLoading } from '../views/components/loading';
import { type Guard, type SessionStatus, SIGNED_IN_HOME } from './guards';
import { useSession } from './session';

/** Carries out a route guard's decision for the page it wraps. */
export function GuardGate({ guard, children }: { guard: Guard; children: ReactNode }) {
  const { status, isGuest } = useSession();
  const location = useLocation();
  const { worldId } = useParams();
  const navigate = useNavigate();

  const previousStatus = usePreviousStatus(status);
  const decision = guard({ status, isGuest, previousStatus }, { ...location, worldId });

  // One redirect per location: StrictMode runs effects twice, and takeCallbackPath() forgets
  // the path as it reads it, so a second run would lose where the visitor was going.
  const redirectedAt = useRef<string | null>(null);
  const redirectKey =
    decision.kind === 'redirect' || decision.kind === 'redirectToCallback' ? location.key : null;
  const redirectTo = decision.kind === 'redirect' ? decision.to : null;
  const remember = decision.kind === 'redirect' ? decision.remember : undefined;
  useEffect(() => {
    if (redirectKey === null || redirectedAt.current === redirectKey) return;
    redirectedAt.current = redirectKey;
    if (redirectTo === null) {
      void navigate(takeCallbackPath() ?? SIGNED_IN_HOME, { replace: true });
      return;
    }
    if (remember) rememberCallbackPath(remember, location.pathname);
    void navigate(redirectTo, { replace: true });
  }, [redirectKey, redirectTo, remember, location.pathname, navigate]);

  return decision.kind === 'render' ? children : <PageLoading />;
}

/**
 * The status before the latest change seen by this page (undefined until one happens). Kept
 * while the status holds, unlike "the last render's", so re-renders do not forget the change.
 * Stored as state updated during render (React's "information from previous renders").
 */
function usePreviousStatus(status: SessionStatus): SessionStatus | undefined {
  const [seen, setSeen] = useState<{ status: SessionStatus; previous?: SessionStatus }>({
    status,
  });
  if (seen.status !== status) {
    setSeen({ status, previous: seen.status });
    return seen.status;
  }
  return seen.previous;
}
