import { and, count, desc, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import { copyNameOf, worldLimits } from '../../src/domain/forms/world-form';
import { fieldMessage, messages } from '../../src/domain/validation-messages';
import { releaseExpiredHolds } from '../calendar/rules';
import type { Db } from '../db/connect';
import {
  calendarDates,
  chatMessages,
  chatMutes,
  chatSettings,
  liveStreamings,
  payments,
  users,
  worldGuestTokens,
  worldMembers,
  worlds,
  type WorldRole,
} from '../db/schema';
import { RuleError } from '../http/errors';
import type { MeetingContext } from '../meetings/effects';
import { endStreamsOfRemovedStages } from '../meetings/streaming';
import { copyQuestionnaires } from '../questionnaires/copy';
import { checkoutMessages } from '../payments/checkout';
import { createMainSpace } from './spaces';
import { forbiddenMessage } from './access';
import { isHttpsUrl } from '../http/urls';
import { worldNotFoundMessage } from '../db/world-locks';

type WorldRow = typeof worlds.$inferSelect;

export const worldMessages = {
  nameRequired: fieldMessage('name', messages.required()),
  nameTooLong: fieldMessage('name', messages.maxLength(worldLimits.name)),
  coverImageHttps: fieldMessage('coverImageUrl', 'https:// で始まるURLを指定してください。'),
  reservedDatesLeft: (n: number) =>
    `終了していない予約済みの日時が${n}件あるため、ワールドを削除できません。予約を取り消すか、すべての日時が終了してから削除してください。`,
} as const;

/** Lengths as the contract counts them (JSON Schema maxLength counts code points). */
function chars(value: string): string[] {
  return Array.from(value);
}

/** A world name as stored: trimmed, not blank (422 with the form's message). */
function worldName(value: string): string {
  const name = value.trim();
  if (!name) throw new RuleError('invalid', worldMessages.nameRequired);
  if (chars(name).length > worldLimits.name)
    throw new RuleError('invalid', worldMessages.nameTooLong);
  return name;
}

/** The world row, unless it does not exist or was deleted (archived). */
const live = (worldId: string) => and(eq(worlds.id, worldId), isNull(worlds.archivedAt));

/** The roles of accounts; a guest never sees these views (the account area refuses guests). */
type AccountRole = Exclude<WorldRole, 'guest'>;

function accountRole(role: WorldRole): AccountRole {
  if (role === 'guest') throw new RuleError('forbidden', forbiddenMessage);
  return role;
}

/** The fields every view of a world shares; the account area's views carry no guest role. */
export function worldJson<Role extends WorldRole>(world: WorldRow, role: Role) {
  return {
    id: world.id,
    name: world.name,
    description: world.description,
    timeZone: world.timeZone,
    coverImageUrl: world.coverImageUrl,
    ownerId: world.ownerId,
    role,
    createdAt: world.createdAt.toISOString(),
    updatedAt: world.updatedAt.toISOString(),
  };
}

/** A world needs only a name; everything else starts from its default. The creator owns it. */
export async function createWorld(
  db: Db,
  ownerId: string,
  input: { name: string; description?: string; timeZone?: WorldRow['timeZone'] },
  now: Date,
) {
  // The input has passed the world form's rules (src/domain/forms/world-form.ts): trimmed, not blank.
  return db.transaction(async (tx) => {
    const [world] = await tx
      .insert(worlds)
      .values({
        name: input.name,
        description: input.description ?? '',
        timeZone: input.timeZone ?? 'Asia/Tokyo',
        ownerId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx
      .insert(worldMembers)
      .values({ worldId: world!.id, userId: ownerId, role: 'owner', createdAt: now });
    await createMainSpace(tx, world!.id, now);
    return worldJson(world!, 'owner');
  });
}

/** The worlds the user belongs to in any role, newest first; deleted (archived) worlds are not listed. */
export async function listWorlds(db: Db, userId: string, page: number, perPage: number) {
  const mine = and(eq(worldMembers.userId, userId), isNull(worlds.archivedAt));
  const [rows, [total]] = await Promise.all([
    db
      .select({ world: worlds, role: worldMembers.role })
      .from(worldMembers)
      .innerJoin(worlds, eq(worlds.id, worldMembers.worldId))
      .where(mine)
      .orderBy(desc(worlds.createdAt), desc(worlds.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db
      .select({ n: count() })
      .from(worldMembers)
      .innerJoin(worlds, eq(worlds.id, worldMembers.worldId))
      .where(mine),
  ]);
  return {
    items: rows.map((r) => worldJson(r.world, accountRole(r.role))),
    page,
    perPage,
    total: total?.n ?? 0,
  };
}

export async function getWorld(db: Db, worldId: string, role: WorldRole) {
  const [world] = await db.select().from(worlds).where(live(worldId)).limit(1);
  if (!world) throw new RuleError('notFound', worldNotFoundMessage);
  return worldJson(world, accountRole(role));
}

export type UpdateWorldInput = {
  name?: string;
  description?: string;
  timeZone?: WorldRow['timeZone'];
  coverImageUrl?: string | null;
};

/**
 * updateWorld (owner). Every field is checked before anything is written (422 with every
 * message), then one UPDATE changes the given fields: a refused request changes nothing.
 */
export async function updateWorld(
  db: Db,
  worldId: string,
  role: WorldRole,
  input: UpdateWorldInput,
  now: Date,
) {
  const changes: Partial<typeof worlds.$inferInsert> = {};
  const problems: string[] = [];
  const check = (apply: () => void) => {
    try {
      apply();
    } catch (err) {
      if (!(err instanceof RuleError)) throw err;
      problems.push(...err.messages);
    }
  };
  if (input.name !== undefined) check(() => (changes.name = worldName(input.name!)));
  if (input.description !== undefined) changes.description = input.description.trim();
  if (input.timeZone !== undefined) changes.timeZone = input.timeZone;
  if (input.coverImageUrl !== undefined) {
    const url = input.coverImageUrl;
    if (url !== null && !isHttpsUrl(url)) problems.push(worldMessages.coverImageHttps);
    else changes.coverImageUrl = url;
  }
  if (problems.length > 0) throw new RuleError('invalid', problems);
  const [world] = await db
    .update(worlds)
    .set({ ...changes, updatedAt: now })
    .where(live(worldId))
    .returning();
  // Deleted between the role check and the update.
  if (!world) throw new RuleError('notFound', worldNotFoundMessage);
  return worldJson(world, accountRole(role));
}

/**
 * copyWorld: a new world owned by the caller with the source's description, time zone and cover,
 * named by the body or "<name> のコピー", with a main space of its own, and with copyQuestionnaires
 * the questionnaires as drafts (server/questionnaires/copy.ts). Nothing else comes along: no
 * members but the caller, no calendar dates, payments or guest links. copyLayout is accepted but
 * copies nothing: the copy starts with the default layout (server/layouts/layouts.ts).
 */
export async function copyWorld(
  db: Db,
  sourceId: string,
  ownerId: string,
  input: { name?: string; copyQuestionnaires?: boolean },
  now: Date,
) {
  const name = input.name === undefined ? undefined : worldName(input.name);
  return db.transaction(async (tx) => {
    const [source] = await tx.select().from(worlds).where(live(sourceId)).limit(1);
    if (!source) throw new RuleError('notFound', worldNotFoundMessage);
    const [world] = await tx
      .insert(worlds)
      .values({
        name: name ?? copyNameOf(source.name),
        description: source.description,
        timeZone: source.timeZone,
        coverImageUrl: source.coverImageUrl,
        ownerId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx
      .insert(worldMembers)
      .values({ worldId: world!.id, userId: ownerId, role: 'owner', createdAt: now });
    await createMainSpace(tx, world!.id, now);
    if (input.copyQuestionnaires) await copyQuestionnaires(tx, source.id, world!.id, now);
    return worldJson(world!, 'owner');
  });
}

/**
 * deleteWorld (owner), ADR 009. With the world row locked (the lock every change to its dates
 * takes, ADR 008): refused (422) while a reserved date has not ended; pending holds are released
 * and their unfinished checkouts stopped (a payer who still completes one is refunded, as when
 * the owner releases a date). Then the world is archived, not deleted: payment histories
 * reference it and keep showing its name. Its guest links and guest users go (their sessions
 * with them); the other memberships stay, unanswered, because every world-scoped call and list
 * ignores an archived world. Its live streams end as a removed stage's do (ADR 026).
 */
export async function deleteWorld(ctx: MeetingContext, worldId: string) {
  const { now } = ctx;
  const streams = await ctx.db.transaction(async (tx) => {
    const [world] = await tx
      .select({ id: worlds.id })
      .from(worlds)
      .where(live(worldId))
      .for('update');
    if (!world) throw new RuleError('notFound', worldNotFoundMessage);
    await releaseExpiredHolds(tx, worldId, now);
    const [left] = await tx
      .select({ n: count() })
      .from(calendarDates)
      .where(
        and(
          eq(calendarDates.worldId, worldId),
          eq(calendarDates.status, 'reserved'),
          gt(calendarDates.endAt, now),
        ),
      );
    if (left && left.n > 0) throw new RuleError('invalid', worldMessages.reservedDatesLeft(left.n));

    const held = await tx
      .update(calendarDates)
      .set({ status: 'cancelled', holdExpiresAt: null, updatedAt: now })
      .where(and(eq(calendarDates.worldId, worldId), eq(calendarDates.status, 'pending')))
      .returning({ paymentId: calendarDates.paymentId });
    const checkouts = [...new Set(held.flatMap((d) => (d.paymentId ? [d.paymentId] : [])))];
    if (checkouts.length > 0) {
      await tx
        .update(payments)
        .set({ status: 'failed', failureMessage: checkoutMessages.released, updatedAt: now })
        .where(
          and(
            inArray(payments.id, checkouts),
            or(eq(payments.status, 'processing'), eq(payments.status, 'requires_action')),
          ),
        );
    }

    // Before the guests go: a guest watcher's attendance ends with the rest.
    const stages = await tx
      .select({ spaceId: liveStreamings.spaceId })
      .from(liveStreamings)
      .where(eq(liveStreamings.worldId, worldId));
    const streams = await endStreamsOfRemovedStages(
      tx,
      worldId,
      stages.map((s) => s.spaceId),
      now,
    );
    await tx.delete(worldGuestTokens).where(eq(worldGuestTokens.worldId, worldId));
    // The chat goes with its world (docs/product.md §4 チャット): read positions go with the messages.
    await tx.delete(chatMessages).where(eq(chatMessages.worldId, worldId));
    await tx.delete(chatMutes).where(eq(chatMutes.worldId, worldId));
    await tx.delete(chatSettings).where(eq(chatSettings.worldId, worldId));
    await tx.delete(users).where(and(eq(users.guestWorldId, worldId), eq(users.isGuest, true)));
    await tx.update(worlds).set({ archivedAt: now, updatedAt: now }).where(eq(worlds.id, worldId));
    return streams;
  });
  await streams.finish(ctx);
}
