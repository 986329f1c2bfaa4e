// npm run bench:insights (issue 28): 200 people's actions over a 3-hour event (about 100,000 rows)
// and their attendances on a fresh PostgreSQL database. Measures reading one minute's batches of
// the 200 (ingestBatch, as the upload route calls it), and answering the whole event's insights
// (getWorldInsights' and aggregateUserActions' functions), against a plain `select count(*)` of
// the same rows in the same run (ADR 005), in process; then the owner's page of that event in
// Chromium at 4× CPU throttling, served by the product on the same database (insights-page.ts).
// The page half needs the built app (`npm run build`); BENCH_PAGE=0 leaves it out.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, count, eq, gte, lt } from 'drizzle-orm';
import { addDaysToDay, dayOf, startOfDayIn } from '../src/domain/time-zone';
import { USER_ACTION_TYPES } from '../src/domain/user-actions';
import { openDatabase } from '../server/db/connect';
import {
  meetingAttendees,
  meetings,
  spaces,
  userActions,
  users,
  worldMembers,
  worlds,
} from '../server/db/schema';
import { insights } from '../server/users/insights';
import { aggregate, ingestBatch } from '../server/users/user-actions';
import { demoAccount } from '../server/app/seed';
import { startE2eServer } from '../tests/e2e/support/server';
import { createScratchDatabase } from '../tests/support/scratch-database';
import { measureInsightsPage } from './insights-page';
import { median } from './support';

const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 200);
const HOURS = 3;
const ACTIONS_PER_PERSON = Number(process.env.BENCH_ACTIONS_PER_PERSON ?? 500);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const PAGE = process.env.BENCH_PAGE !== '0';
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
  // The product on the same database seeds the demo owner, whose world the event is.
  const product = PAGE ? await startE2eServer({ DATABASE_URL: scratch.url }) : null;
  try {
    const now = new Date();
    // Yesterday 12:00–15:00 in Tokyo: one whole day in the world's time zone, for the page.
    const eventDay = addDaysToDay(dayOf(now, 'Asia/Tokyo'), -1);
    const end = new Date(startOfDayIn(eventDay, 'Asia/Tokyo').getTime() + 15 * 3_600_000);
    const start = new Date(end.getTime() - HOURS * 3_600_000);
    const guests = await db
      .insert(users)
      .values(
        Array.from({ length: PEOPLE }, (_, i) => ({
          email: `b${i}@bench.test`,
          passwordHash: 'x',
          name: `参加者${i}`,
        })),
      )
      .returning({ id: users.id });
    const [owner] = PAGE
      ? await db.select({ id: users.id }).from(users).where(eq(users.email, demoAccount.email))
      : await db
          .insert(users)
          .values({ email: 'owner@bench.test', passwordHash: 'x', name: '主催者' })
          .returning({ id: users.id });
    const [world] = await db
      .insert(worlds)
      .values({ name: 'bench', ownerId: owner!.id, timeZone: 'Asia/Tokyo' })
      .returning();
    const worldId = world!.id;
    await db.insert(worldMembers).values({ worldId, userId: owner!.id, role: 'owner' });
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
          endedAt: end,
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

    const range = { from: start.toISOString(), to: end.toISOString() };
    const plain = () =>
      db
        .select({ n: count() })
        .from(userActions)
        .where(
          and(
            eq(userActions.worldId, worldId),
            gte(userActions.occurredAt, start),
            lt(userActions.occurredAt, end),
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
    if (product) {
      const page = await measureInsightsPage({
        baseUrl: product.url,
        worldId,
        eventDay,
        emptyDay: addDaysToDay(eventDay, -30),
        rounds: ROUNDS,
      });
      console.log(JSON.stringify(page, null, 2));
      console.log(
        `page at 4× CPU, event day / empty day: ${(page.eventDayMedianMs / page.emptyDayMedianMs).toFixed(2)}; ` +
          `target charts drawn ≤ 1,000 ms: ${page.eventDayMedianMs <= 1000 ? 'met' : 'not met'}`,
      );
    }
  } finally {
    await product?.stop();
    await database.close();
    await scratch.drop();
  }
}

await main();
