import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useSyncExternalStore } from 'react';
import { meetingQueries } from '../../../services/api/meetings-queries';
import type { MeetingSession } from '../../../services/meeting/provider';
import { sessionStateOf, type SessionState } from '../../../services/meeting/session-state';
import { useQueryApi } from '../../hooks/use-api-query';
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
 * Whose microphone owner or staff forced off in one's meeting: the server's attendees, asked
 * with the 参加者 panel's own query (the same key, so one request serves both) whenever the
 * session hears someone come or go, and after a moderation.
 */
export function useForcedMics(
  worldId: string,
  meetingId: string | null,
  attendees: SessionState['attendees'],
): ReadonlySet<string> {
  const roster = [...attendees.keys()].sort().join(',');
  const { data } = useQuery({
    ...meetingQueries.attendees(useQueryApi(), worldId, meetingId ?? '', roster),
    staleTime: 0,
    placeholderData: keepPreviousData,
    enabled: meetingId !== null,
  });
  return useMemo(
    () =>
      new Set(
        (data?.attendees ?? [])
          .filter((a) => a.leftAt === null && a.micForceDisabled)
          .map((a) => a.userId),
      ),
    [data],
  );
}

/**
 * What the map marks on the people of one's own space, by user id: whose microphone is off
 * (oneself from the devices, the others as the session reports them), whose was forced off
 * (oneself from the devices, the others from `forcedOthers`) and who speaks now.
 */
export function usePeopleMarks(
  state: SessionState,
  self: { userId: string; micOn: boolean; micForced: boolean },
  forcedOthers: ReadonlySet<string>,
): PeopleMarks {
  const { attendees, speaking } = state;
  const { userId, micOn, micForced } = self;
  return useMemo(() => {
    const muted = new Set<string>();
    const speakers = new Set<string>();
    for (const attendee of attendees.values()) {
      if (attendee.muted) muted.add(attendee.userId);
      if (speaking.has(attendee.attendeeId)) speakers.add(attendee.userId);
    }
    const forced = new Set([...forcedOthers].filter((id) => id !== userId));
    if (!micOn) muted.add(userId);
    if (micForced) forced.add(userId);
    return { muted, forced, speaking: speakers };
  }, [attendees, speaking, userId, micOn, micForced, forcedOthers]);
}
