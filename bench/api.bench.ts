// npm run bench:api: throughput and p99 of an authenticated GET (token lookup and the rotation
// check on every request, clients following rotated tokens) against a bare node:http server
// started by this script, alternating rounds so that machine noise hits both alike.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type autocannon from 'autocannon';
import { demoAccount } from '../server/db/seed';
import { createScratchDatabase } from '../tests/support/scratch-database';
import { load, type Measured, median, startChild } from './support';

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = 10; // one signed-in client each: the most one account may hold
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

async function main() {
  const database = adminUrl ? await createScratchDatabase(adminUrl, 'worlds_bench') : null;
  const dataDir = mkdtempSync(join(tmpdir(), 'worlds-bench-'));
  if (!database) console.warn('No BENCH_DATABASE_URL/TEST_DATABASE_URL: running on PGlite. The 0.5 target is for PostgreSQL.');
  const app = await startChild(
    ['--import', 'tsx', 'server/main.ts'],
    {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? '',
      REDIS_URL: '',
      SMTP_URL: '',
    },
    /running at http:\/\/localhost:(\d+)/,
  );
  const bare = await startChild(['bench/bare-server.mjs'], {}, /bare listening on (\d+)/);
  const barePg = database
    ? await startChild(['bench/bare-pg-server.mjs'], { DATABASE_URL: database.url }, /bare listening on (\d+)/)
    : null;
  const appUrl = `http://127.0.0.1:${app.value}`;
  const bareUrl = `http://127.0.0.1:${bare.value}`;
  const barePgUrl = barePg ? `http://127.0.0.1:${barePg.value}` : null;

  try {
    const sessions = await signInClients(appUrl, connections);
    // Connection i of every run uses session i, and keeps it current across runs.
    const followingTokens = () => {
      let next = 0;
      return (client: autocannon.Client) => {
        const headers = sessions[next++ % sessions.length]!;
        client.setHeaders(headers);
        // Keep the protocol's rule: a non-blank access-token replaces the one we hold.
        client.on('headers', (response: { headers: string[] }) => {
          const raw = response.headers;
          for (let i = 0; i < raw.length; i += 2) {
            if (raw[i]!.toLowerCase() === 'access-token' && raw[i + 1]) {
              headers['access-token'] = raw[i + 1]!;
              client.setHeaders(headers);
            }
          }
        });
      };
    };

    await load(bareUrl, 2, connections); // warm-up
    await load(`${appUrl}/api/mypage/me`, 2, connections, followingTokens());
    const runs: Record<'bare' | 'barePg' | 'app', Measured[]> = { bare: [], barePg: [], app: [] };
    for (let round = 1; round <= rounds; round++) {
      runs.bare.push(await load(bareUrl, seconds, connections));
      if (barePgUrl) runs.barePg.push(await load(barePgUrl, seconds, connections, followingTokens()));
      runs.app.push(await load(`${appUrl}/api/mypage/me`, seconds, connections, followingTokens()));
      const line = (name: string, m: Measured | undefined) =>
        m ? `${name} ${m.requestsPerSecond.toFixed(0)} req/s p99 ${m.p99Ms} ms` : '';
      console.log(
        `round ${round}: ${[line('bare', runs.bare.at(-1)), line('bare+pg', runs.barePg.at(-1)), line('authenticated GET', runs.app.at(-1))].filter(Boolean).join(' | ')}`,
      );
    }
    const errors = runs.app.reduce((n, r) => n + r.errors, 0);
    const summary = (name: string, list: Measured[]) =>
      console.log(
        `${name.padEnd(34)} median ${median(list.map((r) => r.requestsPerSecond)).toFixed(0).padStart(6)} req/s, p99 ${median(list.map((r) => r.p99Ms))} ms`,
      );
    const ratio = (base: Measured[]) =>
      median(runs.app.map((r, i) => r.requestsPerSecond / base[i]!.requestsPerSecond)).toFixed(2);
    console.log(`\ndatabase: ${database ? 'PostgreSQL' : 'PGlite'}; ${connections} connections; ${rounds} rounds of ${seconds} s`);
    summary('bare node:http (static JSON)', runs.bare);
    if (barePgUrl) summary('bare node:http + pg session lookup', runs.barePg);
    summary('authenticated GET /api/mypage/me', runs.app);
    console.log(`throughput ratio, authenticated / bare node:http:        ${ratio(runs.bare)}`);
    if (barePgUrl) {
      console.log(`throughput ratio, authenticated / bare node:http + pg:   ${ratio(runs.barePg)} (target >= 0.5 on PostgreSQL)`);
    }
    if (errors > 0) {
      console.error(`${errors} authenticated requests failed (non-2xx, errors or timeouts)`);
      process.exitCode = 1;
    }
  } finally {
    await app.stop();
    await bare.stop();
    await barePg?.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function signInClients(appUrl: string, count: number) {
  const sessions: Record<string, string>[] = [];
  for (let i = 0; i < count; i++) {
    const res = await fetch(`${appUrl}/api/auth/sign_in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: demoAccount.email, password: demoAccount.password }),
    });
    if (res.status !== 200) throw new Error(`sign in failed: ${res.status} ${await res.text()}`);
    sessions.push({
      'access-token': res.headers.get('access-token')!,
      client: res.headers.get('client')!,
      uid: res.headers.get('uid')!,
    });
  }
  return sessions;
}

await main();
