// The sockets this server holds (ADR 010), by id and by world, and the delivery of what the bus
// carries to the ones it names. A message is serialized and encoded once for all its receivers.
import type { WebSocket } from 'ws';
import type {
  RealtimeClientMessage,
  RealtimeMember,
  RealtimeServerMessage,
} from '../../src/domain/realtime';
import type { Envelope } from './bus';
import type { createBudget } from './moves';
import type { Audience } from '../http/use-case';

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
  pending: Buffer[] | null;
  /** Client messages are handled one after another, in the order they came. */
  queue: Promise<void>;
  /** Moves beyond the budget: the latest waits here while the socket is paused (inbox.ts). */
  moveBudget: ReturnType<typeof createBudget>;
  /** Every message the socket sends, of any kind (inbox.ts): over it, the socket is closed. */
  messageBudget: ReturnType<typeof createBudget>;
  lateMove: RealtimeClientMessage | null;
  resumeTimer: ReturnType<typeof setTimeout> | null;
};

/** A message as its receivers get it: JSON, UTF-8, once for all of them. */
export function encode(message: RealtimeServerMessage): Buffer {
  return Buffer.from(JSON.stringify(message));
}

/** Sends an encoded message as a text frame, after the snapshot if that has not gone yet. */
export function sendEncoded(conn: Connection, data: Buffer) {
  if (conn.pending) conn.pending.push(data);
  else if (conn.socket.readyState === conn.socket.OPEN) conn.socket.send(data, { binary: false });
}

export function send(conn: Connection, message: RealtimeServerMessage) {
  sendEncoded(conn, encode(message));
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

/**
 * Messages addressed to users or roles (not to everyone: the presence snapshot tells a new socket
 * what those said) are kept this long, at most RECENT_LIMIT of them, for the sockets whose ticket
 * was still being checked when they came (socket.ts).
 */
const RECENT_MS = 10_000;
const RECENT_LIMIT = 10_000;

type Recent = { at: number; worldId: string; reaches: (conn: Connection) => boolean; data: Buffer };

export function createConnections() {
  const all = new Map<string, Connection>();
  /** The same connections by world: a message to a world visits only that world's sockets. */
  const byWorld = new Map<string, Set<Connection>>();
  const recent: Recent[] = [];

  function keep(item: Recent) {
    recent.push(item);
    let old = 0;
    while (
      old < recent.length &&
      (recent[old]!.at < item.at - RECENT_MS || recent.length - old > RECENT_LIMIT)
    )
      old++;
    if (old > 0) recent.splice(0, old);
  }

  return {
    all,
    /**
     * Registers a socket whose ticket was good; what was addressed to it since `openedAt` (while
     * the ticket was checked) waits in its pending messages, behind the presence snapshot.
     */
    add(conn: Connection, openedAt = Date.now()) {
      all.set(conn.id, conn);
      const world = byWorld.get(conn.worldId) ?? new Set();
      byWorld.set(conn.worldId, world.add(conn));
      for (const item of recent)
        if (item.at >= openedAt && item.worldId === conn.worldId && item.reaches(conn))
          sendEncoded(conn, item.data);
    },
    /** False when the connection had gone already. */
    remove(conn: Connection): boolean {
      if (!all.delete(conn.id)) return false;
      const world = byWorld.get(conn.worldId);
      world?.delete(conn);
      if (world?.size === 0) byWorld.delete(conn.worldId);
      return true;
    },
    /** What the bus delivers, to the sockets of this server it names. */
    deliver(envelope: Envelope) {
      if (envelope.kind !== 'send' && envelope.kind !== 'close') return;
      const world = byWorld.get(envelope.worldId);
      if (envelope.kind === 'send') {
        const reaches = audience(envelope.to);
        const data = encode(envelope.message);
        if (!('everyone' in envelope.to))
          keep({ at: Date.now(), worldId: envelope.worldId, reaches, data });
        for (const conn of world ?? []) if (reaches(conn)) sendEncoded(conn, data);
        return;
      }
      if (!world) return;
      for (const conn of world)
        if (envelope.userId === null || envelope.userId === conn.member.userId)
          conn.socket.close(envelope.code);
    },
  };
}
