// 離席中 by itself (docs/product.md §4 状態): after a while with the tab hidden the status becomes
// 離席中, and when the tab is visible again it goes back to what it was, unless the person changed
// it meanwhile. The wait is the visitor's choice on this device (awayAfterMinutes).
import { AWAY_STATUS, INTERACTION_LIMITS } from '../domain/interaction';
import { readChoice, writeChoice } from './storage';

type Page = Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;

export const AWAY_CHOICES = [1, 5, 15, 30] as const;

export function awayAfterMinutes(): number {
  const stored = Number(readChoice('awayAfterMinutes'));
  return (AWAY_CHOICES as readonly number[]).includes(stored)
    ? stored
    : INTERACTION_LIMITS.awayAfterMinutes;
}

export const saveAwayAfterMinutes = (minutes: number) =>
  writeChoice('awayAfterMinutes', String(minutes));

/** Watches the page; answers a function that stops watching. */
export function watchAway(options: {
  page: Page;
  delayMs: () => number;
  /** The person's status now. */
  current: () => string | null;
  set: (nowDoing: string | null) => void;
}): () => void {
  const { page, delayMs, current, set } = options;
  let timer: ReturnType<typeof setTimeout> | null = null;
  /** The status before this page set 離席中; undefined while it has not. */
  let before: string | null | undefined;

  const onChange = () => {
    if (page.visibilityState === 'hidden') {
      if (timer !== null) return;
      timer = setTimeout(() => {
        timer = null;
        const now = current();
        if (now === AWAY_STATUS) return;
        before = now;
        set(AWAY_STATUS);
      }, delayMs());
      return;
    }
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (before !== undefined && current() === AWAY_STATUS) set(before);
    before = undefined;
  };
  page.addEventListener('visibilitychange', onChange);
  return () => {
    page.removeEventListener('visibilitychange', onChange);
    if (timer !== null) clearTimeout(timer);
  };
}
