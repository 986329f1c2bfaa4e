import { useCallback, useEffect, useState } from 'react';
import { getWorld, MeetingApiError, type WorldView } from '../../../services/meeting/meeting-api';
import { useApi } from '../../hooks/use-api';

export type WorldViewState = { kind: 'loading' } | { kind: 'loaded'; world: WorldView } | { kind: 'failed'; status: number; messages: string[] };

/** GET /api/worlds/{id}: the world as its pages show it to the caller, with a way to try again. */
export function useWorldView(worldId: string) {
  const api = useApi();
  const [state, setState] = useState<WorldViewState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setState({ kind: 'loading' });
    getWorld(api, worldId).then(
      (world) => live && setState({ kind: 'loaded', world }),
      (error: unknown) => {
        if (!live) return;
        const failure = error instanceof MeetingApiError ? error : new MeetingApiError(0, ['ワールドを読み込めませんでした。']);
        setState({ kind: 'failed', status: failure.status, messages: failure.messages });
      },
    );
    return () => {
      live = false;
    };
  }, [api, worldId, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, reload };
}
