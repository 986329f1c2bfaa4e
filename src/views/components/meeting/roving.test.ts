import { describe, expect, it } from 'vitest';
import { nextIndex } from './roving';

describe('the map list’s arrow keys (roving tabindex)', () => {
  it('moves to the next and previous space, wrapping around, and to the ends', () => {
    expect(nextIndex('ArrowDown', 0, 3)).toBe(1);
    expect(nextIndex('ArrowRight', 2, 3)).toBe(0);
    expect(nextIndex('ArrowUp', 0, 3)).toBe(2);
    expect(nextIndex('ArrowLeft', 1, 3)).toBe(0);
    expect(nextIndex('Home', 2, 3)).toBe(0);
    expect(nextIndex('End', 0, 3)).toBe(2);
  });

  it('leaves other keys, and an empty list, to the browser', () => {
    expect(nextIndex('Enter', 0, 3)).toBeNull();
    expect(nextIndex('a', 0, 3)).toBeNull();
    expect(nextIndex('ArrowDown', 0, 0)).toBeNull();
  });
});
