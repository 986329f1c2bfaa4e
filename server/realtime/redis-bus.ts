import { Redis } from 'ioredis';
import type { Envelope, PresenceEntry, RealtimeBus } from './bus';

const channel = 'realtime:envelopes';
const presenceKey = (worldId: string) => `realtime:presence:${worldId}`;

/**
 * Fan-out through Redis pub/sub, presence in one hash per world (field: connection id, value:
 * the member and when the entry expires). A subscribed connection cannot publish, hence two.
 */
export function createRedisBus(url: string): RealtimeBus {
  const redis = new Redis(url, { maxRetriesPerRequest: 2 });
  const subscriber = new Redis(url);
  const handlers: ((e: Envelope) => void)[] = [];
  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(text) as Envelope;
    } catch {
      return;
    }
    for (const handler of handlers) handler(envelope);
  });

  return {
    async publish(envelope) {
      await redis.publish(channel, JSON.stringify(envelope));
    },
    async subscribe(handler) {
      handlers.push(handler);
      if (handlers.length === 1) await subscriber.subscribe(channel);
    },
    async setPresence(worldId, entry, ttlMs) {
      const key = presenceKey(worldId);
      await redis
        .multi()
        .hset(key, entry.connectionId, JSON.stringify({ entry, expiresAt: Date.now() + ttlMs }))
        // The hash goes away a while after the last refresh, with every entry in it.
        .pexpire(key, ttlMs * 2)
        .exec();
    },
    async removePresence(worldId, connectionId) {
      await redis.hdel(presenceKey(worldId), connectionId);
    },
    async listPresence(worldId) {
      const key = presenceKey(worldId);
      const all = await redis.hgetall(key);
      const t = Date.now();
      const live: PresenceEntry[] = [];
      const expired: string[] = [];
      for (const [field, value] of Object.entries(all)) {
        const stored = JSON.parse(value) as { entry: PresenceEntry; expiresAt: number };
        if (stored.expiresAt > t) live.push(stored.entry);
        else expired.push(field);
      }
      if (expired.length > 0) await redis.hdel(key, ...expired);
      return live;
    },
    async close() {
      handlers.length = 0;
      await Promise.allSettled([subscriber.quit(), redis.quit()]);
    },
  };
}
