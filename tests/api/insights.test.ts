import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  meetingAttendees,
  meetings,
  spaces,
  userActions,
  worldMembers,
} from '../../server/db/schema';
import { actionMessages, KEPT_DAYS } from '../../server/users/user-actions';
import { useTestServer } from './support/app';
import { checkoutCalls } from './support/checkout';
import { testDbKind } from './support/database';
import type { AuthHeaders } from './support/session';

const t = useTestServer({ env: { DATA_DIR: mkdtempSync(join(tmpdir(), 'worlds-insights-')) } });
const api = checkoutCalls(t);
const minutes = (n: number) => n * 60_000;

async function worldWithTables() {
  const owner = await api.owner();
  const world = await api.world(owner.headers);
  const [hall] = await t.database.db.select().from(spaces).where(eq(spaces.worldId, world.id));
  const [a, b, stage] = await t.database.db
    .insert(spaces)
    .values([
      { worldId: world.id, name: 'テーブルA', kind: 'table', capacity: 6, position: 1 },
      { worldId: world.id, name: 'テーブルB', kind: 'table', capacity: 6, position: 2 },
      { worldId: world.id, name: 'ステージ', kind: 'stage', capacity: 10, position: 3 },
    ])
    .returning();
  return { owner, world, hall: hall!, a: a!, b: b!, stage: stage! };
}

async function member(worldId: string, role: 'user' | 'guest' | 'staff') {
  const user = await api.owner();
  await t.database.db.insert(worldMembers).values({ worldId, userId: user.id, role });
  return user;
}

/** An attendance as the meetings record it: `from`/`to` minutes after `start`. */
async function attend(
  worldId: string,
  spaceId: string,
  userId: string,
  start: number,
  from: number,
  to: number | null,
  watching = false,
) {
  const [meeting] = await t.database.db
    .insert(meetings)
    .values({
      worldId,
      spaceId,
      provider: 'local',
      providerMeeting: '{}',
      startedAt: new Date(start + minutes(from)),
      endedAt: new Date(start + minutes(to ?? from + 1)),
    })
    .returning();
  await t.database.db.insert(meetingAttendees).values({
    meetingId: meeting!.id,
    userId,
    attendeeId: crypto.randomUUID(),
    joinedAt: new Date(start + minutes(from)),
    leftAt: to === null ? null : new Date(start + minutes(to)),
    watching,
  });
}

async function uploadBatch(headers: AuthHeaders, worldId: string, body: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user_action_presigned_urls',
    headers,
    payload: { worldId, byteSize: Buffer.byteLength(body) },
  });
  expect(res.statusCode, res.body).toBe(201);
  const url = new URL((res.json() as { uploadUrl: string }).uploadUrl);
  const put = await t.app.inject({
    method: 'PUT',
    url: url.pathname + url.search,
    headers: { 'content-type': 'application/x-ndjson' },
    payload: body,
  });
  expect(put.statusCode, put.body).toBe(200);
}

function getInsights(headers: AuthHeaders, worldId: string, from: Date, to: Date) {
  const query = `from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}`;
  return t.app.inject({
    method: 'GET',
    url: `/api/mypage/worlds/${worldId}/insights?${query}`,
    headers,
  });
}

describe(`insights on ${testDbKind}`, () => {
  it('counts people, visits, the peak, stays and tables from the attendance records', async () => {
    const { owner, world, hall, a, b, stage } = await worldWithTables();
    const [ann, ben] = [await member(world.id, 'guest'), await member(world.id, 'user')];
    const start = t.clock.now().getTime() - minutes(180);
    // Ann: the hall 0–10, table A 10–40, table B 40–70 (one visit), back later 120–125.
    await attend(world.id, hall.id, ann.id, start, 0, 10);
    await attend(world.id, a.id, ann.id, start, 10, 40);
    await attend(world.id, b.id, ann.id, start, 40, 70);
    await attend(world.id, a.id, ann.id, start, 120, 125);
    // Ben: table A 20–50, then watches the stage 50–90.
    await attend(world.id, a.id, ben.id, start, 20, 50);
    await attend(world.id, stage.id, ben.id, start, 50, 90, true);
    // Only Ann's browser reported entering: the server's count wins and the difference shows.
    await uploadBatch(
      ann.headers,
      world.id,
      `${JSON.stringify({ actionType: 'world.entered', occurredAt: new Date(start).toISOString() })}\n`,
    );

    const res = await getInsights(owner.headers, world.id, new Date(start), t.clock.now());
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      people: 2,
      entries: 3,
      peak: 2,
      browserPeople: 1,
      stepMinutes: 1,
    });
    expect(body.peakAt).toBe(new Date(start + minutes(20)).toISOString());
    expect(body.stays).toEqual([
      { minMinutes: 0, maxMinutes: 5, visits: 0 },
      { minMinutes: 5, maxMinutes: 15, visits: 1 },
      { minMinutes: 15, maxMinutes: 30, visits: 0 },
      { minMinutes: 30, maxMinutes: 60, visits: 0 },
      { minMinutes: 60, maxMinutes: 120, visits: 2 },
      { minMinutes: 120, maxMinutes: null, visits: 0 },
    ]);
    const byName = Object.fromEntries(
      (
        body.spaces as {
          name: string;
          people: number;
          watchers: number;
          minutes: number;
          peak: number;
        }[]
      ).map((s) => [s.name, [s.people, s.watchers, s.minutes, s.peak]]),
    );
    expect(byName).toMatchObject({
      テーブルA: [2, 0, 65, 2],
      テーブルB: [1, 0, 30, 1],
      ステージ: [0, 1, 40, 0],
    });
    const point = (m: number) => body.attendance[m] as { people: number; watchers: number };
    expect(point(25)).toMatchObject({ people: 2, watchers: 0 });
    expect(point(80)).toMatchObject({ people: 1, watchers: 1 });
    expect(point(100)).toMatchObject({ people: 0, watchers: 0 });
  });

  it('lets staff read them and refuses members, guests, long and reversed ranges', async () => {
    const { owner, world } = await worldWithTables();
    const now = t.clock.now();
    const dayAgo = new Date(now.getTime() - minutes(24 * 60));
    const staff = await member(world.id, 'staff');
    expect((await getInsights(staff.headers, world.id, dayAgo, now)).statusCode).toBe(200);
    for (const role of ['user', 'guest'] as const) {
      const someone = await member(world.id, role);
      expect((await getInsights(someone.headers, world.id, dayAgo, now)).statusCode).toBe(403);
    }
    const long = await getInsights(
      owner.headers,
      world.id,
      new Date(now.getTime() - minutes(93 * 24 * 60)),
      now,
    );
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual([actionMessages.range]);
    const reversed = await getInsights(owner.headers, world.id, now, dayAgo);
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().errors).toEqual([actionMessages.order]);
  });

  it('skips unknown action types and lines past 20,000, and takes batches only for one’s worlds', async () => {
    const { world } = await worldWithTables();
    const other = await worldWithTables();
    const guest = await member(world.id, 'guest');
    const at = new Date(t.clock.now().getTime() - minutes(5)).toISOString();
    const line = (actionType: string) => `${JSON.stringify({ actionType, occurredAt: at })}\n`;
    await uploadBatch(
      guest.headers,
      world.id,
      line('mic.off') + line('speak') + line('mic.on').repeat(19_998) + line('camera.on'),
    );
    const stored = await t.database.db
      .select({ type: userActions.actionType })
      .from(userActions)
      .where(eq(userActions.worldId, world.id));
    expect(stored).toHaveLength(19_999);
    expect(stored.filter((r) => r.type === 'speak' || r.type === 'camera.on')).toEqual([]);

    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/user_action_presigned_urls',
      headers: guest.headers,
      payload: { worldId: other.world.id, byteSize: 10 },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().errors[0]).toMatch(/[ぁ-んァ-ン一-龥]/);
  });

  it('removes a world’s actions older than 13 months when its next batch is read', async () => {
    const { world } = await worldWithTables();
    const guest = await member(world.id, 'guest');
    const old = (days: number) => ({
      worldId: world.id,
      userId: guest.id,
      actionType: 'mic.on',
      occurredAt: new Date(t.clock.now().getTime() - days * 86_400_000),
      batchKey: `old-${days}`,
      lineNo: 1,
    });
    await t.database.db.insert(userActions).values([old(KEPT_DAYS + 1), old(KEPT_DAYS - 1)]);
    const at = new Date(t.clock.now().getTime() - minutes(1)).toISOString();
    await uploadBatch(
      guest.headers,
      world.id,
      `${JSON.stringify({ actionType: 'mic.off', occurredAt: at })}\n`,
    );
    const kept = await t.database.db
      .select({ key: userActions.batchKey })
      .from(userActions)
      .where(eq(userActions.worldId, world.id));
    expect(kept.map((r) => r.key).filter((k) => k.startsWith('old-'))).toEqual([
      `old-${KEPT_DAYS - 1}`,
    ]);
  });
});
