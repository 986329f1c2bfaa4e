import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { demoAccount } from '../../server/app/seed';
import { testDbKind } from './support/database';

const children: ChildProcess[] = [];
afterAll(() => children.forEach((c) => c.kill('SIGTERM')));

/** Runs the server as `npm start` does (without the build) and collects what it prints. */
function startProcess(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/app/main.ts'], {
    env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d));
  child.stderr!.on('data', (d: Buffer) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  // Start-up (tsx compiling, PGlite's first open) takes over 30 s on a loaded machine.
  const url = async () => {
    for (let i = 0; i < 3_000; i++) {
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match) return match[1]!;
      if (child.exitCode !== null) throw new Error(`exited: ${output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`did not start: ${output}`);
  };
  return { child, url, exited, output: () => output };
}

describe.skipIf(testDbKind !== 'pglite')('starting the product', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'worlds-data-'));

  it('starts on an empty data directory, seeds the demo owner and says how to sign in', async () => {
    const server = startProcess({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' });
    const url = await server.url();
    expect(server.output()).toContain(`${demoAccount.email} / ${demoAccount.password}`);
    const health = await fetch(`${url.replace('localhost', '127.0.0.1')}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok', database: 'pglite' });
    const signIn = await fetch(`${url.replace('localhost', '127.0.0.1')}/api/auth/sign_in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: demoAccount.email, password: demoAccount.password }),
    });
    expect(signIn.status).toBe(200);
    const worlds = await fetch(`${url.replace('localhost', '127.0.0.1')}/api/mypage/worlds`, {
      headers: {
        'access-token': signIn.headers.get('access-token')!,
        client: signIn.headers.get('client')!,
        uid: signIn.headers.get('uid')!,
      },
    });
    expect((await worlds.json()).items.map((w: { name: string }) => w.name)).toEqual([
      'デモワールド',
    ]);

    // A second process on the same data directory is refused clearly instead of corrupting it.
    const second = startProcess({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/in use by another process \(pid \d+\)/);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 300_000);

  /** Starts the server on its own data directory, requests /api/health with a secret query parameter, stops it and returns what it printed. */
  async function logsOfOneRequest(env: Record<string, string>) {
    const secret = 'query-secret-0123456789';
    const dir = mkdtempSync(join(tmpdir(), 'worlds-logs-'));
    const server = startProcess({ DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1', ...env });
    const url = (await server.url()).replace('localhost', '127.0.0.1');
    expect((await fetch(`${url}/api/health?token=${secret}`)).status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).not.toContain(secret);
    return server.output().split('\n');
  }

  it('logs for a person in development when asked (LOG_PRETTY=1): one line an entry, a request as method, URL and status', async () => {
    const lines = await logsOfOneRequest({ LOG_LEVEL: 'info', LOG_PRETTY: '1' });
    expect(lines).toContainEqual(
      expect.stringMatching(/INFO: req-\w+ → GET \/api\/health\?token=%5BREDACTED%5D$/),
    );
    expect(lines).toContainEqual(expect.stringMatching(/INFO: req-\w+ ← 200 in \d+ ms$/));
    expect(lines.filter((l) => l.startsWith('{'))).toEqual([]);
  }, 300_000);

  it('logs JSON in production even when LOG_PRETTY=1', async () => {
    const lines = await logsOfOneRequest({
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      LOG_PRETTY: '1',
    });
    const entries = lines.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l));
    expect(entries).toContainEqual(
      expect.objectContaining({
        msg: 'incoming request',
        req: expect.objectContaining({ url: '/api/health?token=%5BREDACTED%5D' }),
      }),
    );
  }, 300_000);

  it('stops with a message naming a bad variable', async () => {
    const bad = startProcess({ DATA_DIR: dataDir, PORT: 'eighty' });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toContain('PORT');
  }, 120_000);
});
