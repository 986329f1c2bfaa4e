import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchAway } from './away';

// docs/product.md §4 状態: 離席中 after the chosen time hidden, back to the status before when seen.

function fakePage() {
  const target = new EventTarget();
  const page = {
    visibilityState: 'visible' as DocumentVisibilityState,
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
    show(state: DocumentVisibilityState) {
      page.visibilityState = state;
      target.dispatchEvent(new Event('visibilitychange'));
    },
  };
  return page;
}

describe('away by itself', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setUp(initial: string | null) {
    const page = fakePage();
    let status = initial;
    const set = vi.fn((s: string | null) => (status = s));
    const stop = watchAway({ page, delayMs: () => 60_000, current: () => status, set });
    return { page, set, stop, status: () => status };
  }

  it('becomes 離席中 after the time hidden and goes back when visible', () => {
    const { page, set, status } = setUp('発表中');
    page.show('hidden');
    vi.advanceTimersByTime(59_999);
    expect(set).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(status()).toBe('離席中');
    page.show('visible');
    expect(status()).toBe('発表中');
  });

  it('changes nothing when the tab comes back before the time', () => {
    const { page, set } = setUp(null);
    page.show('hidden');
    vi.advanceTimersByTime(30_000);
    page.show('visible');
    vi.advanceTimersByTime(60_000);
    expect(set).not.toHaveBeenCalled();
  });

  it('keeps a status the person chose meanwhile', () => {
    const { page, set, status } = setUp('対応可能');
    page.show('hidden');
    vi.advanceTimersByTime(60_000);
    set('取り込み中');
    page.show('visible');
    expect(status()).toBe('取り込み中');
  });
});
