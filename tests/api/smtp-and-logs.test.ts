import { Writable } from 'node:stream';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { createLogger } from '../../server/http/logger';
import { uniqueEmail, useTestServer } from './support/app';
import { testDbKind } from './support/database';
import { password, signIn } from './support/session';

type Received = { to: string[]; raw: string };
const received: Received[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    let raw = '';
    stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    stream.on('end', () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
      callback();
    });
  },
});
let smtpPort = 0;
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((resolve) => smtp.close(resolve)));

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _enc, done) {
    logLines.push(String(chunk));
    done();
  },
});

const t = useTestServer({
  env: () => ({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}` }),
  logger: createLogger('info', logStream),
});

async function waitFor<T>(find: () => T | undefined, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The confirmation link from a raw MIME message (nodemailer may encode the body). */
function linkIn(raw: string): string {
  const body = raw
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('\n');
  const decoded = /Content-Transfer-Encoding: base64/i.test(raw)
    ? Buffer.from(body.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64').toString('utf8')
    : body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  return /https?:\/\/\S+/.exec(decoded)![0];
}

describe(`mail through a real SMTP listener on ${testDbKind}`, () => {
  it('delivers the sign-up confirmation, whose link confirms the account', async () => {
    const email = uniqueEmail('smtp');
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: { email, password },
    });
    expect(up.statusCode).toBe(200);
    const mail = await waitFor(() => received.find((m) => m.to.includes(email)));
    const link = new URL(linkIn(mail.raw));
    expect(link.pathname).toBe('/confirmation');
    const token = link.searchParams.get('confirmation_token');
    const confirmed = await t.app.inject({
      method: 'GET',
      url: `/api/auth/confirmation?confirmation_token=${token}`,
    });
    expect(confirmed.statusCode).toBe(200);
    const headers = await signIn(t.app, email);
    await t.app.inject({ method: 'GET', url: '/api/mypage/me', headers });

    const logs = logLines.join('');
    expect(logs).toContain('/api/auth/confirmation');
    expect(logs).not.toContain(token!);
    expect(logs).not.toContain(password);
    expect(logs).not.toContain(headers['access-token']);
    expect(logs).not.toContain(headers.client);
  });

  it('logs no values of a failed statement (a hash, an address), no realtime ticket and no token in a URL', async () => {
    const email = uniqueEmail('dup');
    const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0c2FsdA$c2VjcmV0aGFzaHZhbHVl';
    const row = { email, name: '重複', passwordHash: hash, confirmedAt: new Date() };
    await t.database.db.insert(users).values(row);
    const failed = await t.database.db
      .insert(users)
      .values(row)
      .catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(Error);
    // The serializer of the server's own logger, as the error handler logs a 500.
    t.app.log.error({ err: failed }, 'statement failed');

    const ticket = 'ticket-secret-0123456789abcdef';
    const guestToken = 'guest-link-secret-0123456789';
    await t.app.inject({ method: 'GET', url: `/api/realtime?ticket=${ticket}` });
    await t.app.inject({
      method: 'POST',
      url: `/api/world_guest_tokens/${guestToken}`,
      payload: {},
    });
    await t.app.inject({ method: 'GET', url: `/receipts/${guestToken}` });

    const logs = logLines.join('');
    expect(logs).toContain('statement failed');
    expect(logs).toContain('users'); // the statement is named, its values are not
    for (const secret of [hash, email, ticket, guestToken]) expect(logs).not.toContain(secret);
  });
});
