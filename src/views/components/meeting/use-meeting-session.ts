import { useEffect, useState } from 'react';
import type { AttendeePresence, MeetingSession, VideoTile } from '../../../services/meeting/provider';

/**
 * The tiles and the other attendees of a running session, from its observers. Shown data only:
 * the meeting statechart owns the session's life, this merely listens while mounted.
 */
export function useMeetingSession(session: MeetingSession | null) {
  const [tiles, setTiles] = useState<ReadonlyMap<number, VideoTile>>(new Map());
  const [attendees, setAttendees] = useState<ReadonlyMap<string, AttendeePresence>>(new Map());
  useEffect(() => {
    setTiles(new Map());
    setAttendees(new Map());
    if (!session) return;
    const observer = {
      videoTileDidUpdate: (tile: VideoTile) => setTiles((current) => new Map(current).set(tile.tileId, tile)),
      videoTileWasRemoved: (tileId: number) =>
        setTiles((current) => {
          const next = new Map(current);
          next.delete(tileId);
          return next;
        }),
      attendeePresenceDidChange: (presence: AttendeePresence) =>
        setAttendees((current) => {
          const next = new Map(current);
          if (presence.present) next.set(presence.attendeeId, presence);
          else next.delete(presence.attendeeId);
          return next;
        }),
    };
    session.addObserver(observer);
    return () => session.removeObserver(observer);
  }, [session]);
  return { tiles, attendees };
}
