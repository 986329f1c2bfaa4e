import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { demoAccount } from '../server/app/seed';
import { freePort } from '../tests/support/free-port';

export type Measured = { requestsPerSecond: number; p99Ms: number; errors: number };

/**
 * Starts a child process (Node.js unless `command` is given) and waits for a line matching
 * `ready`; the match's first group is returned.
 */
export async function startChild(
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
  command = process.execPath,
) {
  const child: ChildProcess = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d));
  child.stderr!.on('data', (d: Buffer) => (output += d));
  // Three minutes: compiling the server with tsx takes over one on a loaded machine.
  for (let i = 0; i < 3600; i++) {
    const match = ready.exec(output);
    if (match) {
      return {
        value: match[1]!,
        pid: child.pid!,
        stop: () =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      };
    }
    if (child.exitCode !== null) throw new Error(`child exited: ${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill('SIGKILL');
  throw new Error(`child did not get ready: ${output}`);
}

/** One autocannon run; `setupClient` may give each connection its own headers. */
export async function load(
  url: string,
  seconds: number,
  connections: number,
  setupClient?: (client: autocannon.Client) => void,
  requests?: autocannon.Request[],
): Promise<Measured> {
  const result = await autocannon({ url, duration: seconds, connections, setupClient, requests });
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** A Redis of the bench's own on a free loopback port (redis-server, nothing saved). */
export async function startRedis() {
  const port = await freePort();
  const redis = await startChild(
    ['--port', String(port), '--bind', '127.0.0.1', '--save', ''],
    {},
    /(Ready to accept connections)/,
    'redis-server',
  );
  return { url: `redis://127.0.0.1:${port}`, stop: redis.stop };
}

/**
 * The product's server as a child process (production mode, seeded demo account) on PostgreSQL
 * when `databaseUrl` is given, else on PGlite in a temporary directory; with the bare node:http
 * baseline beside it.
 */
export async function startProductAndBaseline(databaseUrl: string | undefined) {
  const dataDir = mkdtempSync(join(tmpdir(), 'worlds-bench-'));
  const app = await startChild(
    ['--import', 'tsx', 'server/app/main.ts'],
    {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      REDIS_URL: '',
      SMTP_URL: '',
    },
    /running at http:\/\/localhost:(\d+)/,
  );
  const bare = await startChild(['bench/bare-server.mjs'], {}, /bare listening on (\d+)/);
  return {
    appUrl: `http://127.0.0.1:${app.value}`,
    bareUrl: `http://127.0.0.1:${bare.value}`,
    async stop() {
      await app.stop();
      await bare.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type Session = Record<string, string>;

/** `count` signed-in clients of the demo account (at most 10: the most one account may hold). */
export async function signInClients(appUrl: string, count: number): Promise<Session[]> {
  const sessions: Session[] = [];
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

/**
 * autocannon's setupClient: connection i of every run uses session i and keeps it current across
 * runs, following the protocol's rule (a non-blank access-token replaces the one held).
 */
export function followingTokens(sessions: Session[]) {
  let next = 0;
  return (client: autocannon.Client) => {
    const headers = sessions[next++ % sessions.length]!;
    client.setHeaders(headers);
    // autocannon hands the raw header list ([name, value, …]), whatever its types say.
    client.on('headers', (response: unknown) => {
      const raw = (response as { headers: string[] }).headers;
      for (let i = 0; i < raw.length; i += 2) {
        if (raw[i]!.toLowerCase() === 'access-token' && raw[i + 1]) {
          headers['access-token'] = raw[i + 1]!;
          client.setHeaders(headers);
        }
      }
    });
  };
}

/** CPU time a process has used so far, in ms (Linux: /proc/<pid>/stat, clock ticks of 10 ms). */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The q-quantile of sorted values (NaN for none). */
export const quantile = (sorted: number[], q: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
