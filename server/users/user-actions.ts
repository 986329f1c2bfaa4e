import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { formatDateTime } from '../../src/domain/time-zone';
import { INSIGHTS_MAX_RANGE_DAYS, isUserActionType } from '../../src/domain/user-actions';
import type { Db } from '../db/connect';
import { userActions, users, worlds } from '../db/schema';
import type { CsvCell } from '../http/csv';
import { RuleError } from '../http/errors';

export const actionMessages = {
  range: '集計できる期間は92日までです。',
  order: 'to: 終了日時は開始日時より後にしてください。',
} as const;

/** Lines over this many in one batch are ignored (a batch is at most 10 MB anyway). */
const MAX_LINES = 20_000;
/** How long actions are kept (docs/product.md §インサイト): 13 months. */
export const KEPT_DAYS = 395;

/** A batch key names the world and the user it was issued for (server/files/storage.ts newKey). */
function batchOwner(key: string): { worldId: string; userId: string } | null {
  const match = /^user-actions\/([0-9a-f-]{36})\/([0-9a-f-]{36})\//.exec(key);
  return match ? { worldId: match[1]!, userId: match[2]! } : null;
}

/**
 * Reads an uploaded NDJSON batch ({"actionType": "...", "occurredAt": "ISO"} a line) into
 * user_actions. Lines that do not parse, name no known action (src/domain/user-actions.ts) or
 * fall outside a week before now are skipped; the same batch stored twice counts once (unique
 * batch key and line). The world's actions past KEPT_DAYS go at the same time. The file is
 * removed once read or not (ADR 033): the rows are the batch, and a browser retrying after a
 * failed read must find its URL unused.
 */
export async function ingestBatch(db: Db, key: string, path: string, now: Date): Promise<number> {
  try {
    return await readBatch(db, key, path, now);
  } finally {
    await rm(path, { force: true });
  }
}

async function readBatch(db: Db, key: string, path: string, now: Date): Promise<number> {
  const owner = batchOwner(key);
  if (!owner) return 0;
  const earliest = now.getTime() - 7 * 86_400_000;
  const latest = now.getTime() + 5 * 60_000;
  const rows: (typeof userActions.$inferInsert)[] = [];
  let lineNo = 0;
  for await (const line of createInterface({
    input: createReadStream(path, 'utf8'),
    crlfDelay: Infinity,
  })) {
    if (++lineNo > MAX_LINES) break;
    const action = parseLine(line);
    if (!action || action.occurredAt.getTime() < earliest || action.occurredAt.getTime() > latest)
      continue;
    rows.push({ ...owner, ...action, batchKey: key, lineNo });
  }
  for (let i = 0; i < rows.length; i += 1000) {
    await db
      .insert(userActions)
      .values(rows.slice(i, i + 1000))
      .onConflictDoNothing();
  }
  await db
    .delete(userActions)
    .where(
      and(
        eq(userActions.worldId, owner.worldId),
        lt(userActions.occurredAt, new Date(now.getTime() - KEPT_DAYS * 86_400_000)),
      ),
    );
  return rows.length;
}

function parseLine(line: string): { actionType: string; occurredAt: Date } | null {
  try {
    const value = JSON.parse(line) as { actionType?: unknown; occurredAt?: unknown };
    if (!isUserActionType(value.actionType) || typeof value.occurredAt !== 'string') return null;
    const occurredAt = new Date(value.occurredAt);
    return Number.isNaN(occurredAt.getTime()) ? null : { actionType: value.actionType, occurredAt };
  } catch {
    return null;
  }
}

export function checkRange(from: string, to: string) {
  const [start, end] = [new Date(from), new Date(to)];
  if (!(end > start)) throw new RuleError('invalid', actionMessages.order);
  if (end.getTime() - start.getTime() > INSIGHTS_MAX_RANGE_DAYS * 86_400_000)
    throw new RuleError('invalid', actionMessages.range);
  return { start, end };
}

async function zoneOf(db: Db, worldId: string) {
  const [world] = await db
    .select({ timeZone: worlds.timeZone })
    .from(worlds)
    .where(eq(worlds.id, worldId));
  return world?.timeZone ?? 'Asia/Tokyo';
}

/** Counts and distinct users per hour or day (in the world's time zone) and action type. */
export async function aggregate(
  db: Db,
  worldId: string,
  query: { from: string; to: string; interval?: 'hour' | 'day'; actionType?: string },
) {
  const { start, end } = checkRange(query.from, query.to);
  const interval = query.interval ?? 'day';
  const zone = await zoneOf(db, worldId);
  const a = userActions;
  // Literals, not parameters: GROUP BY must see the same expression as SELECT. Both values come
  // from closed lists (the contract's enum, the worlds.time_zone enum), never from free text.
  const literal = (value: string) => sql.raw(`'${value.replace(/'/g, "''")}'`);
  const bucket = sql<Date>`(date_trunc(${literal(interval)}, ${a.occurredAt} at time zone ${literal(zone)}) at time zone ${literal(zone)})`;
  // Per person first, then per kind: a hash aggregate of ~100,000 rows instead of sorting them
  // for count(distinct) (bench:insights: 270 -> 130 ms for 100,000 rows).
  const perPerson = db
    .select({
      bucket: bucket.as('bucket'),
      actionType: a.actionType,
      userId: a.userId,
      n: sql<number>`count(*)`.as('n'),
    })
    .from(a)
    .where(
      and(
        eq(a.worldId, worldId),
        gte(a.occurredAt, start),
        lt(a.occurredAt, end),
        query.actionType ? eq(a.actionType, query.actionType) : undefined,
      ),
    )
    .groupBy(bucket, a.actionType, a.userId)
    .as('per_person');
  const rows = await db
    .select({
      bucket: sql<Date>`${perPerson.bucket}`.mapWith((v: string | Date) => new Date(v)),
      actionType: perPerson.actionType,
      count: sql<number>`sum(${perPerson.n})`.mapWith(Number),
      // A deleted user's actions (user null) count, but as no one.
      uniqueUsers: sql<number>`count(${perPerson.userId})`.mapWith(Number),
    })
    .from(perPerson)
    .groupBy(perPerson.bucket, perPerson.actionType)
    .orderBy(perPerson.bucket, perPerson.actionType);
  return {
    from: start.toISOString(),
    to: end.toISOString(),
    interval,
    items: rows.map((r) => ({
      bucketStart: r.bucket.toISOString(),
      actionType: r.actionType,
      count: r.count,
      uniqueUsers: r.uniqueUsers,
    })),
  };
}

/** One CSV row per action in [from, to), oldest first. */
export async function actionCsvRows(
  db: Db,
  worldId: string,
  query: { from: string; to: string },
): Promise<CsvCell[][]> {
  const { start, end } = checkRange(query.from, query.to);
  const zone = await zoneOf(db, worldId);
  const a = userActions;
  const rows = await db
    .select({
      occurredAt: a.occurredAt,
      actionType: a.actionType,
      userId: a.userId,
      name: users.name,
    })
    .from(a)
    .leftJoin(users, eq(users.id, a.userId))
    .where(and(eq(a.worldId, worldId), gte(a.occurredAt, start), lt(a.occurredAt, end)))
    .orderBy(asc(a.occurredAt), asc(a.id));
  return [
    ['日時', '操作', 'ユーザーID', 'ユーザー名'],
    ...rows.map((r) => [
      formatDateTime(r.occurredAt, zone),
      r.actionType,
      r.userId ?? '',
      r.name ?? '退会したユーザー',
    ]),
  ];
}
