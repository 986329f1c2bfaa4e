// npm run bench:scale (issue 25 item 8): BENCH_PROCESSES product processes (4) on one PostgreSQL
// and a Redis of the bench's own, with BENCH_CLIENTS sockets (8,000) of one world spread over them
// and moving between its spaces: the time from a move to every other client seeing it (p50/p99),
// against one process with BENCH_BASELINE_CLIENTS (2,000) in the same run, as a ratio; and the CPU
// of all the server processes per move. PostgreSQL only (TEST_DATABASE_URL or BENCH_DATABASE_URL):
// processes cannot share a PGlite directory. The clients all live in this one process, on the
// same machine as the servers: on 2 cores the figures are of the machine as much as the product.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScratchDatabase } from '../tests/support/scratch-database';
import { startRedis } from './support';
import { moveLine, runMoves } from './world-moves';
import { loadLine, productEnv, startWorldServer } from './world-sockets';

const processes = Number(process.env.BENCH_PROCESSES ?? 4);
const clients = Number(process.env.BENCH_CLIENTS ?? 8000);
const baselineClients = Number(process.env.BENCH_BASELINE_CLIENTS ?? 2000);
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

setTimeout(() => {
  console.error('bench:scale: stopped after 15 minutes');
  process.exit(1);
}, 15 * 60_000).unref();

type Seed = { port: number; spaceIds: string[]; tickets: { ticket: string; userId: string }[] };

async function main() {
  if (!adminUrl) throw new Error('bench:scale needs PostgreSQL: set TEST_DATABASE_URL');
  const scratch = await createScratchDatabase(adminUrl, 'bench_scale');
  // One DATA_DIR for all: the processes stand for machines sharing one volume (docs/deploying.md).
  const dataDir = mkdtempSync(join(tmpdir(), 'worlds-bench-scale-'));
  const redis = await startRedis();
  const env = (count: number) =>
    productEnv({ dataDir, databaseUrl: scratch.url, clients: count, redisUrl: redis.url });
  const servers = [
    await startWorldServer('bench/realtime-server.ts', env(clients + baselineClients)),
  ];
  try {
    const seed = JSON.parse(servers[0]!.value) as Seed;
    const socketUrl = (port: number, ticket: string) =>
      `ws://127.0.0.1:${port}/api/realtime?ticket=${ticket}`;
    const options = (pids: number[]) => ({
      isOpen: (m: { type: string }) => m.type === 'presence.snapshot',
      send: (ws: { send(data: string): void }, _userId: string, spaceId: string) =>
        ws.send(JSON.stringify({ type: 'presence.move', spaceId })),
      serverPids: pids,
    });

    // One process alone first, with tickets of its own (a ticket opens one socket).
    const alone = seed.tickets.slice(clients);
    const baseline = await runMoves(
      alone.map((t) => socketUrl(seed.port, t.ticket)),
      alone.map((t) => t.userId),
      seed.spaceIds,
      options([servers[0]!.pid]),
    );

    for (let i = 1; i < processes; i++)
      servers.push(await startWorldServer('bench/scale-server.ts', env(0)));
    const ports = servers.map((s, i) =>
      i === 0 ? seed.port : (JSON.parse(s.value) as { port: number }).port,
    );
    const spread = seed.tickets.slice(0, clients);
    const scaled = await runMoves(
      spread.map((t, i) => socketUrl(ports[i % ports.length]!, t.ticket)),
      spread.map((t) => t.userId),
      seed.spaceIds,
      options(servers.map((s) => s.pid)),
    );

    console.log(
      [
        `bench:scale — one world on PostgreSQL and Redis; time from a move to every other client seeing it`,
        moveLine(`${processes} proc.`, scaled) + `  [${clients} clients]`,
        moveLine('1 proc.', baseline) + `  [${baselineClients} clients]`,
        `ratio    p50 ${(scaled.p50 / baseline.p50).toFixed(2)}  p99 ${(scaled.p99 / baseline.p99).toFixed(2)}  (${processes} processes / 1)`,
        `target   p99 ≤ 150 ms at ${clients}: ${scaled.p99 <= 150 ? 'met' : 'NOT met'}`,
        loadLine('load'),
      ].join('\n'),
    );
  } finally {
    for (const server of servers) await server.stop();
    await redis.stop();
    rmSync(dataDir, { recursive: true, force: true });
    await scratch.drop();
  }
}

void main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
