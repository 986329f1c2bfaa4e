import { useEffect, useState, useSyncExternalStore } from 'react';
import type { Presence } from '../../../services/realtime/presence';
import { useApi } from '../../hooks/use-api';
import { acquireWorldMeeting, type WorldMeeting } from './world-meeting';

/** The world's actors while the page is mounted; null on the first render. */
export function useWorldMeeting(worldId: string): WorldMeeting | null {
  const api = useApi();
  const [value, setValue] = useState<WorldMeeting | null>(null);
  useEffect(() => {
    const handle = acquireWorldMeeting(worldId, api);
    setValue(handle.value);
    return handle.release;
  }, [worldId, api]);
  return value;
}

const empty: Presence = new Map();

/** Who is in the world now (the realtime presence). */
export function usePresence(world: WorldMeeting | null): Presence {
  return useSyncExternalStore(
    (listener) => world?.presence.subscribe(listener) ?? (() => {}),
    () => world?.presence.get() ?? empty,
  );
}
