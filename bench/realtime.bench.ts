// npm run bench:realtime: 2,000 WebSocket clients in one world on this machine (loopback only),
// moving between the world's spaces; the time from a move to every other client seeing it
// (p50/p99), for the product's server (PostgreSQL when TEST_DATABASE_URL is set, else PGlite)
// and for a bare `ws` relay run by this script, as ratios. Bounded: BENCH_CLIENTS clients,
// BENCH_SECONDS of moves at BENCH_MOVES_PER_SECOND, and a hard stop after 10 minutes.
import { moveLine, runMoves } from './world-moves';
import { loadLine, startWorldBench } from './world-sockets';

const clients = Number(process.env.BENCH_CLIENTS ?? 2000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const movesPerSecond = Number(process.env.BENCH_MOVES_PER_SECOND ?? 20);
/** A directory: the product's server writes a CPU profile there (node --cpu-prof) when it stops. */
const profileDir = process.env.BENCH_CPU_PROF;

setTimeout(() => {
  console.error('bench:realtime: stopped after 10 minutes');
  process.exit(1);
}, 10 * 60_000).unref();

async function main() {
  const {
    product,
    relay: bare,
    database,
    stop,
  } = await startWorldBench(
    'bench/realtime-server.ts',
    clients,
    profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  );
  try {
    const seed = JSON.parse(product.value) as {
      port: number;
      spaceIds: string[];
      tickets: { ticket: string; userId: string }[];
    };
    const ids = seed.tickets.map((t) => t.userId);
    const ours = await runMoves(
      seed.tickets.map((t) => `ws://127.0.0.1:${seed.port}/api/realtime?ticket=${t.ticket}`),
      ids,
      seed.spaceIds,
      {
        isOpen: (m) => m.type === 'presence.snapshot',
        send: (ws, _userId, spaceId) => ws.send(JSON.stringify({ type: 'presence.move', spaceId })),
        serverPids: [product.pid],
      },
    );
    const baseline = await runMoves(
      ids.map(() => `ws://127.0.0.1:${bare.value}`),
      ids,
      seed.spaceIds,
      {
        isOpen: (m) => m.type === 'open',
        send: (ws, userId, spaceId) => ws.send(JSON.stringify({ userId, spaceId })),
        serverPids: [bare.pid],
      },
    );
    console.log(
      [
        `bench:realtime — ${clients} clients in one world, ${movesPerSecond} moves/s for ${seconds} s, ${database}; time from a move to every other client seeing it`,
        moveLine('product', ours),
        moveLine('bare ws', baseline),
        `ratio    p50 ${(ours.p50 / baseline.p50).toFixed(2)}  p99 ${(ours.p99 / baseline.p99).toFixed(2)}  server CPU per move ${(ours.serverCpuMsPerMove / baseline.serverCpuMsPerMove).toFixed(2)}  (product / bare)`,
        `target   p99 ≤ 100 ms: ${ours.p99 <= 100 ? 'met' : 'NOT met'}`,
        loadLine('load'),
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
