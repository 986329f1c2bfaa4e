// The realtime hub (ADR 010): takes over sockets whose ticket was good, keeps them alive, and
// wires what they send (inbox.ts) to presence (presence.ts) and the meetings. Everything sent to
// a world goes through the bus, so a message published here reaches sockets on every server
// (connections.ts delivers it to the ones this server holds).
import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import type { RealtimeClientMessage, RealtimeServerMessage } from '../../src/domain/realtime';
import type { Db } from '../db/connect';
import type { MediaRooms } from '../meetings/media-rooms';
import { relayMeetingMessage } from '../meetings/relay';
import { createAbsence, type Attendance } from './absence';
import type { Envelope, RealtimeBus } from './bus';
import { type Connection, createConnections, send } from './connections';
import { createBudget, createWindowedBatches } from './moves';
import { createInbox, MESSAGE_BURST, MESSAGES_PER_SECOND } from './inbox';
import { createPresence, members } from './presence';
import type { TicketHolder } from './tickets';
import type { Audience } from '../http/use-case';
import { INTERACTION_LIMITS, type ReactionKind } from '../../src/domain/interaction';

type Reaction = {
  id: string;
  worldId: string;
  userId: string;
  spaceId: string;
  kind: ReactionKind;
};

type Logger = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };

export type HubOptions = {
  bus: RealtimeBus;
  /** This server process (docs/decisions/032): its presence entries carry the id. */
  processId: string;
  db: Db;
  /** Ping every socket this often; one without a pong by the next beat is dropped. */
  heartbeatMs: number;
  logger: Logger;
  /** The meetings' side: ends the attendance of a user gone from the world (absence.ts). */
  attendance?: Attendance;
  /** The local media servers' rooms, when meetings use them (ADR 023, ADR 039). */
  media?: Pick<MediaRooms, 'signal'>;
};

export type Hub = ReturnType<typeof createHub>;

export function createHub(options: HubOptions) {
  const { bus, processId, db, heartbeatMs, logger, attendance, media } = options;
  const connections = createConnections();
  const absence = createAbsence({ bus, heartbeatMs, attendance, logger });
  const presence = createPresence({ bus, processId, db, logger, ttlMs: heartbeatMs * 3, publish });
  const inbox = createInbox({ handle, logger });
  const reactions = createWindowedBatches<Reaction>(
    (worldId, items) =>
      publish(
        worldId,
        { everyone: true },
        {
          type: 'reactions',
          items: items.map(({ userId, spaceId, kind }) => ({ userId, spaceId, kind })),
        },
      ),
    (err) => logger.warn({ err }, 'reactions failed'),
    INTERACTION_LIMITS.reactionWindowMs,
  );
  const subscribed = bus.subscribe((envelope) => {
    noteStatus(envelope);
    connections.deliver(envelope);
  });
  let closing = false;

  async function publish(worldId: string, to: Audience, message: RealtimeServerMessage) {
    await bus.publish({ kind: 'send', worldId, to, message });
  }

  /**
   * A status or an icon set through the API (on any server) is kept on this server's sockets of
   * the person, so that the presence snapshots of later joiners carry it.
   */
  function noteStatus(envelope: Envelope) {
    if (envelope.kind !== 'send') return;
    const { message } = envelope;
    if (message.type !== 'presence.status' && message.type !== 'presence.icon') return;
    for (const conn of connections.all.values()) {
      if (conn.worldId !== envelope.worldId || conn.member.userId !== message.userId) continue;
      conn.member =
        message.type === 'presence.status'
          ? { ...conn.member, nowDoing: message.nowDoing }
          : { ...conn.member, iconUrl: message.iconUrl };
      presence.refresh(conn);
    }
  }

  async function handle(conn: Connection, message: RealtimeClientMessage) {
    switch (message.type) {
      case 'ping':
        send(conn, { type: 'pong' });
        return;
      case 'presence.move':
        await presence.move(conn, message.spaceId);
        return;
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
          await media.signal({ worldId: conn.worldId, userId: conn.member.userId }, message.signal);
        return;
    }
  }

  async function leave(conn: Connection) {
    // Once only: the socket's close event comes again after close() has already let it go.
    if (!connections.remove(conn)) return;
    if (conn.resumeTimer) clearTimeout(conn.resumeTimer);
    const { worldId, member } = conn;
    if (await presence.leave(conn)) {
      await publish(worldId, { everyone: true }, { type: 'presence.left', userId: member.userId });
      // A server going down is not its members going: they reconnect to another (or the sweep
      // of the remaining servers ends their attendance).
      if (!closing) await absence.lost(worldId, member.userId, conn.dropped ? 0 : heartbeatMs);
    }
    presence.countsSoon(worldId);
  }

  /**
   * Takes over a socket whose ticket was good: registered at once, confirmed with `ready`, then
   * in the next batch of joiners (presence.ts welcome). `early` holds what the client sent while
   * the ticket was being checked, and what was addressed to the user meanwhile (since `openedAt`)
   * is sent after the snapshot (connections.ts). The message listener is attached before any await, and
   * messages wait on the connection's queue behind this set-up, so nothing the client sends on
   * seeing its snapshot is lost.
   */
  function accept(
    socket: WebSocket,
    holder: TicketHolder,
    early: WebSocket.RawData[],
    openedAt: number,
  ) {
    const conn: Connection = {
      id: randomUUID(),
      socket,
      worldId: holder.worldId,
      member: {
        userId: holder.userId,
        name: holder.name,
        isGuest: holder.isGuest,
        iconUrl: holder.iconUrl,
        role: holder.role,
        spaceId: null,
        nowDoing: holder.nowDoing,
      },
      alive: true,
      dropped: false,
      pending: [],
      queue: Promise.resolve(),
      moveBudget: createBudget(),
      messageBudget: createBudget(MESSAGE_BURST, MESSAGES_PER_SECOND),
      lateMove: null,
      resumeTimer: null,
    };
    connections.add(conn, openedAt);
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
    socket.on('message', (data) => inbox.receive(conn, data));
    for (const data of early) inbox.receive(conn, data);
  }

  async function setUp(conn: Connection) {
    // Registered in `connections` already; once the bus delivers to this server too, nothing
    // addressed to the user can miss the socket: confirm it ahead of what waits in `pending`.
    await subscribed;
    if (conn.socket.readyState === conn.socket.OPEN)
      conn.socket.send(JSON.stringify({ type: 'ready' } satisfies RealtimeServerMessage));
    await presence.join(conn);
  }

  const heartbeat = setInterval(() => {
    for (const conn of connections.all.values()) {
      if (!conn.alive) {
        conn.dropped = true;
        conn.socket.terminate();
        continue;
      }
      conn.alive = false;
      conn.socket.ping();
      presence.refresh(conn);
    }
  }, heartbeatMs);
  heartbeat.unref();

  return {
    accept,
    publish,
    roomCounts: presence.roomCounts,
    /** A reaction, sent to the world with the others of its window (ADR 034). */
    react(worldId: string, reaction: { userId: string; spaceId: string; kind: ReactionKind }) {
      // Repeats of one person's reaction within a window are one.
      reactions.add({ id: `${reaction.userId}:${reaction.kind}`, worldId, ...reaction });
    },
    /** Users connected to the world now, on every server (presence is on the bus), each once. */
    async onlineCount(worldId: string) {
      return members(await bus.listPresence(worldId)).length;
    },
    /** Closes a user's sockets in a world (userId null: everyone's), on every server. */
    async disconnect(worldId: string, userId: string | null, code: number) {
      await bus.publish({ kind: 'close', worldId, userId, code });
    },
    /**
     * The sockets of processes whose lease lapsed (docs/decisions/032): their entries leave every
     * world's presence, and each user left with no socket in a world is announced gone there
     * (`presence.left`) and their attendance ends, as for a socket the heartbeat dropped. Answers
     * how many entries went.
     */
    async takeOver(processIds: string[]) {
      const removed = (
        await Promise.all(processIds.map((id) => bus.removeProcessPresence(id)))
      ).flat();
      const gone = new Map<string, Set<string>>();
      for (const { worldId, entry } of removed)
        gone.set(worldId, (gone.get(worldId) ?? new Set()).add(entry.member.userId));
      for (const [worldId, userIds] of gone) {
        const still = new Set((await bus.listPresence(worldId)).map((e) => e.member.userId));
        for (const userId of userIds) {
          if (still.has(userId)) continue;
          await publish(worldId, { everyone: true }, { type: 'presence.left', userId });
          await absence.lost(worldId, userId, 0);
        }
        presence.countsSoon(worldId);
      }
      return removed.length;
    },
    /** Sockets held by this server (tests, metrics). */
    get size() {
      return connections.all.size;
    },
    async close() {
      closing = true;
      clearInterval(heartbeat);
      presence.close();
      reactions.close();
      const open = [...connections.all.values()];
      for (const conn of open) if (conn.resumeTimer) clearTimeout(conn.resumeTimer);
      absence.close();
      // Presence is shared (Redis): take this server's members out before it goes.
      await Promise.allSettled(open.map((conn) => leave(conn)));
      for (const conn of open) conn.socket.terminate();
      await bus.close();
    },
  };
}
