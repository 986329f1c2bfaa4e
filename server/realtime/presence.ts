// Who is in a world and in which space (ADR 010, 016): joins, moves and room counts, each
// coalesced per world (moves.ts) so that what they cost the server grows with the world's
// sockets, not with how often people come, go and move.
import { eq } from 'drizzle-orm';
import type { RealtimeMember, RealtimeServerMessage } from '../../src/domain/realtime';
import type { Db } from '../db/connect';
import { spaces } from '../db/schema';
import type { PresenceEntry, RealtimeBus } from './bus';
import { type Connection, encode, sendEncoded } from './connections';
import { COUNTS_WINDOW_MS, createSpaceCache, createWindowedBatches } from './moves';
import type { Audience } from '../http/use-case';

type Logger = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };

/** One member per user (a user may have several tabs open), first connection's space. */
export function members(entries: PresenceEntry[]): RealtimeMember[] {
  const byUser = new Map<string, RealtimeMember>();
  for (const { member } of entries)
    if (!byUser.has(member.userId)) byUser.set(member.userId, member);
  return [...byUser.values()];
}

export function createPresence(options: {
  bus: RealtimeBus;
  /** The server process holding the sockets (docs/decisions/032). */
  processId: string;
  db: Db;
  logger: Logger;
  /** Presence entries not refreshed (the heartbeat) for this long expire. */
  ttlMs: number;
  publish: (worldId: string, to: Audience, message: RealtimeServerMessage) => Promise<void>;
}) {
  const { bus, processId, db, logger, ttlMs, publish } = options;
  const entry = (conn: Connection): PresenceEntry => ({
    connectionId: conn.id,
    processId,
    member: conn.member,
  });

  const spaceIds = createSpaceCache(async (worldId) =>
    (await db.select({ id: spaces.id }).from(spaces).where(eq(spaces.worldId, worldId))).map(
      (r) => r.id,
    ),
  );

  const moves = createWindowedBatches<Connection>(
    async (worldId, moved) => {
      await Promise.all(moved.map((conn) => bus.setPresence(worldId, entry(conn), ttlMs)));
      await publish(
        worldId,
        { everyone: true },
        {
          type: 'presence.moved',
          moves: moved.map((conn) => ({
            userId: conn.member.userId,
            spaceId: conn.member.spaceId,
          })),
        },
      );
      countsSoon(worldId);
    },
    (err) => logger.error({ err }, 'presence moves failed'),
  );
  const joins = createWindowedBatches<Connection>(welcome, (err) =>
    logger.error({ err }, 'presence joins failed'),
  );

  /**
   * The sockets that joined a world within one window: one snapshot for all of them (serialized
   * once), then each user who was not there before announced once to everyone else, so a join
   * costs the server one message per socket of the world, not a snapshot of everyone per socket.
   */
  async function welcome(worldId: string, joiners: Connection[]) {
    const entries = await bus.listPresence(worldId);
    const snapshot = encode({ type: 'presence.snapshot', members: members(entries) });
    const batch = new Set(joiners.map((conn) => conn.id));
    for (const conn of joiners) {
      const waiting = conn.pending ?? [];
      conn.pending = null;
      sendEncoded(conn, snapshot);
      for (const data of waiting) sendEncoded(conn, data);
    }
    // A user with another tab already in the world is not new to the others.
    const present = new Set(
      entries.filter((e) => !batch.has(e.connectionId)).map((e) => e.member.userId),
    );
    for (const conn of joiners) {
      if (present.has(conn.member.userId)) continue;
      present.add(conn.member.userId);
      await publish(
        worldId,
        { everyone: true, exceptConnectionIds: [...batch] },
        { type: 'presence.joined', member: conn.member },
      );
    }
    countsSoon(worldId);
  }

  /** Users connected per space of the world, every space listed (0 when empty). */
  async function roomCounts(worldId: string): Promise<Record<string, number>> {
    const [ids, entries] = await Promise.all([spaceIds.ids(worldId), bus.listPresence(worldId)]);
    const counts: Record<string, number> = Object.fromEntries([...ids].map((id) => [id, 0]));
    for (const member of members(entries)) {
      if (member.spaceId && member.spaceId in counts) counts[member.spaceId]! += 1;
    }
    return counts;
  }

  // Joins, leaves and moves change the counts: published once per window, not once per socket
  // (2,000 sockets opening would otherwise send 2,000 counts to each of them).
  const countTimers = new Map<string, ReturnType<typeof setTimeout>>();
  function countsSoon(worldId: string) {
    if (countTimers.has(worldId)) return;
    const timer = setTimeout(() => {
      countTimers.delete(worldId);
      roomCounts(worldId)
        .then((counts) => publish(worldId, { everyone: true }, { type: 'rooms.counts', counts }))
        .catch((err: unknown) => logger.warn({ err }, 'room counts failed'));
    }, COUNTS_WINDOW_MS);
    countTimers.set(worldId, timer);
  }

  return {
    roomCounts,
    countsSoon,
    /** The socket is set up: in the world's presence, and in the next batch of joiners. */
    async join(conn: Connection) {
      await bus.setPresence(conn.worldId, entry(conn), ttlMs);
      joins.add(conn);
    },
    /** The member moves to a space of its world (one of another world: dropped, it stays). */
    async move(conn: Connection, spaceId: string | null) {
      if (spaceId !== null && !(await spaceIds.has(conn.worldId, spaceId))) return;
      conn.member = { ...conn.member, spaceId };
      moves.add(conn);
    },
    /** The heartbeat keeps the entry of a live socket from expiring. */
    refresh(conn: Connection) {
      bus
        .setPresence(conn.worldId, entry(conn), ttlMs)
        .catch((err: unknown) => logger.warn({ err }, 'presence refresh failed'));
    },
    /**
     * The socket is gone: its unsent move or join goes with it. Answers whether its user has no
     * other socket left in the world (on any server).
     */
    async leave(conn: Connection): Promise<boolean> {
      moves.forget(conn);
      joins.forget(conn);
      await bus.removePresence(conn.worldId, conn.id);
      const rest = await bus.listPresence(conn.worldId);
      return !rest.some((e) => e.member.userId === conn.member.userId);
    },
    close() {
      moves.close();
      joins.close();
      for (const timer of countTimers.values()) clearTimeout(timer);
    },
  };
}
