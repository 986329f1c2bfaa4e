// Tests across server processes (issue 25): a Redis of the file's own, and second server
// processes started as children on the same PostgreSQL (two processes cannot share a PGlite
// directory). Every child is killed when the file ends (the module is shared by the files of a
// worker, so each file keeps its own list).
import { type ChildProcess, spawn } from 'node:child_process';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, vi } from 'vitest';
import { freePort } from './free-port';

function start(
  children: ChildProcess[],
  command: string,
  args: string[],
  env: Record<string, string>,
) {
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d));
  child.stderr!.on('data', (d: Buffer) => (output += d));
  return { child, output: () => output };
}

type ServerEnv = { DATABASE_URL: string; REDIS_URL: string; REALTIME_HEARTBEAT_SECONDS: string };

/**
 * Starts a redis-server of the file's own when `enabled` (the runs on PostgreSQL; `redisUrl()`
 * once it answers), and second server processes on demand.
 */
export function useProcesses(enabled: boolean) {
  const children: ChildProcess[] = [];
  let redisUrl = '';
  beforeAll(async () => {
    if (!enabled) return;
    const port = await freePort();
    start(
      children,
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', ''],
      {},
    );
    redisUrl = `redis://127.0.0.1:${port}`;
    const probe = new Redis(redisUrl, { lazyConnect: true, retryStrategy: () => 50 });
    probe.on('error', () => {}); // refused until redis-server listens: waited for below
    await vi.waitFor(() => probe.ping(), { timeout: 30_000, interval: 50 });
    probe.disconnect();
  });
  afterAll(() => {
    for (const child of children) child.kill('SIGKILL');
  });
  return {
    redisUrl: () => redisUrl,
    /**
     * A second server process on the same PostgreSQL and Redis: its child process and its
     * address (`url` for sockets, `httpUrl` for requests).
     */
    async startSecondProcess(env: ServerEnv) {
      const server = start(children, process.execPath, ['--import', 'tsx', 'server/app/main.ts'], {
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'false',
        PORT: '0',
        HOST: '127.0.0.1',
        ...env,
      });
      // Start-up (tsx compiling the server) takes a while on a loaded machine: wait for its line.
      const port = await vi.waitFor(
        () => {
          const match = /running at http:\/\/localhost:(\d+)/.exec(server.output());
          if (!match) throw new Error(`not started yet: ${server.output()}`);
          return match[1]!;
        },
        { timeout: 120_000, interval: 100 },
      );
      return { ...server, url: `ws://127.0.0.1:${port}`, httpUrl: `http://127.0.0.1:${port}` };
    },
  };
}
