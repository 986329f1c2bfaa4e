// What a socket sends (ADR 010, 016): counted against the socket's budget (over it closes the
// socket), parsed against the protocol (anything else closes it), handled one message after
// another in the order it came, and moves paced by their own budget.
import type { WebSocket } from 'ws';
import {
  clientMessageSchema,
  type RealtimeClientMessage,
  realtimeCloseCodes,
} from '../../src/domain/realtime';
import type { Connection } from './connections';

type Logger = { error(obj: object, msg: string): void };

const policyViolation = 1008;

/**
 * Messages of every kind a socket may send, pings included: 400 at once (twice the queue of 200
 * a client flushes when it reconnects, src/services/realtime/realtime-client.ts; a join in a full
 * mesh sends a few dozen signals), then 50 a second. A socket over it is closed with
 * realtimeCloseCodes.tooManyMessages; the client reconnects after a pause.
 */
export const MESSAGE_BURST = 400;
export const MESSAGES_PER_SECOND = 50;

export function createInbox(options: {
  handle: (conn: Connection, message: RealtimeClientMessage) => Promise<void>;
  logger: Logger;
}) {
  const { handle, logger } = options;

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

  return {
    receive(conn: Connection, data: WebSocket.RawData) {
      if (!conn.messageBudget.take()) {
        if (conn.socket.readyState === conn.socket.OPEN)
          conn.socket.close(realtimeCloseCodes.tooManyMessages, 'too many messages');
        return;
      }
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
    },
  };
}
