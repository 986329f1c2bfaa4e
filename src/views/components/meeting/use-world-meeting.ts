import { useContext, useEffect, useState, useSyncExternalStore } from 'react';
import type { Presence } from '../../../services/realtime/presence';
import { WorldActorsContext, type WorldActors } from './world-actors';

/** The world's actors while the page is mounted; null on the first render. */
export function useWorldMeeting(worldId: string): WorldActors | null {
  const acquire = useContext(WorldActorsContext);
  if (!acquire) throw new Error('useWorldMeeting: no WorldActorsContext; src/app provides it.');
  const [value, setValue] = useState<WorldActors | null>(null);
  useEffect(() => {
    const handle = acquire(worldId);
    // Acquired with the page and released with it (StrictMode's second mount gets the same).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setValue(handle.value);
    return handle.release;
  }, [worldId, acquire]);
  return value;
}

const empty: Presence = new Map();

/** Who is in the world now (the realtime presence). */
export function usePresence(world: WorldActors | null): Presence {
  return useSyncExternalStore(
    (listener) => world?.presence.subscribe(listener) ?? (() => {}),
    () => world?.presence.get() ?? empty,
  );
}
