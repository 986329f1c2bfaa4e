// npm run bench:enumeration: does the answer of password reset, resend-confirmation and sign-up
// tell whether an address is registered? Median answer time over HTTP for a known and an unknown
// address, alternating one of each so that machine noise hits both alike; ratio known / unknown
// (target about 1.0). The server runs in this process so the bench can write the known accounts
// directly and wait for the mail work after each answer (it must not slow the next one); the
// requests are timed from a worker thread (timed-post.mjs), apart from the server's event loop.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { hashPassword } from '../server/auth/passwords';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/connect';
import { users } from '../server/db/schema';
import { startServer } from '../server/app/start';
import { createScratchDatabase } from '../tests/support/scratch-database';
import { median } from './support';

const samples = Number(process.env.BENCH_SAMPLES ?? 60);
const adminUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

type Flow = {
  key: string;
  name: string;
  path: string;
  body: (email: string) => object;
  confirmed: boolean;
};

// Known means the address gets mail: a confirmed account for reset and sign-up (which then mails
// "you already have an account"), an unconfirmed one for resend.
const flows: Flow[] = [
  {
    key: 'reset',
    name: 'password reset',
    path: '/api/auth/password',
    body: (email) => ({ email }),
    confirmed: true,
  },
  {
    key: 'resend',
    name: 'resend confirmation',
    path: '/api/auth/resend_confirmations_email',
    body: (email) => ({ email }),
    confirmed: false,
  },
  {
    key: 'signup',
    name: 'sign-up',
    path: '/api/auth',
    body: (email) => ({ email, password: 'bench password 1' }),
    confirmed: true,
  },
];

async function main() {
  const scratch = adminUrl ? await createScratchDatabase(adminUrl, 'worlds_bench') : null;
  const dataDir = mkdtempSync(join(tmpdir(), 'worlds-bench-'));
  const database = await openDatabase(scratch ? { url: scratch.url } : { dataDir });
  // TRUST_PROXY: each request names its own client address, so the per-IP mail limit (20 an
  // hour) does not refuse the bench; each known address is used once (5 an hour per address).
  const config = loadConfig({
    NODE_ENV: 'development',
    APP_URL: 'http://127.0.0.1',
    TRUST_PROXY: 'true',
    SEED_DEMO: 'false',
    PAYMENT_RECONCILE_INTERVAL_SECONDS: '0',
  });
  const server = await startServer(config, { database });
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  const address = server.app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  let requests = 0;

  const timer = new Worker(new URL('./timed-post.mjs', import.meta.url));
  const post = async (path: string, body: object) => {
    requests += 1;
    const answered = new Promise<{ ms: number; status: number }>((resolve) =>
      timer.once('message', resolve),
    );
    timer.postMessage({
      url: `${url}${path}`,
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': `198.51.100.${requests % 250}, 203.0.113.${(requests >> 8) % 250}`,
      },
      body: JSON.stringify(body),
    });
    const { ms, status } = await answered;
    if (status !== 200) throw new Error(`${path}: ${status}`);
    // The mail work of this answer ends before the next request is timed.
    await server.jobs.idle();
    return ms;
  };

  try {
    const passwordHash = await hashPassword('bench password 1');
    const now = new Date();
    const known = async (flow: Flow, n: number) => {
      const emails = Array.from({ length: n }, (_, i) => `known-${flow.key}-${i}@bench.test`);
      await database.db.insert(users).values(
        emails.map((email) => ({
          email,
          passwordHash,
          name: 'ベンチ',
          confirmedAt: flow.confirmed ? now : null,
          createdAt: now,
          updatedAt: now,
        })),
      );
      return emails;
    };

    console.log(
      `database: ${scratch ? 'PostgreSQL' : 'PGlite'}; ${samples} known and ${samples} unknown addresses per call, alternating`,
    );
    for (const flow of flows) {
      const knownEmails = await known(flow, samples + 5);
      // Warm-up: the first calls compile and fill caches for both paths.
      for (let i = 0; i < 5; i++) {
        await post(flow.path, flow.body(knownEmails[samples + i]!));
        await post(flow.path, flow.body(`warm-${flow.key}-${i}@bench.test`));
      }
      const times = { known: [] as number[], unknown: [] as number[] };
      for (let i = 0; i < samples; i++) {
        // Which goes first alternates too: neither kind always follows the other.
        const order = i % 2 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const);
        for (const kind of order) {
          const email = kind === 'known' ? knownEmails[i]! : `unknown-${flow.key}-${i}@bench.test`;
          times[kind].push(await post(flow.path, flow.body(email)));
        }
      }
      const k = median(times.known);
      const u = median(times.unknown);
      console.log(
        `${flow.name.padEnd(20)} median known ${k.toFixed(2).padStart(6)} ms, unknown ${u
          .toFixed(2)
          .padStart(6)} ms, ratio known/unknown ${(k / u).toFixed(2)}`,
      );
    }
  } finally {
    await timer.terminate();
    await server.close();
    await database.close();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
