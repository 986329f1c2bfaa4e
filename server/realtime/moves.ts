// Presence moves and joins, coalesced (issue 14, ADR 016): a move only marks where the member is
// now; a world's moves go out as one message at most once per window (a lone move at once), so
// what moves cost the server is bounded by the window, not by how many came in: a socket that
// sends 10,000 moves is seen by the others at most once per window, at its latest place. Joins
// are batched the same way: one presence snapshot for everyone who joined together (presence.ts).
export const MOVE_WINDOW_MS = 25;

/**
 * Room counts change with every join, leave and move: sent at most this often per world. They
 * summarise the presence every socket has already (snapshot and moves), so they may lag: each
 * one is a frame to every socket of the world, as costly as a move (bench:realtime, ADR 027).
 */
export const COUNTS_WINDOW_MS = 1000;

/**
 * Per world, the connections added since the last flush, flushed together: at once (the next
 * turn of the event loop, so what arrived together goes together) when the world's last flush is
 * a window old, else when its window ends. A world is flushed at most once per window, so the
 * cost stays bounded by the window however many moves come in, and a lone move does not wait.
 */
export function createWindowedBatches<C extends { id: string; worldId: string }>(
  flush: (worldId: string, moved: C[]) => Promise<void>,
  onError: (err: unknown) => void,
  windowMs = MOVE_WINDOW_MS,
  now: () => number = performance.now.bind(performance),
) {
  const pending = new Map<string, Map<string, C>>();
  const flushedAt = new Map<string, number>();
  const timers = new Map<string, ReturnType<typeof setTimeout>>();

  function flushWorld(worldId: string) {
    timers.delete(worldId);
    const moved = pending.get(worldId);
    pending.delete(worldId);
    flushedAt.set(worldId, now());
    if (moved) flush(worldId, [...moved.values()]).catch(onError);
    // A world quiet for a window needs no memory of its last flush (add clears this timer).
    const forget = setTimeout(() => {
      timers.delete(worldId);
      flushedAt.delete(worldId);
    }, windowMs);
    timers.set(worldId, forget);
  }

  return {
    /** The connection moved or joined (its member already says where it is). */
    add(conn: C) {
      let world = pending.get(conn.worldId);
      if (!world) {
        world = new Map();
        pending.set(conn.worldId, world);
        const last = flushedAt.get(conn.worldId);
        const wait = last === undefined ? 0 : Math.max(0, last + windowMs - now());
        clearTimeout(timers.get(conn.worldId));
        timers.set(
          conn.worldId,
          setTimeout(() => flushWorld(conn.worldId), wait),
        );
      }
      world.set(conn.id, conn);
    },
    /** A connection that goes: its unsent move or join goes with it (presence.left says the rest). */
    forget(conn: C) {
      pending.get(conn.worldId)?.delete(conn.id);
    },
    close() {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      pending.clear();
      flushedAt.clear();
    },
  };
}

/** A world's space ids, kept a few seconds; an id not known yet is looked up once more (a new table). */
export function createSpaceCache(load: (worldId: string) => Promise<string[]>, ttlMs = 10_000) {
  const cache = new Map<string, { ids: Set<string>; at: number }>();
  async function fresh(worldId: string) {
    const entry = { ids: new Set(await load(worldId)), at: Date.now() };
    cache.set(worldId, entry);
    return entry.ids;
  }
  return {
    async ids(worldId: string): Promise<Set<string>> {
      const entry = cache.get(worldId);
      return entry && Date.now() - entry.at < ttlMs ? entry.ids : fresh(worldId);
    },
    async has(worldId: string, spaceId: string): Promise<boolean> {
      const entry = cache.get(worldId);
      if (entry && Date.now() - entry.at < ttlMs && entry.ids.has(spaceId)) return true;
      return (await fresh(worldId)).has(spaceId);
    },
  };
}

export const MOVE_BURST = 10;
export const MOVES_PER_SECOND = 5;

/**
 * What a socket may do (a token bucket): `burst` at once, then `perSecond`. Moves: a person
 * clicks a table now and then, a script floods; messages of every kind (inbox.ts): a meeting's
 * join sends a burst of signals, a script sends without end. take() says whether one more is
 * allowed now; wait() is the time until the next one is.
 */
export function createBudget(
  burst = MOVE_BURST,
  perSecond = MOVES_PER_SECOND,
  now: () => number = Date.now,
) {
  let tokens = burst;
  let at = now();
  const refill = () => {
    const t = now();
    tokens = Math.min(burst, tokens + ((t - at) * perSecond) / 1000);
    at = t;
  };
  return {
    take(): boolean {
      refill();
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
    wait(): number {
      refill();
      return Math.max(0, Math.ceil(((1 - tokens) * 1000) / perSecond));
    },
  };
}
