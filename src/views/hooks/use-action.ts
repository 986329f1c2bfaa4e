import { useCallback, useState } from 'react';

/**
 * A button's request outside a form (publish, delete, download): busy while it runs, and the
 * messages it failed with, counted so an ErrorSummary takes focus on each failure.
 * `run` answers true on success.
 */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [failures, setFailures] = useState(0);

  const run = useCallback(async (action: () => Promise<string[] | void>): Promise<boolean> => {
    setBusy(true);
    setErrors([]);
    let failed: string[] | void;
    try {
      failed = await action();
    } finally {
      setBusy(false);
    }
    if (failed && failed.length > 0) {
      setErrors(failed);
      setFailures((n) => n + 1);
      return false;
    }
    return true;
  }, []);

  const clear = useCallback(() => setErrors([]), []);
  return { busy, errors, failures, run, clear };
}
