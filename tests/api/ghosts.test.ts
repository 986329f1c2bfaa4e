import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { and, eq, isNull } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { meetingAttendees } from '../../server/db/schema';
import { useTestServer } from './support/app';
import { testDbKind } from './support/database';
import { connect, joinMeeting, listenWithSockets } from './support/realtime';
import { worldPeople } from './support/world-members';

// Issue 25 item 4: when a server process dies (kill -9), another ends its attendances and tells
// everyone its members left (presence.left) within two heartbeats. Two real processes: this
// file's server, and a second one started as a child process and killed; a Redis of the test's
// own. PostgreSQL only: two processes cannot share a PGlite directory.

const heartbeatSeconds = 1;
const children: ChildProcess[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function start(command: string, args: string[], env: Record<string, string> = {}) {
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

const postgres = testDbKind === 'postgres';
let redisUrl = '';
beforeAll(async () => {
  if (!postgres) return;
  const port = await freePort();
  start('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '']);
  redisUrl = `redis://127.0.0.1:${port}`;
  const probe = new Redis(redisUrl, { lazyConnect: true, retryStrategy: () => 50 });
  probe.on('error', () => {}); // refused until redis-server listens: waited for below
  await vi.waitFor(() => probe.ping(), { timeout: 30_000, interval: 50 });
  probe.disconnect();
});
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
});

const t = useTestServer({
  env: () => ({
    ...(postgres ? { REDIS_URL: redisUrl } : {}),
    REALTIME_HEARTBEAT_SECONDS: String(heartbeatSeconds),
  }),
});
const open = listenWithSockets(t);
const people = worldPeople(t);

/** A second server process on the same PostgreSQL and Redis; answers its address. */
async function secondProcess() {
  const server = start(process.execPath, ['--import', 'tsx', 'server/app/main.ts'], {
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    DATABASE_URL: t.database.url!,
    REDIS_URL: redisUrl,
    REALTIME_HEARTBEAT_SECONDS: String(heartbeatSeconds),
    PORT: '0',
    HOST: '127.0.0.1',
  });
  // Start-up (tsx compiling the server) takes a while on a loaded machine: wait for its line.
  const url = await vi.waitFor(
    () => {
      const match = /running at http:\/\/localhost:(\d+)/.exec(server.output());
      if (!match) throw new Error(`not started yet: ${server.output()}`);
      return `ws://127.0.0.1:${match[1]}`;
    },
    { timeout: 120_000, interval: 100 },
  );
  return { ...server, url };
}

describe.runIf(postgres)('a server process that dies leaves no ghosts', () => {
  it('tells the others its members left and ends their attendance, within two heartbeats', async () => {
    const { owner, world, members, mainSpace } = await people.world(['user']);
    const user = members[0]!;
    const b = await secondProcess();
    const onA = await connect(t.app, owner.headers, world.id, 'owner on A');
    // The ticket comes from A (tickets are in the database), the socket opens on B.
    const onB = await connect(t.app, user.headers, world.id, 'user on B', b.url);
    open.push(onA, onB);
    await onA.next('presence.joined', (m) => m.member.userId === user.id);
    await joinMeeting(t.app, user.headers, world.id, mainSpace);

    b.child.kill('SIGKILL');
    const killedAt = Date.now();
    const left = await onA.next('presence.left', (m) => m.userId === user.id, 60_000);
    const seconds = (Date.now() - killedAt) / 1000;
    console.info(
      `presence.left ${seconds.toFixed(2)} s after kill -9 (heartbeat ${heartbeatSeconds} s)`,
    );
    expect(left.userId).toBe(user.id);
    const attending = () =>
      t.database.db
        .select()
        .from(meetingAttendees)
        .where(and(eq(meetingAttendees.userId, user.id), isNull(meetingAttendees.leftAt)));
    await vi.waitFor(async () => expect(await attending()).toEqual([]), {
      timeout: 30_000,
      interval: 50,
    });
    // The user comes back through the process still running and is there again.
    const back = await connect(t.app, user.headers, world.id, 'user back on A');
    open.push(back);
    expect((await onA.next('presence.joined')).member.userId).toBe(user.id);
  }, 180_000);
});
