// npm run bench:checkout: throughput and p99 of calc_price (GET, token check, owner check, the
// price function) and of checkout (POST payments: world lock, overlap check, hold, local charge,
// reserve; every request a slot of its own) on a fresh PostgreSQL database, as ratios to the bare
// node:http baseline of bench:api, alternating rounds so that machine noise hits all alike.
import type autocannon from 'autocannon';
import { priceYen } from '../src/domain/price';
import { testCards } from '../server/payments/local';
import { createScratchDatabase } from '../tests/support/scratch-database';
import {
  followingTokens,
  load,
  type Measured,
  median,
  type Session,
  signInClients,
  startProductAndBaseline,
} from './support';

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = 10; // one signed-in client each: the most one account may hold
const adminUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

const SLOT_MINUTES = 15;
const worldHeader = 'x-bench-world';

/** A JSON call with a session that follows rotated tokens. */
async function call(
  appUrl: string,
  session: Session,
  method: string,
  path: string,
  body?: unknown,
) {
  const res = await fetch(`${appUrl}${path}`, {
    method,
    headers: { ...session, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const token = res.headers.get('access-token');
  if (token) session['access-token'] = token;
  const json = (await res.json()) as Record<string, unknown>;
  if (res.status >= 300)
    throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

async function main() {
  if (!adminUrl)
    throw new Error(
      'bench:checkout runs on PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL (an admin URL).',
    );
  const database = await createScratchDatabase(adminUrl, 'worlds_bench');
  const servers = await startProductAndBaseline(database.url);
  const { appUrl, bareUrl } = servers;
  try {
    const sessions = await signInClients(appUrl, connections);
    const setup = sessions[0]!;
    // One world per connection: checkouts of one world are serialised by its lock (on purpose),
    // so the figure is that of ten owners paying at once, not of one world's queue.
    const worldIds: string[] = [];
    for (let i = 0; i < connections; i++) {
      worldIds.push(
        (await call(appUrl, setup, 'POST', '/api/mypage/worlds', { name: `ベンチ ${i + 1}` }))
          .id as string,
      );
    }
    const token = await call(appUrl, setup, 'POST', '/api/payments/local/tokens', {
      number: testCards.succeeds,
      expMonth: 12,
      expYear: new Date().getUTCFullYear() + 3,
      cvc: '123',
    });
    const method = await call(appUrl, setup, 'POST', '/api/mypage/payment_methods', {
      providerToken: token.token,
    });

    const first = new Date(Date.now() + 86_400_000);
    first.setUTCMinutes(0, 0, 0);
    const slotAt = (n: number) => ({
      startAt: new Date(first.getTime() + n * SLOT_MINUTES * 60_000),
      endAt: new Date(first.getTime() + (n + 1) * SLOT_MINUTES * 60_000),
    });
    const quote = slotAt(0);
    const calcUrl = `${appUrl}/api/mypage/worlds/${worldIds[0]}/payments/calc_price?startAt=${encodeURIComponent(quote.startAt.toISOString())}&endAt=${encodeURIComponent(quote.endAt.toISOString())}&capacity=20`;
    const expectedTotal = priceYen({ ...quote, capacity: 1 });

    // Connection i pays in world i; every request takes the world's next free slot.
    const next = new Map<string, number>();
    // Session i is connection i (followingTokens), so connection i always pays in world i.
    sessions.forEach((session, i) => (session[worldHeader] = worldIds[i]!));
    const checkoutRequests: autocannon.Request[] = [
      {
        method: 'POST',
        setupRequest: (req) => {
          const headers = req.headers as Session;
          const world = headers[worldHeader] ?? worldIds[0]!;
          const n = next.get(world) ?? 0;
          next.set(world, n + 1);
          const slot = slotAt(n);
          return {
            ...req,
            method: 'POST',
            path: `/api/mypage/worlds/${world}/payments`,
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify({
              paymentMethodId: method.id,
              timezone: 'Asia/Tokyo',
              expectedTotal,
              items: [
                {
                  startAt: slot.startAt.toISOString(),
                  endAt: slot.endAt.toISOString(),
                  capacity: 1,
                  isRehearsal: false,
                  eventAnnouncementId: null,
                },
              ],
            }),
          };
        },
      },
    ];
    const checkout = () =>
      load(appUrl, seconds, connections, followingTokens(sessions), checkoutRequests);

    await load(bareUrl, 2, connections); // warm-up
    await load(calcUrl, 2, connections, followingTokens(sessions));
    const runs: Record<'bare' | 'calc' | 'checkout', Measured[]> = {
      bare: [],
      calc: [],
      checkout: [],
    };
    for (let round = 1; round <= rounds; round++) {
      runs.bare.push(await load(bareUrl, seconds, connections));
      runs.calc.push(await load(calcUrl, seconds, connections, followingTokens(sessions)));
      runs.checkout.push(await checkout());
      const line = (name: string, m: Measured) =>
        `${name} ${m.requestsPerSecond.toFixed(0)} req/s p99 ${m.p99Ms} ms`;
      console.log(
        `round ${round}: ${line('bare', runs.bare.at(-1)!)} | ${line('calc_price', runs.calc.at(-1)!)} | ${line('checkout', runs.checkout.at(-1)!)}`,
      );
    }
    const summary = (name: string, list: Measured[]) =>
      console.log(
        `${name.padEnd(40)} median ${median(list.map((r) => r.requestsPerSecond))
          .toFixed(0)
          .padStart(6)} req/s, p99 ${median(list.map((r) => r.p99Ms))} ms`,
      );
    const ratio = (list: Measured[]) =>
      median(list.map((r, i) => r.requestsPerSecond / runs.bare[i]!.requestsPerSecond)).toFixed(3);
    console.log(
      `\ndatabase: PostgreSQL; ${connections} connections; ${rounds} rounds of ${seconds} s`,
    );
    summary('bare node:http (static JSON)', runs.bare);
    summary('GET payments/calc_price', runs.calc);
    summary('POST payments (checkout, local card)', runs.checkout);
    console.log(`throughput ratio, calc_price / bare node:http: ${ratio(runs.calc)}`);
    console.log(`throughput ratio, checkout / bare node:http:   ${ratio(runs.checkout)}`);
    // Issue 13's figure: checkout against an authenticated GET (calc_price) of the same rounds.
    const toGet = median(
      runs.checkout.map((r, i) => r.requestsPerSecond / runs.calc[i]!.requestsPerSecond),
    );
    console.log(`throughput ratio, checkout / authenticated GET (calc_price): ${toGet.toFixed(3)}`);
    const errors = [...runs.calc, ...runs.checkout].reduce((n, r) => n + r.errors, 0);
    if (errors > 0) {
      console.error(`${errors} requests failed (non-2xx, errors or timeouts)`);
      process.exitCode = 1;
    }
  } finally {
    await servers.stop();
    await database.drop();
  }
}

await main();
