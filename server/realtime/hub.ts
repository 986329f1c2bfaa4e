// The sockets this server holds, and the presence of their members (ADR 010). Everything sent to
// a world goes through the bus, so a message published here reaches sockets on every server.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { WebSocket } from 'ws';
import {
  clientMessageSchema,
  type RealtimeClientMessage,
  type RealtimeMember,
  type RealtimeServerMessage,
} from '../../src/domain/realtime';
import type { Db } from '../db/connect';
import { spaces } from '../db/schema';
import type { MediaServer } from '../meetings/media-server';
import { relayMediaSignal, relayMeetingMessage } from '../meetings/relay';
import { createAbsence, type Attendance } from './absence';
import {
  COUNTS_WINDOW_MS,
  createMoveBudget,
  createSpaceCache,
  createWindowedBatches,
} from './moves';
import type { Audience, Envelope, PresenceEntry, RealtimeBus } from './bus';
import type { TicketHolder } from './tickets';

type Logger = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };

export type Connection = {
  id: string;
  socket: WebSocket;
  worldId: string;
  member: RealtimeMember;
  /** False between a ping and its pong; still false at the next beat means the peer is gone. */
  alive: boolean;
  /** Dropped by the heartbeat (silent for a beat already), not closed by the peer. */
  dropped: boolean;
  /** Messages (as sent) for this socket wait here until the presence snapshot has gone first. */
  pending: string[] | null;
  /** Client messages are handled one after another, in the order they came. */
  queue: Promise<void>;
  /** Moves beyond the budget: the latest waits here while the socket is paused. */
  moveBudget: ReturnType<typeof createMoveBudget>;
  lateMove: RealtimeClientMessage | null;
  resumeTimer: ReturnType<typeof setTimeout> | null;
};

export type HubOptions = {
  bus: RealtimeBus;
  db: Db;
  /** Ping every socket this often; one without a pong by the next beat is dropped. */
  heartbeatMs: number;
  logger: Logger;
  /** The meetings' side: ends the attendance of a user gone from the world (absence.ts). */
  attendance?: Attendance;
  /** The local media server, when meetings use it (ADR 023). */
  media?: MediaServer;
};

const policyViolation = 1008;

export type Hub = ReturnType<typeof createHub>;

export function createHub({ bus, db, heartbeatMs, logger, attendance, media }: HubOptions) {
  const connections = new Map<string, Connection>();
  /** The same connections by world: a message to a world visits only that world's sockets. */
  const byWorld = new Map<string, Set<Connection>>();
  const presenceTtl = heartbeatMs * 3;
  const absence = createAbsence({ bus, heartbeatMs, attendance, logger });
  let closing = false;

  /** `text` is a message serialized once for all its receivers. */
  function sendText(conn: Connection, text: string) {
    if (conn.pending) conn.pending.push(text);
    else if (conn.socket.readyState === conn.socket.OPEN) conn.socket.send(text);
  }

  function send(conn: Connection, message: RealtimeServerMessage) {
    sendText(conn, JSON.stringify(message));
  }

  /** Who of a world an audience names; sets built once per message, not once per socket. */
  function audience(to: Audience): (conn: Connection) => boolean {
    if ('everyone' in to) {
      const except = new Set(to.exceptConnectionIds);
      return (conn) => !except.has(conn.id);
    }
    if ('roles' in to) return (conn) => to.roles.includes(conn.member.role);
    const userIds = new Set(to.userIds);
    return (conn) => userIds.has(conn.member.userId);
  }

  function deliver(envelope: Envelope) {
    const world = byWorld.get(envelope.worldId);
    if (!world) return;
    if (envelope.kind === 'send') {
      const reaches = audience(envelope.to);
      const text = JSON.stringify(envelope.message);
      for (const conn of world) if (reaches(conn)) sendText(conn, text);
      return;
    }
    for (const conn of world)
      if (envelope.userId === null || envelope.userId === conn.member.userId)
        conn.socket.close(envelope.code);
  }

  const subscribed = bus.subscribe(deliver);
  const spaceIds = createSpaceCache(async (worldId) =>
    (await db.select({ id: spaces.id }).from(spaces).where(eq(spaces.worldId, worldId))).map(
      (r) => r.id,
    ),
  );
  const moves = createWindowedBatches<Connection>(
    async (worldId, moved) => {
      await Promise.all(
        moved.map((conn) =>
          bus.setPresence(worldId, { connectionId: conn.id, member: conn.member }, presenceTtl),
        ),
      );
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

  async function publish(worldId: string, to: Audience, message: RealtimeServerMessage) {
    await bus.publish({ kind: 'send', worldId, to, message });
  }

  /** One member per user (a user may have several tabs open), first connection's space. */
  function members(entries: PresenceEntry[]): RealtimeMember[] {
    const byUser = new Map<string, RealtimeMember>();
    for (const { member } of entries)
      if (!byUser.has(member.userId)) byUser.set(member.userId, member);
    return [...byUser.values()];
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
      publishCounts(worldId).catch((err: unknown) => logger.warn({ err }, 'room counts failed'));
    }, COUNTS_WINDOW_MS);
    countTimers.set(worldId, timer);
  }

  async function publishCounts(worldId: string) {
    await publish(
      worldId,
      { everyone: true },
      { type: 'rooms.counts', counts: await roomCounts(worldId) },
    );
  }

  async function handle(conn: Connection, message: RealtimeClientMessage) {
    switch (message.type) {
      case 'ping':
        send(conn, { type: 'pong' });
        return;
      case 'presence.move': {
        // A space of another world: dropped, the member stays where it was.
        if (message.spaceId !== null && !(await spaceIds.has(conn.worldId, message.spaceId)))
          return;
        conn.member = { ...conn.member, spaceId: message.spaceId };
        moves.add(conn);
        return;
      }
      case 'meeting.signal':
      case 'meeting.deviceState':
        await relayMeetingMessage(
          { db, publish },
          { worldId: conn.worldId, userId: conn.member.userId },
          message,
        );
        return;
      case 'meeting.mediaSignal':
        // Without a media server (the mesh or Chime) there is nobody to answer: dropped.
        if (media)
          await relayMediaSignal(
            { db, publish, media },
            { worldId: conn.worldId, userId: conn.member.userId },
            message.signal,
          );
        return;
    }
  }

  function receive(conn: Connection, data: WebSocket.RawData) {
    let parsed: ReturnType<typeof clientMessageSchema.safeParse>;
    try {
      parsed = clientMessageSchema.safeParse(JSON.parse(String(data)));
    } catch {
      parsed = { success: false } as typeof parsed;
    }
    if (!parsed.success) {
      conn.socket.close(policyViolation, 'invalid message');
      return;
    }
    const message = parsed.data;
    if (message.type === 'presence.move' && !conn.moveBudget.take()) {
      holdMove(conn, message);
      return;
    }
    enqueue(conn, message);
  }

  function enqueue(conn: Connection, message: RealtimeClientMessage) {
    conn.queue = conn.queue
      .then(() => handle(conn, message))
      .catch((err: unknown) =>
        logger.error({ err, type: message.type }, 'realtime message failed'),
      );
  }

  /**
   * A move over the budget: the socket stops being read (the sender's own TCP buffers fill)
   * until the budget allows one more, and only its latest move is then made; what the chunk
   * already read still holds replaces that one.
   */
  function holdMove(conn: Connection, message: RealtimeClientMessage) {
    conn.lateMove = message;
    if (conn.resumeTimer) return;
    conn.socket.pause();
    conn.resumeTimer = setTimeout(() => {
      conn.resumeTimer = null;
      const late = conn.lateMove;
      conn.lateMove = null;
      if (late && !conn.moveBudget.take()) {
        holdMove(conn, late);
        return;
      }
      if (late) enqueue(conn, late);
      conn.socket.resume();
    }, conn.moveBudget.wait());
  }

  async function leave(conn: Connection) {
    // Once only: the socket's close event comes again after close() has already let it go.
    if (!connections.delete(conn.id)) return;
    byWorld.get(conn.worldId)?.delete(conn);
    if (byWorld.get(conn.worldId)?.size === 0) byWorld.delete(conn.worldId);
    if (conn.resumeTimer) clearTimeout(conn.resumeTimer);
    moves.forget(conn);
    joins.forget(conn);
    const { worldId, member } = conn;
    await bus.removePresence(worldId, conn.id);
    const rest = await bus.listPresence(worldId);
    if (!rest.some((e) => e.member.userId === member.userId)) {
      await publish(worldId, { everyone: true }, { type: 'presence.left', userId: member.userId });
      // A server going down is not its members going: they reconnect to another (or the sweep
      // of the remaining servers ends their attendance).
      if (!closing) await absence.lost(worldId, member.userId, conn.dropped ? 0 : heartbeatMs);
    }
    countsSoon(worldId);
  }

  /**
   * Takes over a socket whose ticket was good: registered at once, confirmed with `ready`, then
   * in the next batch of joiners (welcome). `early` holds what the client sent while the ticket
   * was being checked. The message listener is attached before any await, and messages wait on
   * the connection's queue behind this set-up, so nothing the client sends on seeing its
   * snapshot is lost.
   */
  function accept(socket: WebSocket, holder: TicketHolder, early: WebSocket.RawData[]) {
    const conn: Connection = {
      id: randomUUID(),
      socket,
      worldId: holder.worldId,
      member: {
        userId: holder.userId,
        name: holder.name,
        isGuest: holder.isGuest,
        role: holder.role,
        spaceId: null,
      },
      alive: true,
      dropped: false,
      pending: [],
      queue: Promise.resolve(),
      moveBudget: createMoveBudget(),
      lateMove: null,
      resumeTimer: null,
    };
    connections.set(conn.id, conn);
    const world = byWorld.get(conn.worldId) ?? new Set();
    byWorld.set(conn.worldId, world.add(conn));
    socket.on('pong', () => (conn.alive = true));
    socket.on('close', () => {
      conn.queue = conn.queue
        .then(() => leave(conn))
        .catch((err: unknown) => logger.error({ err }, 'realtime leave failed'));
    });
    conn.queue = setUp(conn).catch((err: unknown) => {
      logger.error({ err }, 'realtime connect failed');
      socket.close(1011);
    });
    socket.on('message', (data) => receive(conn, data));
    for (const data of early) receive(conn, data);
  }

  async function setUp(conn: Connection) {
    // Registered in `connections` already; once the bus delivers to this server too, nothing
    // addressed to the user can miss the socket: confirm it ahead of what waits in `pending`.
    await subscribed;
    if (conn.socket.readyState === conn.socket.OPEN)
      conn.socket.send(JSON.stringify({ type: 'ready' } satisfies RealtimeServerMessage));
    await bus.setPresence(
      conn.worldId,
      { connectionId: conn.id, member: conn.member },
      presenceTtl,
    );
    joins.add(conn);
  }

  /**
   * The sockets that joined a world within one window: one snapshot for all of them (serialized
   * once), then each user who was not there before announced once to everyone else, so a join
   * costs the server one message per socket of the world, not a snapshot of everyone per socket.
   */
  async function welcome(worldId: string, joiners: Connection[]) {
    const entries = await bus.listPresence(worldId);
    const snapshot = JSON.stringify({
      type: 'presence.snapshot',
      members: members(entries),
    } satisfies RealtimeServerMessage);
    const batch = new Set(joiners.map((conn) => conn.id));
    for (const conn of joiners) {
      const waiting = conn.pending ?? [];
      conn.pending = null;
      sendText(conn, snapshot);
      for (const text of waiting) sendText(conn, text);
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

  const heartbeat = setInterval(() => {
    for (const conn of connections.values()) {
      if (!conn.alive) {
        conn.dropped = true;
        conn.socket.terminate();
        continue;
      }
      conn.alive = false;
      conn.socket.ping();
      bus
        .setPresence(conn.worldId, { connectionId: conn.id, member: conn.member }, presenceTtl)
        .catch((err: unknown) => logger.warn({ err }, 'presence refresh failed'));
    }
  }, heartbeatMs);
  heartbeat.unref();

  return {
    accept,
    publish,
    roomCounts,
    /** Users connected to the world now, on every server (presence is on the bus), each once. */
    async onlineCount(worldId: string) {
      return members(await bus.listPresence(worldId)).length;
    },
    /** Closes a user's sockets in a world (userId null: everyone's), on every server. */
    async disconnect(worldId: string, userId: string | null, code: number) {
      await bus.publish({ kind: 'close', worldId, userId, code });
    },
    /** Sockets held by this server (tests, metrics). */
    get size() {
      return connections.size;
    },
    async close() {
      closing = true;
      clearInterval(heartbeat);
      moves.close();
      joins.close();
      for (const conn of connections.values()) if (conn.resumeTimer) clearTimeout(conn.resumeTimer);
      for (const timer of countTimers.values()) clearTimeout(timer);
      absence.close();
      const open = [...connections.values()];
      // Presence is shared (Redis): take this server's members out before it goes.
      await Promise.allSettled(open.map((conn) => leave(conn)));
      for (const conn of open) conn.socket.terminate();
      await bus.close();
    },
  };
}
