import { useCallback, useEffect, useState } from 'react';
import { request, useApi } from '../../hooks/use-api';
import type { World } from './world-format';

export type MyWorldState =
  | { kind: 'loading' }
  | { kind: 'loaded'; world: World }
  | { kind: 'failed'; status: number; errors: string[] };

/** GET /api/mypage/worlds/{id} (getMyWorld), with a way to try again. */
export function useMyWorld(id: string) {
  const api = useApi();
  const [state, setState] = useState<MyWorldState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setState({ kind: 'loading' });
    void request(() => api.GET('/api/mypage/worlds/{id}', { params: { path: { id } } })).then((outcome) => {
      if (!live) return;
      setState(outcome.ok ? { kind: 'loaded', world: outcome.data } : { kind: 'failed', status: outcome.status, errors: outcome.errors });
    });
    return () => {
      live = false;
    };
  }, [api, id, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, reload };
}
