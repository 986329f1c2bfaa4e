import type { LoadingBarPhase } from '../views/components/loading-bar';

// The top loading bar's timing (docs/product.md §2 and §9): it appears only when a navigation
// lasts longer than the 200 ms throttle, crawls towards the end over 2000 ms, and once the
// navigation finishes fills up and stays 500 ms before hiding.

const LOADING_BAR = {
  durationMs: 2000,
  throttleMs: 200,
  hideDelayMs: 500,
  heightPx: 4,
  color: '#1a73e8',
} as const;

// idle: nothing shown; waiting: within the throttle; running: crawling; finishing: full, about to hide.
export type { LoadingBarPhase };

export interface LoadingBarClock {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface LoadingBarController {
  start(): void;
  finish(): void;
  readonly phase: LoadingBarPhase;
  dispose(): void;
}

const realClock: LoadingBarClock = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) =>
    globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

export function createLoadingBarController(
  onChange: (phase: LoadingBarPhase) => void,
  clock: LoadingBarClock = realClock,
): LoadingBarController {
  let phase: LoadingBarPhase = 'idle';
  let timer: unknown = null;

  function set(next: LoadingBarPhase) {
    if (next === phase) return;
    phase = next;
    onChange(phase);
  }
  function clear() {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
  }

  return {
    start() {
      if (phase === 'waiting' || phase === 'running') return;
      clear();
      if (phase === 'finishing') {
        // A new navigation while the last one's bar is fading: keep the bar, start it over.
        set('idle');
        set('running');
        return;
      }
      set('waiting');
      timer = clock.setTimeout(() => {
        timer = null;
        set('running');
      }, LOADING_BAR.throttleMs);
    },
    finish() {
      if (phase === 'waiting') {
        clear();
        set('idle');
      } else if (phase === 'running') {
        set('finishing');
        timer = clock.setTimeout(() => {
          timer = null;
          set('idle');
        }, LOADING_BAR.hideDelayMs);
      }
    },
    get phase() {
      return phase;
    },
    dispose() {
      clear();
    },
  };
}
