import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSmtpTransport } from './smtp';
import { openDatabase, type Database } from '../db/connect';
import { mails } from '../db/schema';
import {
  maxAttempts,
  startMailDelivery,
  type MailDelivery,
  type MailLogger,
  type MailTransport,
} from './delivery';
import { createScratchDatabase } from '../../tests/support/scratch-database';
import { enqueueMail } from './outbox';
import { confirmationMail, passwordResetMail } from './templates';

const from = 'Worlds <no-reply@worlds.example.jp>';
const appUrl = 'https://worlds.example.jp';

type Received = { from: string; to: string[]; raw: string };

/** A real SMTP listener on a free port; `received` fills as messages arrive. */
async function startSmtp(options: Partial<SMTPServerOptions> = {}) {
  const received: Received[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        waiters.splice(0).forEach((w) => w());
        callback();
      });
    },
    ...options,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = (server as unknown as { server: { address(): AddressInfo } }).server.address();
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Resolves once `count` messages have arrived. */
    async waitFor(count: number) {
      while (received.length < count) await new Promise<void>((r) => waiters.push(r));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Just enough MIME to read back what nodemailer wrote: unfolded headers, encoded words, QP/base64 body. */
function parseMessage(raw: string) {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const bytes =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body.replace(/=\r\n/g, ''), false)
        : Buffer.from(body, 'utf8');
  return {
    headers,
    subject: decodeEncodedWords(headers.get('subject') ?? ''),
    text: bytes.toString('utf8').replace(/\r\n/g, '\n'),
  };
}

function decodeQuotedPrintable(s: string, underscoreIsSpace: boolean): Buffer {
  const out: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(s.slice(i + 1, i + 3))) {
      out.push(parseInt(s.slice(i + 1, i + 3), 16));
      i += 2;
    } else if (c === '_' && underscoreIsSpace) out.push(0x20);
    else out.push(...Buffer.from(c, 'utf8'));
  }
  return Buffer.from(out);
}

/** RFC 2047: adjacent encoded words join without the space between them, bytes first (a character may straddle two). */
function decodeEncodedWords(value: string): string {
  const parts: Buffer[] = [];
  let last = 0;
  for (const m of value.matchAll(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g)) {
    const between = value.slice(last, m.index);
    if (last === 0 || between.trim() !== '') parts.push(Buffer.from(between, 'utf8'));
    parts.push(
      m[2]!.toUpperCase() === 'B'
        ? Buffer.from(m[3]!, 'base64')
        : decodeQuotedPrintable(m[3]!, true),
    );
    last = m.index + m[0].length;
  }
  parts.push(Buffer.from(value.slice(last), 'utf8'));
  return Buffer.concat(parts).toString('utf8');
}

/** Records log calls, so tests can check what was (and was not) logged. */
function recordingLogger() {
  const entries: Array<{ level: string; obj: object; msg?: string | undefined }> = [];
  const logger: MailLogger = {
    info: (obj, msg) => entries.push({ level: 'info', obj, msg }),
    warn: (obj, msg) => entries.push({ level: 'warn', obj, msg }),
    error: (obj, msg) => entries.push({ level: 'error', obj, msg }),
  };
  return { logger, entries };
}

async function mailRow(db: Database['db'], to: string) {
  const [row] = await db.select().from(mails).where(eq(mails.toAddress, to));
  if (!row) throw new Error(`no mail to ${to}`);
  return row;
}

describe('mail delivery over SMTP (PGlite)', () => {
  let database: Database;
  let delivery: MailDelivery | undefined;
  let transport: MailTransport | undefined;
  let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;

  beforeAll(async () => {
    database = await openDatabase({});
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    await database.db.delete(mails);
  });
  afterEach(async () => {
    await delivery?.stop();
    transport?.close();
    await smtp?.close();
    delivery = transport = smtp = undefined;
  });

  it('sends Japanese mails to the right recipients, decoded intact, and marks them sent', async () => {
    smtp = await startSmtp();
    transport = createSmtpTransport(smtp.url, from);
    const confirmation = confirmationMail({ appUrl, token: 'tok+en/1=' });
    const reset = passwordResetMail({ appUrl, token: 'reset-2' });
    await database.db.transaction(async (tx) => {
      await enqueueMail(tx, { to: 'hanako@example.jp', ...confirmation });
      await enqueueMail(tx, { to: 'taro@example.jp', ...reset });
    });
    const { logger, entries } = recordingLogger();
    delivery = startMailDelivery({ db: database.db, transport, logger, intervalMs: 60_000 });
    await delivery.drain();

    expect(smtp.received).toHaveLength(2);
    const byRecipient = new Map(smtp.received.map((m) => [m.to.join(','), m]));
    for (const [to, content, link] of [
      [
        'hanako@example.jp',
        confirmation,
        `${appUrl}/confirmation?confirmation_token=tok%2Ben%2F1%3D`,
      ],
      ['taro@example.jp', reset, `${appUrl}/newPassword?reset_password_token=reset-2`],
    ] as const) {
      const message = byRecipient.get(to);
      expect(message, `a message to ${to}`).toBeDefined();
      expect(message!.from).toBe('no-reply@worlds.example.jp');
      const parsed = parseMessage(message!.raw);
      expect(parsed.headers.get('to')).toBe(to);
      expect(parsed.headers.get('content-type')).toMatch(/^text\/plain; charset=utf-8/i);
      expect(parsed.subject).toBe(content.subject);
      expect(parsed.text).toContain(link);
      expect(parsed.text.trimEnd()).toBe(content.text.trimEnd());
      const row = await mailRow(database.db, to);
      expect(row.sentAt).toBeInstanceOf(Date);
      expect(row.attempts).toBe(0);
      expect(row.lastError).toBeNull();
    }
    // Mail bodies hold one-time links: the log may name a mail, never show it.
    const logged = JSON.stringify(entries);
    expect(logged).not.toContain('tok');
    expect(logged).not.toContain('reset-2');
    expect(logged).not.toContain('メール');
    expect(entries.filter((e) => e.msg === 'mail sent')).toHaveLength(2);
  });

  it('kick() delivers mail enqueued after start without waiting for the poll interval', async () => {
    smtp = await startSmtp();
    transport = createSmtpTransport(smtp.url, from);
    delivery = startMailDelivery({
      db: database.db,
      transport,
      logger: recordingLogger().logger,
      intervalMs: 60_000,
    });
    await delivery.drain();
    await enqueueMail(database.db, { to: 'late@example.jp', subject: '件名', text: '本文' });
    delivery.kick();
    await smtp.waitFor(1);
    expect(smtp.received[0]?.to).toEqual(['late@example.jp']);
  });

  it('a rejecting server leaves the mail unsent with attempts 1, the error, and a later next attempt', async () => {
    smtp = await startSmtp({
      onRcptTo(_address, _session, callback) {
        callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      },
    });
    transport = createSmtpTransport(smtp.url, from);
    await enqueueMail(database.db, {
      to: 'nobody@example.jp',
      ...confirmationMail({ appUrl, token: 'secret-token' }),
    });
    const { logger, entries } = recordingLogger();
    delivery = startMailDelivery({ db: database.db, transport, logger, intervalMs: 60_000 });
    await delivery.drain();

    const row = await mailRow(database.db, 'nobody@example.jp');
    expect(row.sentAt).toBeNull();
    expect(row.attempts).toBe(1);
    expect(row.lastError).toMatch(/550/);
    expect(row.lastError).toMatch(/Mailbox unavailable/);
    // About one minute of back-off, measured on the database's clock.
    const [{ seconds } = { seconds: 0 }] = await database.db
      .select({ seconds: sql<number>`extract(epoch from ${mails.nextAttemptAt} - now())::float8` })
      .from(mails);
    expect(seconds).toBeGreaterThan(30);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(smtp.received).toHaveLength(0);
    expect(entries.map((e) => e.level)).toEqual(['warn']);
    expect(JSON.stringify(entries)).not.toContain('secret-token');
  });

  it(`gives up after ${maxAttempts} attempts, leaving the mail unsent with its error`, async () => {
    let rcptAttempts = 0;
    smtp = await startSmtp({
      onRcptTo(_address, _session, callback) {
        rcptAttempts++;
        callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      },
    });
    transport = createSmtpTransport(smtp.url, from);
    await enqueueMail(database.db, { to: 'gone@example.jp', subject: '件名', text: '本文' });
    await database.db.update(mails).set({ attempts: maxAttempts - 1 });
    const { logger, entries } = recordingLogger();
    delivery = startMailDelivery({ db: database.db, transport, logger, intervalMs: 60_000 });
    await delivery.drain();
    expect(rcptAttempts).toBe(1);
    expect(entries.map((e) => e.level)).toEqual(['error']);

    // Even once its back-off has passed, a mail that has used up its attempts is not tried again.
    await database.db.update(mails).set({ nextAttemptAt: sql`now() - interval '1 day'` });
    await delivery.drain();
    const row = await mailRow(database.db, 'gone@example.jp');
    expect(rcptAttempts).toBe(1);
    expect(row).toMatchObject({ attempts: maxAttempts, sentAt: null });
    expect(row.lastError).toMatch(/550/);
  });

  it('a failing transport error does not leak the SMTP password into last_error', async () => {
    // Nothing listens on this port (a listener opened and closed again), so the connection fails.
    const closed = await startSmtp();
    await closed.close();
    transport = createSmtpTransport(
      closed.url.replace('smtp://', 'smtp://mailer:s3cr%40t-pass@'),
      from,
    );
    await enqueueMail(database.db, { to: 'x@example.jp', subject: '件名', text: '本文' });
    delivery = startMailDelivery({
      db: database.db,
      transport,
      logger: recordingLogger().logger,
      intervalMs: 60_000,
    });
    await delivery.drain();
    const row = await mailRow(database.db, 'x@example.jp');
    expect(row.attempts).toBe(1);
    expect(row.lastError).toMatch(/ECONNREFUSED|ESOCKET|ECONNECTION/);
    expect(row.lastError).not.toMatch(/s3cr/);
  });
});

// Row locks only mean something with several connections, which PGlite does not have: the
// "never sent twice" property is checked on real PostgreSQL, in a throwaway database.
const testDatabaseUrl = process.env.TEST_DATABASE_URL;
if (!testDatabaseUrl) {
  console.warn(
    '\n⚠️  TEST_DATABASE_URL is not set: SKIPPING the PostgreSQL test that several mail workers never send a mail twice.\n',
  );
}

describe.skipIf(!testDatabaseUrl)('mail delivery with several workers on PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let database: Database;

  beforeAll(async () => {
    scratch = await createScratchDatabase(testDatabaseUrl!, 'worlds_mail_test');
    database = await openDatabase({ url: scratch.url, poolSize: 12 });
  }, 60_000);

  afterAll(async () => {
    await database?.close();
    await scratch?.drop();
  });

  it('three workers deliver 60 mails exactly once each', async () => {
    const smtp = await startSmtp();
    const recipients = Array.from({ length: 60 }, (_, i) => `user${i}@example.jp`);
    for (const to of recipients)
      await enqueueMail(database.db, { to, subject: '件名', text: '本文' });
    const workers = [0, 1, 2].map(() => {
      const transport = createSmtpTransport(smtp.url, from);
      const delivery = startMailDelivery({
        db: database.db,
        transport,
        logger: recordingLogger().logger,
        intervalMs: 60_000,
      });
      return { transport, delivery };
    });
    try {
      await Promise.all(workers.map((w) => w.delivery.drain()));
      const delivered = smtp.received.flatMap((m) => m.to).sort();
      expect(delivered).toEqual([...recipients].sort());
      const [{ unsent } = { unsent: -1 }] = await database.db
        .select({ unsent: sql<number>`count(*)::int` })
        .from(mails)
        .where(sql`${mails.sentAt} is null`);
      expect(unsent).toBe(0);
    } finally {
      for (const w of workers) {
        await w.delivery.stop();
        w.transport.close();
      }
      await smtp.close();
    }
  }, 60_000);
});
