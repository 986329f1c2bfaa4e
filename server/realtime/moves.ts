// Presence moves and joins, coalesced (issue 14, ADR 016): a move only marks where the member is
// now; once per window each world's moves go out as one message, so what a move costs the server
// is bounded by the window, not by how many moves came in: a socket that sends 10,000 moves is
// seen by the others at most once per window, at its latest place. Joins are batched the same
// way: one presence snapshot per window for everyone who joined in it (hub.ts).
export const MOVE_WINDOW_MS = 25;

/** Room counts change with every join, leave and move: sent at most this often per world. */
export const COUNTS_WINDOW_MS = 200;

/** Per world, the connections added within a window, flushed together once it ends. */
export function createWindowedBatches<C extends { id: string; worldId: string }>(
  flush: (worldId: string, moved: C[]) => Promise<void>,
  onError: (err: unknown) => void,
  windowMs = MOVE_WINDOW_MS,
) {
  const pending = new Map<string, Map<string, C>>();
  const timers = new Set<ReturnType<typeof setTimeout>>();

  function flushWorld(worldId: string) {
    const moved = pending.get(worldId);
    pending.delete(worldId);
    if (moved) flush(worldId, [...moved.values()]).catch(onError);
  }

  return {
    /** The connection moved or joined (its member already says where it is). */
    add(conn: C) {
      let world = pending.get(conn.worldId);
      if (!world) {
        world = new Map();
        pending.set(conn.worldId, world);
        const timer = setTimeout(() => {
          timers.delete(timer);
          flushWorld(conn.worldId);
        }, windowMs);
        timers.add(timer);
      }
      world.set(conn.id, conn);
    },
    /** A connection that goes: its unsent move or join goes with it (presence.left says the rest). */
    forget(conn: C) {
      pending.get(conn.worldId)?.delete(conn.id);
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      pending.clear();
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
 * Moves a socket may make: `burst` at once, then `perSecond` (a person clicks a table now and
 * then; a script floods). take() says whether one more is allowed now; wait() is the time until
 * the next one is.
 */
export function createMoveBudget(
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
