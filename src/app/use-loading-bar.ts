import { useEffect, useState } from 'react';
import { createLoadingBarController, type LoadingBarPhase } from './loading-bar-controller';

/** The loading bar's phase, following `busy` (react-router's navigation state not idle). */
export function useLoadingBar(busy: boolean): LoadingBarPhase {
  const [phase, setPhase] = useState<LoadingBarPhase>('idle');
  // dispose() only clears the pending timer: the same controller serves a remount (StrictMode).
  const [controller] = useState(() => createLoadingBarController(setPhase));
  useEffect(() => () => controller.dispose(), [controller]);

  useEffect(() => {
    if (busy) controller.start();
    else controller.finish();
  }, [busy, controller]);

  return phase;
}
