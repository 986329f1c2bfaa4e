// A roving tabindex over the map's list of spaces (docs/product.md §4): one item in the Tab
// order, arrow keys move between items, Home and End go to the ends, Enter acts on the item.
import { useState, type KeyboardEvent } from 'react';

/** Where a key moves from `index` among `count` items; null for a key that moves nothing. */
export function nextIndex(key: string, index: number, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowDown':
    case 'ArrowRight':
      return (index + 1) % count;
    case 'ArrowUp':
    case 'ArrowLeft':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/** The active item (first the one at `start`, else the first) and the list's key handler. */
export function useRoving(start: number) {
  const [active, setActive] = useState(() => Math.max(start, 0));
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const items = Array.from(
      event.currentTarget.querySelectorAll<HTMLElement>('[data-space-item]'),
    );
    const from = items.findIndex((item) => item.contains(event.target as Node));
    const next = from < 0 ? null : nextIndex(event.key, from, items.length);
    if (next === null) return;
    event.preventDefault();
    setActive(next);
    items[next]?.focus();
  };
  return { active, setActive, onKeyDown };
}
