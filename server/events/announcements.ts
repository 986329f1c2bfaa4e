import { and, asc, count, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { calendarDates, eventAnnouncements, eventRegistrations } from '../db/schema';
import { RuleError } from '../http/errors';
import { isHttpsUrl } from '../http/urls';

export type AnnouncementRow = typeof eventAnnouncements.$inferSelect;

export const announcementMessages = {
  notFound: 'イベントのお知らせが見つかりません。',
  title: 'title: 入力してください。',
  endBeforeStart: 'endAt: 終了日時は開始日時より後にしてください。',
  capacityBelowRegistered: (n: number) =>
    `capacity: 参加登録済みの人数（${n}人）より少なくはできません。`,
  coverImageHttps: 'coverImageUrl: https:// で始まるURLを指定してください。',
  linkedToReserved:
    '予約済みの日時に紐づいているため削除できません。先に日時の紐づけを外してください。',
  notOfWorld: 'eventAnnouncementId: このワールドのイベントのお知らせを指定してください。',
} as const;

/** Confirmed registrations per announcement. */
export async function registeredCounts(db: Db, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: eventRegistrations.eventAnnouncementId, n: count() })
    .from(eventRegistrations)
    .where(
      and(
        inArray(eventRegistrations.eventAnnouncementId, ids),
        isNotNull(eventRegistrations.confirmedAt),
      ),
    )
    .groupBy(eventRegistrations.eventAnnouncementId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** The reserved dates linked to each announcement, by start. */
async function linkedDates(db: Db, ids: string[], now: Date) {
  const result = new Map<
    string,
    {
      id: string;
      startAt: string;
      endAt: string;
      capacity: number;
      status: 'reserved' | 'finished';
    }[]
  >();
  if (ids.length === 0) return result;
  const rows = await db
    .select()
    .from(calendarDates)
    .where(
      and(inArray(calendarDates.eventAnnouncementId, ids), eq(calendarDates.status, 'reserved')),
    )
    .orderBy(asc(calendarDates.startAt));
  for (const d of rows) {
    const list = result.get(d.eventAnnouncementId!) ?? [];
    list.push({
      id: d.id,
      startAt: d.startAt.toISOString(),
      endAt: d.endAt.toISOString(),
      capacity: d.capacity,
      status: d.endAt < now ? 'finished' : 'reserved',
    });
    result.set(d.eventAnnouncementId!, list);
  }
  return result;
}

/** What every view of an announcement says about the event itself, the owner's and the public one. */
export function announcementFields(a: AnnouncementRow) {
  return {
    id: a.id,
    worldId: a.worldId,
    title: a.title,
    body: a.body,
    startAt: a.startAt.toISOString(),
    endAt: a.endAt.toISOString(),
    venue: a.venue,
    capacity: a.capacity,
  };
}

async function announcementsJson(db: Db, rows: AnnouncementRow[], now: Date) {
  const ids = rows.map((r) => r.id);
  const [counts, dates] = await Promise.all([registeredCounts(db, ids), linkedDates(db, ids, now)]);
  return rows.map((a) => ({
    ...announcementFields(a),
    registrationOpen: a.registrationOpen,
    publishedAt: a.publishedAt?.toISOString() ?? null,
    registeredCount: counts.get(a.id) ?? 0,
    coverImageUrl: a.coverImageUrl,
    calendarDates: dates.get(a.id) ?? [],
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  }));
}

async function announcementJson(db: Db, row: AnnouncementRow, now: Date) {
  const [json] = await announcementsJson(db, [row], now);
  return json!;
}

export async function listAnnouncements(
  db: Db,
  worldId: string,
  page: number,
  perPage: number,
  now: Date,
) {
  const where = eq(eventAnnouncements.worldId, worldId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(eventAnnouncements)
      .where(where)
      .orderBy(asc(eventAnnouncements.startAt), asc(eventAnnouncements.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(eventAnnouncements).where(where),
  ]);
  return { items: await announcementsJson(db, rows, now), page, perPage, total: total?.n ?? 0 };
}

async function findAnnouncement(
  db: Db,
  worldId: string,
  id: string,
  lock = false,
): Promise<AnnouncementRow> {
  const query = db
    .select()
    .from(eventAnnouncements)
    .where(and(eq(eventAnnouncements.id, id), eq(eventAnnouncements.worldId, worldId)));
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw new RuleError('notFound', announcementMessages.notFound);
  return row;
}

export async function getAnnouncement(db: Db, worldId: string, id: string, now: Date) {
  return announcementJson(db, await findAnnouncement(db, worldId, id), now);
}

type AnnouncementInput = {
  title?: string;
  body?: string;
  startAt?: string;
  endAt?: string;
  venue?: string;
  capacity?: number;
  registrationOpen?: boolean;
  publishedAt?: string | null;
  coverImageUrl?: string | null;
};

/** The columns an input sets, cleaned (trimmed, dates parsed) and checked on their own. */
function changesOf(input: AnnouncementInput) {
  if (input.title !== undefined && !input.title.trim())
    throw new RuleError('invalid', announcementMessages.title);
  if (input.coverImageUrl && !isHttpsUrl(input.coverImageUrl))
    throw new RuleError('invalid', announcementMessages.coverImageHttps);
  return {
    ...(input.title !== undefined && { title: input.title.trim() }),
    ...(input.body !== undefined && { body: input.body.trim() }),
    ...(input.startAt !== undefined && { startAt: new Date(input.startAt) }),
    ...(input.endAt !== undefined && { endAt: new Date(input.endAt) }),
    ...(input.venue !== undefined && { venue: input.venue.trim() }),
    ...(input.capacity !== undefined && { capacity: input.capacity }),
    ...(input.registrationOpen !== undefined && { registrationOpen: input.registrationOpen }),
    ...(input.publishedAt !== undefined && {
      publishedAt: input.publishedAt === null ? null : new Date(input.publishedAt),
    }),
    ...(input.coverImageUrl !== undefined && { coverImageUrl: input.coverImageUrl }),
  };
}

function assertRange(startAt: Date, endAt: Date) {
  if (!(endAt > startAt)) throw new RuleError('invalid', announcementMessages.endBeforeStart);
}

export async function createAnnouncement(
  db: Db,
  worldId: string,
  input: AnnouncementInput & { title: string; startAt: string; endAt: string; capacity: number },
  now: Date,
) {
  const changes = changesOf(input);
  const values = {
    worldId,
    ...changes,
    title: input.title.trim(),
    startAt: new Date(input.startAt),
    endAt: new Date(input.endAt),
    capacity: input.capacity,
  };
  assertRange(values.startAt, values.endAt);
  const [row] = await db
    .insert(eventAnnouncements)
    .values({ ...values, createdAt: now, updatedAt: now })
    .returning();
  return announcementJson(db, row!, now);
}

/** Capacity may not drop below the confirmed registrations (the row lock orders it with confirmations). */
export async function updateAnnouncement(
  db: Db,
  worldId: string,
  id: string,
  input: AnnouncementInput,
  now: Date,
) {
  const row = await db.transaction(async (tx) => {
    const current = await findAnnouncement(tx, worldId, id, true);
    const changes = changesOf(input);
    assertRange(changes.startAt ?? current.startAt, changes.endAt ?? current.endAt);
    if (changes.capacity !== undefined && changes.capacity < current.capacity) {
      const registered = (await registeredCounts(tx, [id])).get(id) ?? 0;
      if (changes.capacity < registered)
        throw new RuleError('invalid', announcementMessages.capacityBelowRegistered(registered));
    }
    const [updated] = await tx
      .update(eventAnnouncements)
      .set({ ...changes, updatedAt: now })
      .where(eq(eventAnnouncements.id, id))
      .returning();
    return updated!;
  });
  return announcementJson(db, row, now);
}

/**
 * Deletes an announcement and its registrations. Refused while a reserved date that has not
 * ended is linked to it; other dates (held, cancelled, past) are unlinked first.
 */
export async function deleteAnnouncement(db: Db, worldId: string, id: string, now: Date) {
  await db.transaction(async (tx) => {
    await findAnnouncement(tx, worldId, id, true);
    const [upcoming] = await tx
      .select({ id: calendarDates.id })
      .from(calendarDates)
      .where(
        and(
          eq(calendarDates.eventAnnouncementId, id),
          eq(calendarDates.status, 'reserved'),
          gt(calendarDates.endAt, now),
        ),
      )
      .limit(1);
    if (upcoming) throw new RuleError('invalid', announcementMessages.linkedToReserved);
    await tx
      .update(calendarDates)
      .set({ eventAnnouncementId: null })
      .where(eq(calendarDates.eventAnnouncementId, id));
    await tx.delete(eventAnnouncements).where(eq(eventAnnouncements.id, id));
  });
}

/**
 * 422 unless every id names an announcement of the world. Takes a share lock on them, so an
 * announcement cannot be deleted between this check and the caller's write to calendar_dates
 * (the foreign key would otherwise answer that race with a 500).
 */
export async function assertAnnouncementsOfWorld(
  tx: Db,
  worldId: string,
  ids: (string | null | undefined)[],
) {
  const wanted = [...new Set(ids.filter((id): id is string => typeof id === 'string'))];
  if (wanted.length === 0) return;
  const found = await tx
    .select({ id: eventAnnouncements.id })
    .from(eventAnnouncements)
    .where(and(eq(eventAnnouncements.worldId, worldId), inArray(eventAnnouncements.id, wanted)))
    .for('share');
  if (found.length !== wanted.length)
    throw new RuleError('invalid', announcementMessages.notOfWorld);
}

/** Public from published_at on: the condition, for the public queries. */
export function isPublic(now: Date) {
  return and(
    isNotNull(eventAnnouncements.publishedAt),
    sql`${eventAnnouncements.publishedAt} <= ${now}`,
  )!;
}

/** The world's next public event not over yet (WorldOutline.nextEvent), or null. */
export async function nextPublicEvent(db: Db, worldId: string, now: Date) {
  const a = eventAnnouncements;
  const [next] = await db
    .select({ id: a.id, title: a.title, startAt: a.startAt, endAt: a.endAt })
    .from(a)
    .where(and(eq(a.worldId, worldId), isPublic(now), gt(a.endAt, now)))
    .orderBy(asc(a.startAt), asc(a.id))
    .limit(1);
  return next
    ? {
        id: next.id,
        title: next.title,
        startAt: next.startAt.toISOString(),
        endAt: next.endAt.toISOString(),
      }
    : null;
}
