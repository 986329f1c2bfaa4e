import { describe, expect, it } from 'vitest';
import {
  createLoadingBarController,
  type LoadingBarClock,
  type LoadingBarPhase,
} from './loading-bar-controller';

function setup() {
  let now = 0;
  let timers: { at: number; callback: () => void; id: number }[] = [];
  let nextId = 1;
  const clock: LoadingBarClock = {
    setTimeout: (callback, ms) => {
      timers.push({ at: now + ms, callback, id: nextId });
      return nextId++;
    },
    clearTimeout: (id) => {
      timers = timers.filter((t) => t.id !== id);
    },
  };
  const phases: LoadingBarPhase[] = [];
  const bar = createLoadingBarController((phase) => phases.push(phase), clock);
  const advance = (ms: number) => {
    now += ms;
    for (const timer of timers.filter((t) => t.at <= now)) {
      timers = timers.filter((t) => t !== timer);
      timer.callback();
    }
  };
  return { bar, phases, advance };
}

describe('loading bar timing', () => {
  it('never appears for a navigation shorter than the 200 ms throttle', () => {
    const { bar, phases, advance } = setup();
    bar.start();
    advance(199);
    bar.finish();
    advance(1000);
    expect(phases).toEqual(['waiting', 'idle']);
  });

  it('appears after 200 ms, fills on finish and hides 500 ms later', () => {
    const { bar, phases, advance } = setup();
    bar.start();
    advance(200);
    expect(bar.phase).toBe('running');
    bar.finish();
    expect(bar.phase).toBe('finishing');
    advance(499);
    expect(bar.phase).toBe('finishing');
    advance(1);
    expect(phases).toEqual(['waiting', 'running', 'finishing', 'idle']);
  });

  it('starts over when a navigation begins while the bar is hiding', () => {
    const { bar, advance } = setup();
    bar.start();
    advance(200);
    bar.finish();
    advance(100);
    bar.start();
    expect(bar.phase).toBe('running');
    advance(1000);
    expect(bar.phase).toBe('running');
  });
});
