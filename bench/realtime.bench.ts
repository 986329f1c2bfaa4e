// npm run bench:realtime: 2,000 WebSocket clients in one world on this machine (loopback only),
// moving between the world's spaces; the time from a move to every other client seeing it
// (p50/p99), for the product's server (PostgreSQL when TEST_DATABASE_URL is set, else PGlite)
// and for a bare `ws` relay run by this script, as ratios. Bounded: BENCH_CLIENTS clients,
// BENCH_SECONDS of moves at BENCH_MOVES_PER_SECOND, and a hard stop after 10 minutes.
import type WebSocket from 'ws';
import { cpuMs, quantile } from './support';
import { loadLine, openAll, startWorldBench } from './world-sockets';

const clients = Number(process.env.BENCH_CLIENTS ?? 2000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const movesPerSecond = Number(process.env.BENCH_MOVES_PER_SECOND ?? 20);
/** A directory: the product's server writes a CPU profile there (node --cpu-prof) when it stops. */
const profileDir = process.env.BENCH_CPU_PROF;

setTimeout(() => {
  console.error('bench:realtime: stopped after 10 minutes');
  process.exit(1);
}, 10 * 60_000).unref();

type Move = { sentAt: number; waiting: number; lastSeenAt: number };
type Result = {
  p50: number;
  p99: number;
  moves: number;
  incomplete: number;
  deliveryP99: number;
  /** Frames and bytes each client received per move, while moving (every message type). */
  framesPerMove: number;
  bytesPerMove: number;
  /** CPU time (user + system) the server spent per move while moving: steadier than latency on a busy machine. */
  serverCpuMsPerMove: number;
};

/**
 * Opens one socket per url (50 at a time), waits until `isOpen` says so for each, moves random
 * clients between spaces, and measures when every other client has seen each move.
 */
async function run(
  urls: string[],
  ids: string[],
  spaceIds: string[],
  options: {
    isOpen: (message: { type: string }) => boolean;
    send: (ws: WebSocket, userId: string, spaceId: string) => void;
    serverPid: number;
  },
): Promise<Result> {
  const pending = new Map<string, Move>();
  const deliveries: number[] = [];
  const done: number[] = [];
  const received = { frames: 0, bytes: 0 };
  const onMessage = (data: WebSocket.RawData) => {
    received.frames += 1;
    received.bytes += (data as Buffer).length;
    const message = JSON.parse(String(data)) as {
      type: string;
      moves?: { userId: string; spaceId: string | null }[];
    };
    if (message.type !== 'presence.moved') return;
    const now = performance.now();
    for (const { userId, spaceId } of message.moves!) {
      const key = `${userId}:${spaceId}`;
      const move = pending.get(key);
      if (!move) continue;
      deliveries.push(now - move.sentAt);
      move.lastSeenAt = now;
      if (--move.waiting === 0) {
        done.push(now - move.sentAt);
        pending.delete(key);
      }
    }
  };
  const sockets = await openAll(urls, options.isOpen, onMessage);
  const place = new Map(ids.map((id) => [id, spaceIds[0]!]));
  received.frames = 0;
  received.bytes = 0;
  const cpuBefore = cpuMs(options.serverPid);
  const started = performance.now();
  let sent = 0;
  while (performance.now() - started < seconds * 1000) {
    const index = Math.floor(Math.random() * ids.length);
    const userId = ids[index]!;
    const here = place.get(userId)!;
    const next = spaceIds.filter((s) => s !== here)[
      Math.floor(Math.random() * (spaceIds.length - 1))
    ]!;
    if (![...pending.keys()].some((k) => k.startsWith(userId))) {
      place.set(userId, next);
      pending.set(`${userId}:${next}`, {
        sentAt: performance.now(),
        waiting: ids.length - 1,
        lastSeenAt: 0,
      });
      options.send(sockets[index]!, userId, next);
      sent++;
    }
    await new Promise((r) => setTimeout(r, 1000 / movesPerSecond));
  }
  await new Promise((r) => setTimeout(r, 3000));
  const serverCpu = cpuMs(options.serverPid) - cpuBefore;
  for (const ws of sockets) ws.terminate();
  const sortedDone = [...done].sort((a, b) => a - b);
  const sortedDeliveries = deliveries.sort((a, b) => a - b);
  return {
    p50: quantile(sortedDone, 0.5),
    p99: quantile(sortedDone, 0.99),
    deliveryP99: quantile(sortedDeliveries, 0.99),
    moves: sent,
    incomplete: pending.size,
    framesPerMove: received.frames / sockets.length / sent,
    bytesPerMove: received.bytes / sockets.length / sent,
    serverCpuMsPerMove: serverCpu / sent,
  };
}

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
    const ours = await run(
      seed.tickets.map((t) => `ws://127.0.0.1:${seed.port}/api/realtime?ticket=${t.ticket}`),
      ids,
      seed.spaceIds,
      {
        isOpen: (m) => m.type === 'presence.snapshot',
        send: (ws, _userId, spaceId) => ws.send(JSON.stringify({ type: 'presence.move', spaceId })),
        serverPid: product.pid,
      },
    );
    const baseline = await run(
      ids.map(() => `ws://127.0.0.1:${bare.value}`),
      ids,
      seed.spaceIds,
      {
        isOpen: (m) => m.type === 'open',
        send: (ws, userId, spaceId) => ws.send(JSON.stringify({ userId, spaceId })),
        serverPid: bare.pid,
      },
    );
    const line = (name: string, r: Result) =>
      `${name.padEnd(8)} p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  (per delivery p99 ${r.deliveryP99.toFixed(1)} ms; ${r.moves} moves, ${r.incomplete} not seen by all; per client and move ${r.framesPerMove.toFixed(2)} frames, ${r.bytesPerMove.toFixed(0)} bytes; server CPU ${r.serverCpuMsPerMove.toFixed(1)} ms per move)`;
    console.log(
      [
        `bench:realtime — ${clients} clients in one world, ${movesPerSecond} moves/s for ${seconds} s, ${database}; time from a move to every other client seeing it`,
        line('product', ours),
        line('bare ws', baseline),
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
