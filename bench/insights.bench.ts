// npm run bench:insights (issue 28): 200 people's actions over a 3-hour event (about 100,000 rows)
// and their attendances on a fresh PostgreSQL database. Measures reading one minute's batches of
// the 200 (ingestBatch, as the upload route calls it), and answering the whole event's insights
// (getWorldInsights' and aggregateUserActions' functions), against a plain `select count(*)` of
// the same rows in the same run (ADR 005). In process: no HTTP, the database work only.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, count, eq, gte, lt } from 'drizzle-orm';
import { USER_ACTION_TYPES } from '../src/domain/user-actions';
import { openDatabase } from '../server/db/connect';
import {
  meetingAttendees,
  meetings,
  spaces,
  userActions,
  users,
  worlds,
} from '../server/db/schema';
import { insights } from '../server/users/insights';
import { aggregate, ingestBatch } from '../server/users/user-actions';
import { createScratchDatabase } from '../tests/support/scratch-database';
import { median } from './support';

const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 200);
const HOURS = 3;
const ACTIONS_PER_PERSON = Number(process.env.BENCH_ACTIONS_PER_PERSON ?? 500);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const adminUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

async function main() {
  if (!adminUrl)
    throw new Error(
      'bench:insights runs on PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL.',
    );
  const scratch = await createScratchDatabase(adminUrl, 'worlds_bench');
  const database = await openDatabase({ url: scratch.url, poolSize: 10 });
  const { db } = database;
  try {
    const now = new Date();
    const start = new Date(now.getTime() - HOURS * 3_600_000);
    const people = await db
      .insert(users)
      .values(
        Array.from({ length: PEOPLE + 1 }, (_, i) => ({
          email: `b${i}@bench.test`,
          passwordHash: 'x',
          name: `参加者${i}`,
        })),
      )
      .returning({ id: users.id });
    const [owner, ...guests] = people;
    const [world] = await db
      .insert(worlds)
      .values({ name: 'bench', ownerId: owner!.id })
      .returning();
    const worldId = world!.id;
    const tables = await db
      .insert(spaces)
      .values(
        Array.from({ length: 12 }, (_, i) => ({
          worldId,
          name: `テーブル${i}`,
          kind: 'table' as const,
        })),
      )
      .returning({ id: spaces.id });
    const meetingRows = await db
      .insert(meetings)
      .values(
        tables.map((t) => ({
          worldId,
          spaceId: t.id,
          provider: 'local' as const,
          providerMeeting: '{}',
          startedAt: start,
          endedAt: now,
        })),
      )
      .returning({ id: meetings.id });
    // Each person moves to another table every 10 minutes: 18 attendances each.
    const attendances = guests.flatMap((g, p) =>
      Array.from({ length: HOURS * 6 }, (_, k) => ({
        meetingId: meetingRows[(p + k) % meetingRows.length]!.id,
        userId: g.id,
        attendeeId: `${p}-${k}`,
        joinedAt: new Date(start.getTime() + k * 600_000 + 2_000),
        leftAt: new Date(start.getTime() + (k + 1) * 600_000),
      })),
    );
    for (let i = 0; i < attendances.length; i += 1000)
      await db.insert(meetingAttendees).values(attendances.slice(i, i + 1000));
    const span = HOURS * 3_600_000;
    const actions = guests.flatMap((g, p) =>
      Array.from({ length: ACTIONS_PER_PERSON }, (_, k) => ({
        worldId,
        userId: g.id,
        actionType: USER_ACTION_TYPES[(p + k) % USER_ACTION_TYPES.length]!,
        occurredAt: new Date(start.getTime() + Math.floor((k * span) / ACTIONS_PER_PERSON)),
        batchKey: `seed-${p}-${Math.floor(k / 3)}`,
        lineNo: k % 3,
      })),
    );
    for (let i = 0; i < actions.length; i += 5000)
      await db.insert(userActions).values(actions.slice(i, i + 5000));
    await db.execute('analyze');
    console.log(`seeded ${actions.length} actions and ${attendances.length} attendances`);

    // One minute's batches: each of the 200 uploads ~3 actions.
    const dir = mkdtempSync(join(tmpdir(), 'bench-insights-'));
    const batches = guests.map((g, p) => {
      const key = `user-actions/${worldId}/${g.id}/${crypto.randomUUID()}.ndjson`;
      const path = join(dir, `${p}.ndjson`);
      const at = (s: number) => new Date(now.getTime() - s * 1000).toISOString();
      writeFileSync(
        path,
        ['mic.off', 'mic.on', 'space.moved']
          .map((t, i) => JSON.stringify({ actionType: t, occurredAt: at(50 - i * 10) }))
          .join('\n'),
      );
      return { key, path };
    });
    const ingestMs = await timed(() =>
      Promise.all(batches.map((b) => ingestBatch(db, b.key, b.path, now))),
    );

    const range = { from: start.toISOString(), to: now.toISOString() };
    const plain = () =>
      db
        .select({ n: count() })
        .from(userActions)
        .where(
          and(
            eq(userActions.worldId, worldId),
            gte(userActions.occurredAt, start),
            lt(userActions.occurredAt, now),
          ),
        );
    const whole = () =>
      Promise.all([
        insights(db, worldId, range, now),
        aggregate(db, worldId, { ...range, interval: 'day' }),
      ]);
    await plain();
    await whole();
    if (process.env.BENCH_SPLIT) {
      const a = await timed(() => insights(db, worldId, range, now));
      const b = await timed(() => aggregate(db, worldId, { ...range, interval: 'day' }));
      console.log(`attendance ${a.toFixed(1)} ms, action counts ${b.toFixed(1)} ms`);
    }
    const [plainMs, insightsMs] = [[], []] as [number[], number[]];
    // Alternating, so that the machine's noise hits both alike.
    for (let r = 0; r < ROUNDS; r += 1) {
      plainMs.push(await timed(plain));
      insightsMs.push(await timed(whole));
    }
    const [{ n }] = (await plain()) as [{ n: number }];
    const results = {
      rows: n,
      ingestMinuteOf200Ms: Number(ingestMs.toFixed(1)),
      countMedianMs: Number(median(plainMs).toFixed(1)),
      insightsMedianMs: Number(median(insightsMs).toFixed(1)),
    };
    console.log(JSON.stringify(results, null, 2));
    console.log(
      `insights / count(*): ${(results.insightsMedianMs / results.countMedianMs).toFixed(2)}; ` +
        `ingest of a minute's 200 batches / count(*): ${(results.ingestMinuteOf200Ms / results.countMedianMs).toFixed(2)}; ` +
        `target insights ≤ 200 ms: ${results.insightsMedianMs <= 200 ? 'met' : 'not met'}`,
    );
  } finally {
    await database.close();
    await scratch.drop();
  }
}

await main();
