import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { startServer } from '../../server/app/start';
import { loadConfig } from '../../server/config';
import { type Database, openDatabase } from '../../server/db/connect';
import { meetingRecordings, meetings, payments, serverProcesses } from '../../server/db/schema';
import { recordingMessages } from '../../server/meetings/recordings';
import type { PaymentProvider } from '../../server/payments/provider';
import { reconcileAlone } from '../../server/payments/reconcile';
import { useTestServer } from './support/app';
import { testDbKind } from './support/database';
import { worldPeople } from './support/world-members';

// Issue 25 item 1: every process holds a lease; what it owns is left alone by processes that
// start later and taken over by another once its lease lapses. Leases here last 1.5 s: the tests
// wait for what they expect, never for a fixed time.

const dataDir = mkdtempSync(join(tmpdir(), 'leases-'));
const env = {
  NODE_ENV: 'test',
  APP_URL: 'http://app.test',
  MEETING_PROVIDER: 'sfu',
  DATA_DIR: dataDir,
  UPLOAD_SIGNING_SECRET: 's'.repeat(40),
  REALTIME_HEARTBEAT_SECONDS: '1',
  PAYMENT_RECONCILE_INTERVAL_SECONDS: '0',
};
const t = useTestServer({ env });
const people = worldPeople(t);

/** Another server process on the same database (and DATA_DIR, as a shared volume would be). */
const anotherProcess = () => startServer(loadConfig(env), { database: t.database });

/** A recording being written by a process: its row and the file so far. */
async function recordingOf(processId: string) {
  const { world, mainSpace } = await people.world([]);
  // A running meeting nobody attends, so that no attendee leaving ends it (and its recording).
  const [meeting] = await t.database.db
    .insert(meetings)
    .values({
      worldId: world.id,
      spaceId: mainSpace,
      provider: 'sfu',
      providerMeeting: '{}',
      startedAt: t.clock.now(),
    })
    .returning();
  const [row] = await t.database.db
    .insert(meetingRecordings)
    .values({
      worldId: world.id,
      meetingId: meeting!.id,
      title: '朝会',
      status: 'recording',
      recorder: 'local',
      processId,
      startedAt: t.clock.now(),
    })
    .returning();
  const key = `recordings/${world.id}/${row!.id}.webm`;
  await t.database.db
    .update(meetingRecordings)
    .set({ storage: JSON.stringify({ key }) })
    .where(eq(meetingRecordings.id, row!.id));
  const path = join(dataDir, 'uploads', key);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, 'webm');
  return { id: row!.id, path };
}

async function recording(id: string) {
  const [row] = await t.database.db
    .select()
    .from(meetingRecordings)
    .where(eq(meetingRecordings.id, id));
  return row!;
}

const leaseOf = async (id: string) =>
  (await t.database.db.select().from(serverProcesses).where(eq(serverProcesses.id, id)))[0];

describe(`process leases on ${testDbKind}`, () => {
  it('leaves the recording of a live process alone when another process starts', async () => {
    const live = await recordingOf(t.server.processLease.id);
    const other = await anotherProcess();
    await other.processLease.beat();
    await other.close();
    expect(await recording(live.id)).toMatchObject({ status: 'recording', failureReason: null });
    expect(await stat(live.path)).toBeTruthy();
  });

  it('fails the recordings of a process whose lease lapsed, and removes their files', async () => {
    const gone = randomUUID();
    const cut = await recordingOf(gone);
    await t.database.db
      .insert(serverProcesses)
      .values({ id: gone, expiresAt: sql`now() - interval '1 second'` });
    // Whichever process claims the lapsed lease first takes it over: the one starting now, or
    // the test's server on its next beat.
    const other = await anotherProcess();
    await vi.waitFor(
      async () => {
        expect(await recording(cut.id)).toMatchObject({
          status: 'failed',
          failureReason: recordingMessages.serverStopped,
        });
        expect(await leaseOf(gone)).toBeUndefined();
      },
      { timeout: 10_000, interval: 50 },
    );
    await expect(stat(cut.path)).rejects.toThrow();
    await other.close();
  });

  it('takes over the recordings of a process that dies while another runs, within its lease', async () => {
    const dying = await anotherProcess();
    const cut = await recordingOf(dying.processLease.id);
    const kept = await recordingOf(t.server.processLease.id);
    // As kill -9 leaves it: the heartbeat stops and nobody releases the lease.
    await dying.processLease.close({ release: false });
    await vi.waitFor(
      async () => {
        expect((await recording(cut.id)).status).toBe('failed');
        expect(await leaseOf(dying.processLease.id)).toBeUndefined();
      },
      { timeout: 10_000, interval: 50 },
    );
    expect((await recording(kept.id)).status).toBe('recording');
    await dying.close();
  });
});

describe.runIf(testDbKind === 'postgres')('background passes of two processes', () => {
  it('settles each stuck payment once when two processes reconcile at the same moment', async () => {
    const { owner, world } = await people.world([]);
    const createdAt = new Date(t.clock.now().getTime() - 3600_000);
    const stuck = await t.database.db
      .insert(payments)
      .values(
        Array.from({ length: 5 }, () => ({
          worldId: world.id,
          userId: owner.id,
          status: 'processing' as const,
          total: 1100,
          provider: t.app.deps.payments.name,
          worldName: world.name,
          createdAt,
        })),
      )
      .returning({ id: payments.id });
    // The second process's own connections; its pass asks the provider only when it runs.
    const second = await openDatabase({ url: t.database.url!, poolSize: 5 });
    const calls = new Map<string, number>();
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    const provider = Object.assign(Object.create(t.app.deps.payments) as PaymentProvider, {
      async findCharge(key: string) {
        calls.set(key, (calls.get(key) ?? 0) + 1);
        await held;
        return null;
      },
    });
    const pass = (database: Pick<Database, 'db' | 'kind'>) =>
      reconcileAlone(database, {
        db: database.db,
        provider,
        now: t.clock.now,
        appUrl: 'http://app.test',
        afterMs: 60_000,
        notChargedAfterMs: 300_000,
      });
    const passes = [pass(t.database), pass(second)];
    const done: unknown[] = [];
    for (const p of passes) void p.then((result) => done.push(result));
    // Until one pass gave way, or both asked about one payment: then the provider answers.
    await vi.waitFor(() => expect(done.length > 0 || [...calls.values()].includes(2)).toBe(true), {
      timeout: 10_000,
      interval: 20,
    });
    answer();
    const results = await Promise.all(passes);
    await second.close();
    expect(results.filter((r) => r === undefined)).toHaveLength(1);
    expect(results.find((r) => r !== undefined)).toEqual({ settled: stuck.length, postponed: 0 });
    expect(stuck.map(({ id }) => calls.get(id))).toEqual(stuck.map(() => 1));
  });
});
