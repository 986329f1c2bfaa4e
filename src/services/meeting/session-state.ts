// What a session has reported so far (its video tiles and the other attendees), kept from the
// moment the session is created. The Chime SDK and the mesh report a tile once, often before a
// page has mounted and could listen (the local tile appears as the session starts), so the views
// read this store instead of observing late.
import type { AttendeePresence, MeetingProvider, MeetingSession, VideoTile } from './provider';

export interface SessionState {
  tiles: ReadonlyMap<number, VideoTile>;
  attendees: ReadonlyMap<string, AttendeePresence>;
  /** The attendee ids of the others speaking now. */
  speaking: ReadonlySet<string>;
}

export interface SessionStateStore {
  get(): SessionState;
  subscribe(listener: () => void): () => void;
}

const stores = new WeakMap<MeetingSession, SessionStateStore>();

function record(session: MeetingSession): SessionStateStore {
  let state: SessionState = { tiles: new Map(), attendees: new Map(), speaking: new Set() };
  const listeners = new Set<() => void>();
  const update = (next: Partial<SessionState>) => {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  };
  session.addObserver({
    videoTileDidUpdate: (tile) => update({ tiles: new Map(state.tiles).set(tile.tileId, tile) }),
    videoTileWasRemoved: (tileId) => {
      const tiles = new Map(state.tiles);
      if (tiles.delete(tileId)) update({ tiles });
    },
    attendeePresenceDidChange: (presence) => {
      const attendees = new Map(state.attendees);
      if (presence.present) attendees.set(presence.attendeeId, presence);
      else attendees.delete(presence.attendeeId);
      update({ attendees });
    },
    attendeeSpeakingDidChange: (attendeeId, speaking) => {
      const now = new Set(state.speaking);
      if (speaking) now.add(attendeeId);
      else now.delete(attendeeId);
      update({ speaking: now });
    },
  });
  return {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The provider, with every session it creates recorded from the start. */
export function recordingSessions(provider: MeetingProvider): MeetingProvider {
  return {
    name: provider.name,
    async createSession(join) {
      const session = await provider.createSession(join);
      stores.set(session, record(session));
      return session;
    },
  };
}

/** The recorded state of a session made by a recordingSessions provider. */
export function sessionStateOf(session: MeetingSession): SessionStateStore | undefined {
  return stores.get(session);
}
