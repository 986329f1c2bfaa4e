// Which news (お知らせ) this device has already shown: the contract keeps no read state, so
// unread is "published after the newest one seen here" (docs/product.md §2, news).
import { createAppStorage } from './storage';

const storage = createAppStorage();
const listeners = new Set<() => void>();

/** The publishedAt of the newest news seen on this device, or null when none was. */
export function newsSeenAt(): string | null {
  return storage.get('newsSeenAt');
}

/** Marks everything published up to `at` as read (never moves backwards). */
export function markNewsSeen(at: string): void {
  const seen = newsSeenAt();
  if (seen !== null && Date.parse(seen) >= Date.parse(at)) return;
  storage.set('newsSeenAt', at);
  for (const listener of listeners) listener();
}

export function subscribeNewsSeen(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Unread: published after the newest one seen (all of them on a device that saw none). */
export function isUnread(publishedAt: string, seenAt: string | null): boolean {
  return seenAt === null || Date.parse(publishedAt) > Date.parse(seenAt);
}
