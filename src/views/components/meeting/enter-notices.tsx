import { useEffect, useState } from 'react';
import { enterNoticesOf, type EnterNotice } from '../../../services/realtime/enter-notice';
import { nextPresence } from '../../../services/realtime/presence';
import type { WorldActors } from './world-actors';

/** How long a notice stays on screen, and how many at most. */
const SHOW_MS = 6000;
const MAX_SHOWN = 3;

/**
 * Enter notices (docs/product.md §2): who entered the world or came into this space, shown
 * briefly and announced politely. One notice per person: a newer one replaces theirs.
 */
export function EnterNotices({
  world,
  selfUserId,
  spaceId,
}: {
  world: WorldActors;
  selfUserId: string;
  spaceId: string;
}) {
  const [notices, setNotices] = useState<(EnterNotice & { key: number })[]>([]);

  useEffect(() => {
    // Who was known before each message: the presence store may already hold the message's change.
    let known = world.presence.get();
    let key = 0;
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const unsubscribe = world.messages.subscribe((message) => {
      const found = enterNoticesOf(message, known, { userId: selfUserId, spaceId });
      known = nextPresence(known, message);
      for (const notice of found) {
        const shown = { ...notice, key: ++key };
        setNotices((list) =>
          [...list.filter((n) => n.userId !== notice.userId), shown].slice(-MAX_SHOWN),
        );
        const timer = setTimeout(() => {
          timers.delete(timer);
          setNotices((list) => list.filter((n) => n.key !== shown.key));
        }, SHOW_MS);
        timers.add(timer);
      }
    });
    return () => {
      unsubscribe();
      for (const timer of timers) clearTimeout(timer);
    };
  }, [world, selfUserId, spaceId]);

  return (
    <div className="enter-notices" role="status" aria-live="polite" aria-label="入場のお知らせ">
      {notices.map((notice) => (
        <p key={notice.key} className="enter-notice">
          {notice.text}
        </p>
      ))}
    </div>
  );
}
