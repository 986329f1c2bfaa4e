import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { formatDateTime } from '../../src/domain/time-zone';
import { hashSecret, newSecret } from '../auth/secrets';
import type { Db } from '../db/connect';
import { eventAnnouncements, eventRegistrations, worldGuestTokens, worlds } from '../db/schema';
import { linkUrl } from '../guests/links';
import { RuleError } from '../http/errors';
import { enqueueMail } from '../mail/outbox';
import {
  eventAlreadyRegisteredMail,
  eventRegistrationConfirmedMail,
  eventRegistrationMail,
} from '../mail/templates';
import {
  announcementFields,
  announcementMessages,
  type AnnouncementRow,
  isPublic,
  registeredCounts,
} from './announcements';
import { normalizeEmail } from '../../src/domain/email-address';

/** How long the link of a registration mail works. */
const REGISTRATION_TOKEN_HOURS = 24;

export const registrationMessages = {
  mailed: '確認メールを送信しました。メールに記載のリンクを開いて参加登録を完了してください。',
  closed: 'このイベントは現在参加登録を受け付けていません。',
  ended: 'このイベントは終了しました。',
  full: '定員に達したため、参加登録を締め切りました。',
  invalidToken: 'このリンクは無効です。URLをお確かめのうえ、もう一度参加登録してください。',
  usedToken: 'このリンクはすでに使用されています。参加登録は完了しています。',
  expiredToken: 'このリンクは有効期限が切れています。お手数ですが、もう一度参加登録してください。',
  botCheckFailed:
    'ボットによる送信の疑いがあるため登録できませんでした。時間をおいてもう一度お試しください。',
} as const;

type PublicRow = {
  announcement: AnnouncementRow;
  worldName: string;
  timeZone: 'Asia/Tokyo' | 'UTC';
};

const publicColumns = {
  announcement: eventAnnouncements,
  worldName: worlds.name,
  timeZone: worlds.timeZone,
};
const liveWorld = and(eq(worlds.id, eventAnnouncements.worldId), isNull(worlds.archivedAt));

async function publicJson(db: Db, rows: PublicRow[]) {
  const counts = await registeredCounts(
    db,
    rows.map((r) => r.announcement.id),
  );
  return rows.map(({ announcement: a, worldName }) => ({
    ...announcementFields(a),
    worldName,
    remainingSeats: Math.max(0, a.capacity - (counts.get(a.id) ?? 0)),
    registrationOpen: a.registrationOpen,
    publishedAt: a.publishedAt!.toISOString(),
    coverImageUrl: a.coverImageUrl,
  }));
}

/** Published announcements of live worlds that end after `from` (default now), by start. */
export async function listPublic(
  db: Db,
  query: { page: number; perPage: number; worldId?: string; from?: string },
  now: Date,
) {
  const from = query.from ? new Date(query.from) : now;
  const where = and(
    isPublic(now),
    gt(eventAnnouncements.endAt, from),
    query.worldId ? eq(eventAnnouncements.worldId, query.worldId) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(publicColumns)
      .from(eventAnnouncements)
      .innerJoin(worlds, liveWorld)
      .where(where)
      .orderBy(asc(eventAnnouncements.startAt), asc(eventAnnouncements.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ n: count() }).from(eventAnnouncements).innerJoin(worlds, liveWorld).where(where),
  ]);
  return {
    items: await publicJson(db, rows),
    page: query.page,
    perPage: query.perPage,
    total: total?.n ?? 0,
  };
}

/** A published announcement of a live world (drafts and future publications are not found); locked when `lock`. */
async function findPublic(db: Db, id: string, now: Date, lock = false): Promise<PublicRow> {
  const query = db
    .select(publicColumns)
    .from(eventAnnouncements)
    .innerJoin(worlds, liveWorld)
    .where(and(eq(eventAnnouncements.id, id), isPublic(now)));
  const [row] = await (lock ? query.for('update', { of: eventAnnouncements }) : query);
  if (!row) throw new RuleError('notFound', announcementMessages.notFound);
  return row;
}

export async function getPublic(db: Db, id: string, now: Date) {
  const [json] = await publicJson(db, [await findPublic(db, id, now)]);
  return json!;
}

function summary({ announcement, timeZone }: PublicRow) {
  return {
    id: announcement.id,
    title: announcement.title,
    when: formatDateTime(announcement.startAt, timeZone),
  };
}

async function confirmedCount(db: Db, id: string): Promise<number> {
  return (await registeredCounts(db, [id])).get(id) ?? 0;
}

/**
 * registerEventEmail: mails a one-time link that confirms the registration. The answer is the
 * same for a new address, a pending one (a fresh link replaces the old) and a confirmed one
 * (told by mail that nothing more is needed), so it reveals nothing about who registered.
 */
export async function register(
  db: Db,
  appUrl: string,
  id: string,
  input: { email: string; name: string },
  now: Date,
) {
  const event = await findPublic(db, id, now);
  const { announcement } = event;
  if (announcement.endAt <= now) throw new RuleError('invalid', registrationMessages.ended);
  if (!announcement.registrationOpen) throw new RuleError('invalid', registrationMessages.closed);
  if ((await confirmedCount(db, id)) >= announcement.capacity)
    throw new RuleError('invalid', registrationMessages.full);
  const email = normalizeEmail(input.email);
  const name = input.name.trim();
  const token = newSecret();
  const fresh = {
    name,
    tokenHash: hashSecret(token),
    tokenExpiresAt: new Date(now.getTime() + REGISTRATION_TOKEN_HOURS * 3_600_000),
  };
  await db.transaction(async (tx) => {
    const [pending] = await tx
      .insert(eventRegistrations)
      .values({ eventAnnouncementId: id, email, ...fresh, createdAt: now })
      .onConflictDoUpdate({
        target: [eventRegistrations.eventAnnouncementId, eventRegistrations.email],
        set: fresh,
        setWhere: isNull(eventRegistrations.confirmedAt),
      })
      .returning({ id: eventRegistrations.id });
    const mail = pending
      ? eventRegistrationMail({ appUrl, token, event: summary(event), name })
      : eventAlreadyRegisteredMail({ appUrl, event: summary(event) });
    await enqueueMail(tx, { to: email, ...mail });
  });
  return { message: registrationMessages.mailed };
}

/**
 * confirmEventRegistration: uses the mailed token once, takes a seat and creates the person's
 * own guest link (any number of entries, until the event ends). The announcement row is locked so that two
 * confirmations for the last seat cannot both pass the count.
 */
export async function confirm(db: Db, appUrl: string, id: string, token: string, now: Date) {
  return db.transaction(async (tx) => {
    const event = await findPublic(tx, id, now, true);
    const { announcement } = event;
    const [registration] = await tx
      .select()
      .from(eventRegistrations)
      .where(
        and(
          eq(eventRegistrations.eventAnnouncementId, id),
          eq(eventRegistrations.tokenHash, hashSecret(token)),
        ),
      );
    if (!registration) throw new RuleError('invalid', registrationMessages.invalidToken);
    if (registration.confirmedAt) throw new RuleError('invalid', registrationMessages.usedToken);
    if (registration.tokenExpiresAt <= now)
      throw new RuleError('invalid', registrationMessages.expiredToken);
    if (announcement.endAt <= now) throw new RuleError('invalid', registrationMessages.ended);
    if ((await confirmedCount(tx, id)) >= announcement.capacity)
      throw new RuleError('invalid', registrationMessages.full);
    const [link] = await tx
      .insert(worldGuestTokens)
      .values({
        worldId: announcement.worldId,
        token: newSecret(),
        label: `イベント「${announcement.title}」: ${registration.name}`.slice(0, 100),
        // The registrant may enter from every device they use until the event ends, not once.
        expiresAt: announcement.endAt,
        maxUses: null,
        createdAt: now,
      })
      .returning();
    await tx
      .update(eventRegistrations)
      .set({ confirmedAt: now, guestTokenId: link!.id })
      .where(
        and(
          eq(eventRegistrations.id, registration.id),
          sql`${eventRegistrations.confirmedAt} is null`,
        ),
      );
    const enterUrl = linkUrl(appUrl, link!);
    await enqueueMail(tx, {
      to: registration.email,
      ...eventRegistrationConfirmedMail({
        enterUrl,
        event: summary(event),
        name: registration.name,
      }),
    });
    return {
      eventAnnouncementId: id,
      email: registration.email,
      name: registration.name,
      confirmedAt: now.toISOString(),
      enterUrl,
    };
  });
}
