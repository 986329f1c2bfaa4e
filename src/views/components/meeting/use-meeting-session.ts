import { useMemo, useSyncExternalStore } from 'react';
import type { MeetingSession } from '../../../services/meeting/provider';
import { sessionStateOf, type SessionState } from '../../../services/meeting/session-state';
import type { PeopleMarks } from './map-people';

const none: SessionState = { tiles: new Map(), attendees: new Map(), speaking: new Set() };

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

/**
 * What the map marks on the people of one's own space, by user id: whose microphone is off
 * (oneself from the devices, the others as the session reports them) and who speaks now.
 */
export function usePeopleMarks(
  state: SessionState,
  selfUserId: string,
  selfMicOn: boolean,
): PeopleMarks {
  const { attendees, speaking } = state;
  return useMemo(() => {
    const muted = new Set<string>();
    const speakers = new Set<string>();
    for (const attendee of attendees.values()) {
      if (attendee.muted) muted.add(attendee.userId);
      if (speaking.has(attendee.attendeeId)) speakers.add(attendee.userId);
    }
    if (!selfMicOn) muted.add(selfUserId);
    return { muted, speaking: speakers };
  }, [attendees, speaking, selfUserId, selfMicOn]);
}
