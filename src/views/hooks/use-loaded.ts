import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiOutcome } from './use-api';

export type Loaded<T> = { kind: 'loading' } | { kind: 'loaded'; data: T } | { kind: 'failed'; status: number; errors: string[] };

/**
 * Data that is only fetched and shown: loads on mount and whenever `key` changes, ignores an
 * answer that arrives after a newer request, and offers `reload` (after a change, or to retry).
 * A reload keeps the current data on screen instead of flashing "読み込み中…".
 */
export function useLoaded<T>(load: () => Promise<ApiOutcome<T>>, key: string) {
  const [state, setState] = useState<Loaded<T>>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const shownKey = useRef<string | null>(null);

  useEffect(() => {
    let live = true;
    const sameData = shownKey.current === key;
    shownKey.current = key;
    setState((current) => (current.kind === 'loaded' && sameData ? current : { kind: 'loading' }));
    void load().then((outcome) => {
      if (!live) return;
      setState(outcome.ok ? { kind: 'loaded', data: outcome.data } : { kind: 'failed', status: outcome.status, errors: outcome.errors });
    });
    return () => {
      live = false;
    };
    // `load` is a new closure every render; `key` says when what it loads has changed.
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, reload };
}
