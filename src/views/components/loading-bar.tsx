import type { CSSProperties } from 'react';
import './loading-bar.css';

export type LoadingBarPhase = 'idle' | 'waiting' | 'running' | 'finishing';

export interface LoadingBarProps {
  phase: LoadingBarPhase;
  color?: string;
  heightPx?: number;
  durationMs?: number;
}

/**
 * The thin bar at the top of the window during a navigation. Decorative for screen readers:
 * the page announces itself when it arrives, and a bar that comes and goes would be noise.
 */
export function LoadingBar({
  phase,
  color = '#1a73e8',
  heightPx = 4,
  durationMs = 2000,
}: LoadingBarProps) {
  const style = {
    '--loading-bar-color': color,
    '--loading-bar-height': `${heightPx}px`,
    '--loading-bar-duration': `${durationMs}ms`,
  } as CSSProperties;
  return <div className="loading-bar" data-phase={phase} style={style} aria-hidden="true" />;
}
