// The baseline: node:http answering a user-shaped JSON body, nothing else.
import { createServer } from 'node:http';

const body = JSON.stringify({
  id: '00000000-0000-4000-8000-000000000000',
  email: 'bench@example.com',
  name: 'ベンチ',
  isGuest: false,
  unconfirmedEmail: null,
  createdAt: new Date(0).toISOString(),
});
const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => console.log(`bare listening on ${server.address().port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
