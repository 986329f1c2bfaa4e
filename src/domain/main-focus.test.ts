import { describe, expect, it } from 'vitest';
import { mainFocusOf } from './main-focus';

// docs/product.md §2 (the main area): a share first, then the stage for a watcher, else the map.
describe('the main area', () => {
  const none = { othersShare: false, ownShare: false, watching: false };

  it('is the map when nobody shares and one attends', () => {
    expect(mainFocusOf(none)).toBe('map');
  });

  it('is the share when someone in one’s space shares, or oneself', () => {
    expect(mainFocusOf({ ...none, othersShare: true })).toBe('share');
    expect(mainFocusOf({ ...none, ownShare: true })).toBe('share');
  });

  it('is the stage’s video for a watcher, and the stage’s shared screen when it shares one', () => {
    expect(mainFocusOf({ ...none, watching: true })).toBe('stage');
    expect(mainFocusOf({ ...none, watching: true, othersShare: true })).toBe('share');
  });
});
