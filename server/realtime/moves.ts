// Presence moves, coalesced (issue 14, ADR 016): a move only marks where the member is now; once
// per window each world's moves go out as one message with the counts, so what a move costs the
// server is bounded by the window, not by how many moves came in: a socket that sends 10,000
// moves is seen by the others at most once per window, at its latest place.
export const MOVE_WINDOW_MS = 25;

export function createMoveCoalescer<C extends { id: string; worldId: string }>(
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
    /** The connection moved (its member already says where to). */
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
    /** A connection that goes: its unsent move goes with it (presence.left says the rest). */
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
