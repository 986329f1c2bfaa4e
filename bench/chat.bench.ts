// npm run bench:chat: 2,000 WebSocket clients in one world on this machine (loopback only); 20
// messages a second posted to the world channel for BENCH_SECONDS, while a table of six chats
// (3 a second); the time from posting to every recipient's socket having it (p50/p99), for the
// product's server (PostgreSQL when TEST_DATABASE_URL is set, else PGlite) and, for the world
// channel, for the bare `ws` relay of bench:realtime in the same run (ratio); server CPU per message.
// Both servers first run BENCH_WARM_UP_SECONDS at the same rate, not counted.
import { cpuMs, quantile } from './support';
import { loadLine, openAll, startWorldBench } from './world-sockets';

const clients = Number(process.env.BENCH_CLIENTS ?? 2000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const perSecond = Number(process.env.BENCH_MESSAGES_PER_SECOND ?? 20);
const tablePerSecond = 3;
// The first seconds at the same rate are not counted, for both servers: the product's first posts
// open database connections and compile its request path (450 ms each, against 40 ms after).
const warmUpSeconds = Number(process.env.BENCH_WARM_UP_SECONDS ?? 2);

setTimeout(() => {
  console.error('bench:chat: stopped after 10 minutes');
  process.exit(1);
}, 10 * 60_000).unref();

type Sender = { userId: string; uid: string; client: string; token: string };
type Seed = {
  port: number;
  worldId: string;
  tableId: string;
  tickets: { ticket: string; userId: string }[];
  worldSenders: Sender[];
  tableSenders: Sender[];
};
type Pending = { sentAt: number; waiting: number; channel: 'world' | 'table' | 'warm-up' };
type Figures = {
  p50: number;
  p99: number;
  sent: number;
  incomplete: number;
  cpuMsPerMessage: number;
};

/** Waits for the stragglers, then the figures of each channel from the finished messages. */
function figures(
  done: Map<string, number[]>,
  pending: Map<string, Pending>,
  sent: Map<string, number>,
  cpu: number,
) {
  const total = [...sent.values()].reduce((a, b) => a + b, 0);
  const of = (channel: string): Figures => {
    const sorted = [...(done.get(channel) ?? [])].sort((a, b) => a - b);
    return {
      p50: quantile(sorted, 0.5),
      p99: quantile(sorted, 0.99),
      sent: sent.get(channel) ?? 0,
      incomplete: [...pending.values()].filter((p) => p.channel === channel).length,
      cpuMsPerMessage: cpu / total,
    };
  };
  return { world: of('world'), table: of('table') };
}

function tracker() {
  const pending = new Map<string, Pending>();
  const done = new Map<string, number[]>();
  const seen = (key: string) => {
    const p = pending.get(key);
    if (!p || --p.waiting > 0) return;
    pending.delete(key);
    done.set(p.channel, [...(done.get(p.channel) ?? []), performance.now() - p.sentAt]);
  };
  return { pending, done, seen };
}

async function product(seed: Seed, pid: number) {
  const { pending, done, seen } = tracker();
  const sockets = await openAll(
    seed.tickets.map((t) => `ws://127.0.0.1:${seed.port}/api/realtime?ticket=${t.ticket}`),
    (m) => m.type === 'presence.snapshot',
    (data) => {
      const message = JSON.parse(String(data)) as { type: string; message?: { body: string } };
      if (message.type === 'chat.message') seen(message.message!.body);
    },
  );
  const post = async (sender: Sender, channel: string, body: string) => {
    const res = await fetch(
      `http://127.0.0.1:${seed.port}/api/worlds/${seed.worldId}/chat_messages`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'access-token': sender.token,
          client: sender.client,
          uid: sender.uid,
        },
        body: JSON.stringify({ channel, body }),
      },
    );
    if (res.status !== 201) errors.push(`${res.status} ${await res.text()}`);
  };
  const errors: string[] = [];
  const sent = new Map([
    ['world', 0],
    ['table', 0],
  ]);
  const posts: Promise<void>[] = [];
  let n = 0;
  let nextTable = 0;
  const run = async (forMs: number, counted: boolean) => {
    const started = performance.now();
    const tableFrom = nextTable;
    while (performance.now() - started < forMs) {
      const body = `world-${n}`;
      const channel = (name: 'world' | 'table') => (counted ? name : 'warm-up');
      pending.set(body, {
        sentAt: performance.now(),
        waiting: sockets.length,
        channel: channel('world'),
      });
      posts.push(post(seed.worldSenders[n % seed.worldSenders.length]!, 'world', body));
      if (counted) sent.set('world', sent.get('world')! + 1);
      if (performance.now() - started >= ((nextTable - tableFrom) * 1000) / tablePerSecond) {
        const tableBody = `table-${nextTable}`;
        pending.set(tableBody, {
          sentAt: performance.now(),
          waiting: 6,
          channel: channel('table'),
        });
        const sender = seed.tableSenders[nextTable % seed.tableSenders.length]!;
        posts.push(post(sender, `space:${seed.tableId}`, tableBody));
        if (counted) sent.set('table', sent.get('table')! + 1);
        nextTable++;
      }
      n++;
      await new Promise((r) => setTimeout(r, 1000 / perSecond));
    }
  };
  await run(warmUpSeconds * 1000, false);
  const cpuBefore = cpuMs(pid);
  await run(seconds * 1000, true);
  await Promise.all(posts);
  await new Promise((r) => setTimeout(r, 3000));
  const cpu = cpuMs(pid) - cpuBefore;
  for (const ws of sockets) ws.terminate();
  return { ...figures(done, pending, sent, cpu), errors };
}

async function bare(port: string, count: number, pid: number) {
  const { pending, done, seen } = tracker();
  const sockets = await openAll(
    Array.from({ length: count }, () => `ws://127.0.0.1:${port}`),
    (m) => m.type === 'open',
    (data) => {
      const message = JSON.parse(String(data)) as { moves: { userId: string }[] };
      seen(message.moves[0]!.userId);
    },
  );
  const sent = new Map([['world', 0]]);
  let n = 0;
  const run = async (forMs: number, counted: boolean) => {
    const started = performance.now();
    while (performance.now() - started < forMs) {
      const key = `world-${n}`;
      const channel = counted ? 'world' : 'warm-up';
      pending.set(key, { sentAt: performance.now(), waiting: sockets.length - 1, channel });
      sockets[n % sockets.length]!.send(JSON.stringify({ userId: key, spaceId: 'world' }));
      if (counted) sent.set('world', sent.get('world')! + 1);
      n++;
      await new Promise((r) => setTimeout(r, 1000 / perSecond));
    }
  };
  await run(warmUpSeconds * 1000, false);
  const cpuBefore = cpuMs(pid);
  await run(seconds * 1000, true);
  await new Promise((r) => setTimeout(r, 3000));
  const cpu = cpuMs(pid) - cpuBefore;
  for (const ws of sockets) ws.terminate();
  return figures(done, pending, sent, cpu).world;
}

async function main() {
  const {
    product: server,
    relay,
    database,
    stop,
  } = await startWorldBench('bench/chat-server.ts', clients);
  try {
    const seed = JSON.parse(server.value) as Seed;
    const ours = await product(seed, server.pid);
    const baseline = await bare(relay.value, seed.tickets.length, relay.pid);
    const line = (name: string, f: Figures) =>
      `${name.padEnd(14)} p50 ${f.p50.toFixed(1)} ms  p99 ${f.p99.toFixed(1)} ms  (${f.sent} messages, ${f.incomplete} not seen by all)`;
    console.log(
      [
        `bench:chat — ${clients} clients in one world, ${perSecond} messages/s to the world channel and ${tablePerSecond}/s at a table of 6 for ${seconds} s after ${warmUpSeconds} s not counted, ${database}; time from posting to every recipient having it`,
        line('product world', ours.world),
        line('product table', ours.table),
        line('bare ws world', baseline),
        `ratio          p50 ${(ours.world.p50 / baseline.p50).toFixed(2)}  p99 ${(ours.world.p99 / baseline.p99).toFixed(2)}  (product / bare, world channel)`,
        `server CPU     ${ours.world.cpuMsPerMessage.toFixed(1)} ms per message (bare relay ${baseline.cpuMsPerMessage.toFixed(1)} ms)`,
        `refused posts  ${ours.errors.length}${ours.errors.length ? `: ${ours.errors[0]}` : ''}`,
        `target         p99 ≤ 100 ms: ${ours.world.p99 <= 100 ? 'met' : 'NOT met'}; ratio ≤ 1.5: ${ours.world.p99 / baseline.p99 <= 1.5 ? 'met' : 'NOT met'}`,
        loadLine('load          '),
      ].join('\n'),
    );
  } finally {
    await stop();
  }
}

void main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
