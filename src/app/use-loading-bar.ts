import { useEffect, useState } from 'react';
import {
  createLoadingBarController,
  type LoadingBarController,
  type LoadingBarPhase,
} from './loading-bar-controller';

/** The loading bar's phase, following `busy` (react-router's navigation state not idle). */
export function useLoadingBar(busy: boolean): LoadingBarPhase {
  const [phase, setPhase] = useState<LoadingBarPhase>('idle');
  const [controller, setController] = useState<LoadingBarController | null>(null);

  useEffect(() => {
    const created = createLoadingBarController(setPhase);
    setController(created);
    return () => created.dispose();
  }, []);

  useEffect(() => {
    if (!controller) return;
    if (busy) controller.start();
    else controller.finish();
  }, [busy, controller]);

  return phase;
}
