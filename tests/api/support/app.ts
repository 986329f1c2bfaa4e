import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, vi } from 'vitest';
import { loadConfig } from '../../../server/config';
import type { Database } from '../../../server/db/connect';
import type { JobRunner } from '../../../server/http/jobs';
import { listMails } from '../../../server/mail/outbox';
import { startServer } from '../../../server/app/start';
import { openTestDatabase } from './database';

export type TestClock = {
  now: () => Date;
  advance(seconds: number): void;
  /**
   * Sets the clock to the real time: a second server process runs on the real clock, and a
   * realtime ticket (valid 30 s) made on this server's clock must still be valid there after
   * that process's slow start.
   */
  syncWithReal(): void;
};

export function createClock(start = new Date()): TestClock {
  let t = start.getTime();
  return {
    now: () => new Date(t),
    advance: (s) => void (t += s * 1000),
    syncWithReal: () => void (t = Date.now()),
  };
}

type Server = Awaited<ReturnType<typeof startServer>>;

/**
 * Starts the real server wiring on a fresh database for the test file, with every JSON answer
 * checked against the OpenAPI document. Inject requests with `t.app.inject`.
 */
export function useTestServer(
  options: {
    /** Extra environment; a function when it depends on something started in an earlier beforeAll. */
    env?: Record<string, string> | (() => Record<string, string>);
    logger?: FastifyBaseLogger;
    staticDir?: string;
    jobs?: JobRunner;
  } = {},
) {
  const t = {} as {
    server: Server;
    app: Server['app'];
    database: Awaited<ReturnType<typeof openTestDatabase>>;
    clock: TestClock;
  };
  beforeAll(async () => {
    t.database = await openTestDatabase();
    t.clock = createClock();
    const env = typeof options.env === 'function' ? options.env() : options.env;
    // Reconciliation runs when a test calls it (reconcilePayments), not behind the test's back.
    const config = loadConfig({
      NODE_ENV: 'test',
      APP_URL: 'http://app.test',
      PAYMENT_RECONCILE_INTERVAL_SECONDS: '0',
      ...env,
    });
    t.server = await startServer(config, {
      database: t.database,
      now: () => t.clock.now(),
      validateResponses: true,
      logger: options.logger,
      staticDir: options.staticDir,
      jobs: options.jobs,
    });
    t.app = t.server.app;
  });
  afterAll(async () => {
    await t.server?.close();
    await t.database?.close();
  });
  return t;
}

export function uniqueEmail(label = 'user'): string {
  return `${label}-${randomBytes(5).toString('hex')}@example.com`;
}

/**
 * The newest mail to an address (newer than `after`, a mail read before), and the one-time token
 * its link carries. Waits for it: account mail is written after the answer (server/http/jobs.ts).
 */
export async function lastMailTo(db: Database['db'], to: string, after?: { id: string }) {
  const mail = await vi.waitFor(
    async () => {
      const [newest] = await listMails(db, { limit: 1, to });
      if (!newest || newest.id === after?.id) throw new Error(`no new mail to ${to}`);
      return newest;
    },
    { timeout: 5000, interval: 20 },
  );
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
  const token = link ? new URL(link).searchParams.values().next().value : undefined;
  return { ...mail, link, token };
}
