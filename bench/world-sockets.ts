// The client side of the WebSocket benches (bench:realtime, bench:chat): the product's server as a
// child process (a bench/*-server.ts script on PostgreSQL when BENCH_DATABASE_URL or
// TEST_DATABASE_URL is set, else PGlite) beside the bare `ws` relay that is their baseline, and
// many sockets opened against either.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { createScratchDatabase } from '../tests/support/scratch-database';
import { startChild } from './support';

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

/** The environment of a product process of the benches (production, quiet, no mail). */
export function productEnv(options: {
  dataDir: string;
  databaseUrl: string;
  clients: number;
  redisUrl?: string;
}) {
  return {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    DATA_DIR: options.dataDir,
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: options.redisUrl ?? '',
    SMTP_URL: '',
    BENCH_CLIENTS: String(options.clients),
  };
}

/** Starts a bench/*-server.ts script; it answers when the script prints `BENCH_READY {json}`. */
export function startWorldServer(
  script: string,
  env: Record<string, string>,
  nodeArgs: string[] = [],
) {
  return startChild([...nodeArgs, '--import', 'tsx', script], env, /BENCH_READY (.*)/);
}

/** Starts `script` with BENCH_CLIENTS guests and the bare relay; `stop` removes all it made. */
export async function startWorldBench(script: string, clients: number, nodeArgs: string[] = []) {
  const scratch = adminUrl ? await createScratchDatabase(adminUrl, 'bench_world') : null;
  const dataDir = mkdtempSync(join(tmpdir(), 'worlds-bench-world-'));
  const product = await startWorldServer(
    script,
    productEnv({ dataDir, databaseUrl: scratch?.url ?? '', clients }),
    nodeArgs,
  );
  const relay = await startChild(['bench/bare-ws-server.mjs'], {}, /bare ws listening on (\d+)/);
  return {
    product,
    relay,
    database: scratch ? 'PostgreSQL' : 'PGlite',
    async stop() {
      await product.stop();
      await relay.stop();
      rmSync(dataDir, { recursive: true, force: true });
      await scratch?.drop();
    },
  };
}

/** Opens one socket per url, 50 at a time; each is ready when `isOpen` says so of a message. */
export async function openAll(
  urls: string[],
  isOpen: (message: { type: string }) => boolean,
  onMessage: (data: WebSocket.RawData) => void,
) {
  const sockets: WebSocket[] = [];
  for (let i = 0; i < urls.length; i += 50) {
    await Promise.all(
      urls.slice(i, i + 50).map(
        (url) =>
          new Promise<void>((resolve, reject) => {
            const ws = new WebSocket(url);
            sockets.push(ws);
            ws.once('error', reject);
            const first = (data: WebSocket.RawData) => {
              if (!isOpen(JSON.parse(String(data)))) return;
              ws.off('message', first);
              ws.on('message', onMessage);
              resolve();
            };
            ws.on('message', first);
            if (isOpen({ type: 'open' }))
              ws.once('open', () => first(Buffer.from('{"type":"open"}')));
          }),
      ),
    );
  }
  return sockets;
}

/** The machine's load at the end of a run, printed beside the figures. */
export const loadLine = (label: string) =>
  `${label.padEnd(8)} ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (1, 5, 15 min, at the end; ${cpus().length} cores)`;
