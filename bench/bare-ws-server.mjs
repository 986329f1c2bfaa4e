// The baseline of bench:realtime: a bare `ws` server that relays every message, as the product's
// presence.moved, to every other socket. No tickets, presence, validation or coalescing.
import { WebSocketServer } from 'ws';

const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
server.on('connection', (socket) => {
  socket.on('message', (data) => {
    const { userId, spaceId } = JSON.parse(String(data));
    const text = JSON.stringify({ type: 'presence.moved', moves: [{ userId, spaceId }] });
    for (const other of server.clients) if (other !== socket) other.send(text);
  });
});
server.on('listening', () => console.log(`bare ws listening on ${server.address().port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
