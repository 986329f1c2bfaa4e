import { useSyncExternalStore } from 'react';
import type { MeetingSession } from '../../../services/meeting/provider';
import { sessionStateOf, type SessionState } from '../../../services/meeting/session-state';

const none: SessionState = { tiles: new Map(), attendees: new Map() };

/**
 * The tiles and the other attendees of a running session, as recorded since it was created.
 * Shown data only: the meeting statechart owns the session's life.
 */
export function useMeetingSession(session: MeetingSession | null): SessionState {
  const store = session ? sessionStateOf(session) : undefined;
  return useSyncExternalStore(
    (listener) => store?.subscribe(listener) ?? (() => {}),
    () => store?.get() ?? none,
  );
}
