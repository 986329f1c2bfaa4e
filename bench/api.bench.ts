// npm run bench:api: throughput and p99 of an authenticated GET (token lookup and the rotation
// check on every request, clients following rotated tokens) against a bare node:http server
// started by this script, alternating rounds so that machine noise hits both alike.
import { createScratchDatabase } from '../tests/support/scratch-database';
import {
  followingTokens as followingSessionTokens,
  load,
  type Measured,
  median,
  signInClients,
  startChild,
  startProductAndBaseline,
} from './support';

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = 10; // one signed-in client each: the most one account may hold
const adminUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

async function main() {
  const database = adminUrl ? await createScratchDatabase(adminUrl, 'worlds_bench') : null;
  if (!database)
    console.warn(
      'No BENCH_DATABASE_URL/TEST_DATABASE_URL: running on PGlite. The 0.5 target is for PostgreSQL.',
    );
  const servers = await startProductAndBaseline(database?.url);
  const barePg = database
    ? await startChild(
        ['bench/bare-pg-server.mjs'],
        { DATABASE_URL: database.url },
        /bare listening on (\d+)/,
      )
    : null;
  const { appUrl, bareUrl } = servers;
  const barePgUrl = barePg ? `http://127.0.0.1:${barePg.value}` : null;

  try {
    const sessions = await signInClients(appUrl, connections);
    const followingTokens = () => followingSessionTokens(sessions);

    await load(bareUrl, 2, connections); // warm-up
    await load(`${appUrl}/api/mypage/me`, 2, connections, followingTokens());
    const runs: Record<'bare' | 'barePg' | 'app', Measured[]> = { bare: [], barePg: [], app: [] };
    for (let round = 1; round <= rounds; round++) {
      runs.bare.push(await load(bareUrl, seconds, connections));
      if (barePgUrl)
        runs.barePg.push(await load(barePgUrl, seconds, connections, followingTokens()));
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
        `${name.padEnd(34)} median ${median(list.map((r) => r.requestsPerSecond))
          .toFixed(0)
          .padStart(6)} req/s, p99 ${median(list.map((r) => r.p99Ms))} ms`,
      );
    const ratio = (base: Measured[]) =>
      median(runs.app.map((r, i) => r.requestsPerSecond / base[i]!.requestsPerSecond)).toFixed(2);
    console.log(
      `\ndatabase: ${database ? 'PostgreSQL' : 'PGlite'}; ${connections} connections; ${rounds} rounds of ${seconds} s`,
    );
    summary('bare node:http (static JSON)', runs.bare);
    if (barePgUrl) summary('bare node:http + pg session lookup', runs.barePg);
    summary('authenticated GET /api/mypage/me', runs.app);
    console.log(`throughput ratio, authenticated / bare node:http:        ${ratio(runs.bare)}`);
    if (barePgUrl) {
      console.log(
        `throughput ratio, authenticated / bare node:http + pg:   ${ratio(runs.barePg)} (target >= 0.5 on PostgreSQL)`,
      );
    }
    if (errors > 0) {
      console.error(`${errors} authenticated requests failed (non-2xx, errors or timeouts)`);
      process.exitCode = 1;
    }
  } finally {
    await servers.stop();
    await barePg?.stop();
    await database?.drop();
  }
}

await main();
