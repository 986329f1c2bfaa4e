import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { realtimeCloseCodes } from '../../src/domain/realtime';
import { consumeTicket, realtimePath } from './tickets';

/** Client messages are small JSON; an SDP offer is the largest (the protocol caps it at 200 kB). */
const maxPayload = 256 * 1024;

/** GET /api/realtime?ticket=... (WebSocket): the ticket decides who connects (ADR 010). */
export async function registerRealtimeSocket(app: FastifyInstance) {
  await app.register(websocket, { options: { maxPayload } });
  app.get(realtimePath, { websocket: true }, async (socket: WebSocket, req) => {
    // What was sent to the user from now on reaches the socket once it is accepted.
    const openedAt = Date.now();
    // Held while the ticket is checked, so nothing the client sends right away is lost.
    const early: WebSocket.RawData[] = [];
    const hold = (data: WebSocket.RawData) => early.push(data);
    socket.on('message', hold);
    const { database, now, realtime } = req.server.deps;
    const ticket = (req.query as { ticket?: unknown }).ticket;
    const holder =
      typeof ticket === 'string' && ticket ? await consumeTicket(database.db, ticket, now()) : null;
    socket.off('message', hold);
    if (!holder) {
      socket.close(realtimeCloseCodes.badTicket, 'bad ticket');
      return;
    }
    // Same tick as socket.off above: accept attaches its own listener before anything can arrive.
    realtime.accept(socket, holder, early, openedAt);
  });
}
