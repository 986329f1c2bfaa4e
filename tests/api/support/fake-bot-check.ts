import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll } from 'vitest';

const fakeBotCheckSecret = 'bot-secret';

/**
 * A local server speaking reCAPTCHA's siteverify protocol (the real one cannot be reached here).
 * A token "action:score" verifies as that action with that score, given the right secret.
 * Start it before useTestServer so the server can be pointed at `env()`.
 */
export function useFakeBotCheck() {
  const fake = { url: '', verifications: [] as URLSearchParams[] };
  let server: Server;
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        fake.verifications.push(form);
        const token = form.get('response') ?? '';
        const [action, score] = token.split(':');
        const ok = form.get('secret') === fakeBotCheckSecret && token !== '';
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify(ok ? { success: true, action, score: Number(score) } : { success: false }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    fake.url = `http://127.0.0.1:${(server.address() as { port: number }).port}/siteverify`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return {
    verifications: fake.verifications,
    /** The environment that turns the bot check on against this server. */
    env: () => ({ BOT_CHECK_SECRET: fakeBotCheckSecret, BOT_CHECK_VERIFY_URL: fake.url }),
  };
}
