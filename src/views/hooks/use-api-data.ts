import { useCallback, useEffect, useRef, useState, type DependencyList } from 'react';
import { request, useApi, type ApiOutcome } from './use-api';
import type { ApiClient } from '../../services/api/client';

export type ApiData<T> =
  | { kind: 'loading' }
  | { kind: 'loaded'; data: T }
  | { kind: 'failed'; status: number; errors: string[] };

/**
 * One GET shown on a page: loading, loaded or failed, a way to try again, and `replace` to show
 * what a mutation answered without fetching again. A response for stale `deps` is dropped.
 */
export function useApiData<T>(
  call: (api: ApiClient) => Promise<{ data?: T; error?: unknown; response: Response }>,
  deps: DependencyList,
) {
  const api = useApi();
  const [state, setState] = useState<ApiData<T>>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // The latest call, so that deps (not the inline function's identity) decide when to fetch.
  const latest = useRef(call);
  latest.current = call;

  useEffect(() => {
    let live = true;
    setState({ kind: 'loading' });
    void request(() => latest.current(api)).then((outcome: ApiOutcome<T>) => {
      if (!live) return;
      setState(outcome.ok ? { kind: 'loaded', data: outcome.data } : { kind: 'failed', status: outcome.status, errors: outcome.errors });
    });
    return () => {
      live = false;
    };
  }, [api, attempt, ...deps]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const replace = useCallback((data: T) => setState({ kind: 'loaded', data }), []);
  return { state, reload, replace };
}
