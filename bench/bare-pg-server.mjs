// The second baseline: node:http plus pg doing the least an authenticated GET must do, one
// indexed look-up of the session and its user, with none of the product's framework around it.
import { createServer } from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const lookup = {
  name: 'bare-session-lookup',
  text: `select u.id, u.email, u.name, u.unconfirmed_email, u.created_at, c.token_hash
           from auth_clients c join users u on u.id = c.user_id where c.client = $1`,
};
const server = createServer(async (req, res) => {
  try {
    const { rows } = await pool.query({ ...lookup, values: [req.headers.client ?? ''] });
    const u = rows[0];
    if (!u) {
      res.writeHead(401).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(
      JSON.stringify({
        id: u.id,
        email: u.email,
        name: u.name,
        isGuest: false,
        unconfirmedEmail: u.unconfirmed_email,
        createdAt: u.created_at,
      }),
    );
  } catch {
    res.writeHead(500).end();
  }
});
server.listen(0, '127.0.0.1', () => console.log(`bare listening on ${server.address().port}`));
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
