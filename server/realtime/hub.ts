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
import { createMoveCoalescer, createSpaceCache, MOVE_WINDOW_MS } from './moves';
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
  /** Messages for this socket wait here until the presence snapshot has gone first. */
  pending: RealtimeServerMessage[] | null;
  /** Client messages are handled one after another, in the order they came. */
  queue: Promise<void>;
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
  const presenceTtl = heartbeatMs * 3;
  const absence = createAbsence({ bus, heartbeatMs, attendance, logger });
  let closing = false;

  function send(conn: Connection, message: RealtimeServerMessage) {
    if (conn.pending) conn.pending.push(message);
    else if (conn.socket.readyState === conn.socket.OPEN) conn.socket.send(JSON.stringify(message));
  }

  function reaches(conn: Connection, to: Audience): boolean {
    if ('everyone' in to) return conn.id !== to.exceptConnectionId;
    if ('roles' in to) return to.roles.includes(conn.member.role);
    return to.userIds.includes(conn.member.userId);
  }

  function deliver(envelope: Envelope) {
    for (const conn of connections.values()) {
      if (conn.worldId !== envelope.worldId) continue;
      if (envelope.kind === 'send') {
        if (reaches(conn, envelope.to)) send(conn, envelope.message);
      } else if (envelope.userId === null || envelope.userId === conn.member.userId) {
        conn.socket.close(envelope.code);
      }
    }
  }

  const subscribed = bus.subscribe(deliver);
  const spaceIds = createSpaceCache(async (worldId) =>
    (await db.select({ id: spaces.id }).from(spaces).where(eq(spaces.worldId, worldId))).map(
      (r) => r.id,
    ),
  );
  const moves = createMoveCoalescer<Connection>(
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
      await publishCounts(worldId);
    },
    (err) => logger.error({ err }, 'presence moves failed'),
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

  // Joins and leaves change the counts too: published once per window, not once per socket
  // (2,000 sockets opening would otherwise send 2,000 counts to each of them).
  const countTimers = new Map<string, ReturnType<typeof setTimeout>>();
  function countsSoon(worldId: string) {
    if (countTimers.has(worldId)) return;
    const timer = setTimeout(() => {
      countTimers.delete(worldId);
      publishCounts(worldId).catch((err: unknown) => logger.warn({ err }, 'room counts failed'));
    }, MOVE_WINDOW_MS);
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
    conn.queue = conn.queue
      .then(() => handle(conn, message))
      .catch((err: unknown) =>
        logger.error({ err, type: message.type }, 'realtime message failed'),
      );
  }

  async function leave(conn: Connection) {
    // Once only: the socket's close event comes again after close() has already let it go.
    if (!connections.delete(conn.id)) return;
    moves.forget(conn);
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
   * Takes over a socket whose ticket was good: the snapshot first, then joined to the others
   * (unless the user was already there from another tab), then counts. `early` holds what the
   * client sent while the ticket was being checked. The message listener is attached before any
   * await, and messages wait on the connection's queue behind this set-up, so nothing the client
   * sends on seeing its snapshot is lost.
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
    };
    connections.set(conn.id, conn);
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
    const before = await bus.listPresence(conn.worldId);
    await bus.setPresence(
      conn.worldId,
      { connectionId: conn.id, member: conn.member },
      presenceTtl,
    );
    const snapshot = members([{ connectionId: conn.id, member: conn.member }, ...before]);
    const waiting = conn.pending ?? [];
    conn.pending = null;
    send(conn, { type: 'presence.snapshot', members: snapshot });
    for (const message of waiting) send(conn, message);
    if (!before.some((e) => e.member.userId === conn.member.userId)) {
      await publish(
        conn.worldId,
        { everyone: true, exceptConnectionId: conn.id },
        { type: 'presence.joined', member: conn.member },
      );
    }
    countsSoon(conn.worldId);
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
