import { Redis } from 'ioredis';
import type { Envelope, PlacedEntry, PresenceEntry, RealtimeBus } from './bus';

const channel = 'realtime:envelopes';
const presenceKey = (worldId: string) => `realtime:presence:${worldId}`;
const processKey = (processId: string) => `realtime:process:${processId}`;

type Stored = { entry: PresenceEntry; expiresAt: number };

/**
 * Fan-out through Redis pub/sub, presence in one hash per world (field: connection id, value:
 * the member and when the entry expires), and per process a set of the world and connection
 * of each entry it set (entries it removed may linger there; the hash is what counts). A
 * subscribed connection cannot publish, hence two.
 */
export function createRedisBus(url: string): RealtimeBus {
  const redis = new Redis(url, { maxRetriesPerRequest: 2 });
  const subscriber = new Redis(url);
  const handlers: ((e: Envelope) => void)[] = [];
  let subscribing: Promise<unknown> | null = null;
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
      // Every subscriber (the hub, the media rooms) waits until Redis confirmed the channel.
      subscribing ??= subscriber.subscribe(channel);
      await subscribing;
    },
    async setPresence(worldId, entry, ttlMs) {
      const key = presenceKey(worldId);
      const mine = processKey(entry.processId);
      await redis
        .multi()
        .hset(key, entry.connectionId, JSON.stringify({ entry, expiresAt: Date.now() + ttlMs }))
        // The hash goes away a while after the last refresh, with every entry in it.
        .pexpire(key, ttlMs * 2)
        .sadd(mine, `${worldId} ${entry.connectionId}`)
        .pexpire(mine, ttlMs * 2)
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
        const stored = JSON.parse(value) as Stored;
        if (stored.expiresAt > t) live.push(stored.entry);
        else expired.push(field);
      }
      if (expired.length > 0) await redis.hdel(key, ...expired);
      return live;
    },
    async removeProcessPresence(processId) {
      const mine = processKey(processId);
      const removed: PlacedEntry[] = [];
      for (const member of await redis.smembers(mine)) {
        const [worldId = '', connectionId = ''] = member.split(' ');
        const value = await redis.hget(presenceKey(worldId), connectionId);
        const stored = value ? (JSON.parse(value) as Stored) : null;
        if (stored?.entry.processId !== processId) continue;
        await redis.hdel(presenceKey(worldId), connectionId);
        removed.push({ worldId, entry: stored.entry });
      }
      await redis.del(mine);
      return removed;
    },
    async close() {
      handlers.length = 0;
      await Promise.allSettled([subscriber.quit(), redis.quit()]);
    },
  };
}
