// Chat moderation (docs/product.md §4 チャット, ADR 029): deleting messages, muting a member,
// turning world or space chat off, and the owner's CSV export.
import { and, asc, eq, gte, lt, ne } from 'drizzle-orm';
import type { Db, Tx } from '../db/connect';
import { chatMessages, chatMutes, chatSettings, spaces, worldMembers, worlds } from '../db/schema';
import type { CsvCell } from '../http/csv';
import { RuleError } from '../http/errors';
import type { Publish } from '../http/use-case';
import { chatTexts } from '../../src/domain/chat';
import { memberRoleLabels } from '../../src/domain/roles';
import { addDaysToDay, formatDateTime, startOfDayIn } from '../../src/domain/time-zone';
import { audienceOf, isModerator, type ChatCaller } from './channels';
import { messageJson } from './messages';

/** The sender deletes their own; owner and staff any. The row stays as 削除されたメッセージ. */
export async function deleteMessage(
  db: Db,
  publish: Publish,
  worldId: string,
  caller: ChatCaller,
  messageId: string,
  now: Date,
) {
  const [row] = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.worldId, worldId), eq(chatMessages.id, messageId)));
  // Someone else's direct message does not exist for the caller.
  const visible =
    row && (row.kind !== 'direct' || row.senderId === caller.id || row.recipientId === caller.id);
  if (!row || (!visible && !isModerator(caller.role)))
    throw new RuleError('notFound', chatTexts.notFound);
  if (row.senderId !== caller.id && !isModerator(caller.role))
    throw new RuleError('forbidden', chatTexts.notYours);
  if (row.deletedAt) return messageJson(row);
  const [deleted] = await db
    .update(chatMessages)
    .set({ body: null, deletedAt: now, deletedBy: caller.id })
    .where(eq(chatMessages.id, messageId))
    .returning();
  const message = messageJson(deleted!);
  await publish(worldId, await audienceOf(db, worldId, message), { type: 'chat.deleted', message });
  return message;
}

export async function updateSettings(
  db: Db,
  publish: Publish,
  worldId: string,
  settings: { worldChat: boolean; spaceChat: boolean },
  now: Date,
) {
  await db
    .insert(chatSettings)
    .values({ worldId, ...settings, updatedAt: now })
    .onConflictDoUpdate({ target: chatSettings.worldId, set: { ...settings, updatedAt: now } });
  await publish(worldId, { everyone: true }, { type: 'chat.settings', ...settings });
  return settings;
}

/** Mutes (or unmutes) a member; not an owner, and staff not other staff (as kicking, ADR 016). */
export async function setMute(
  db: Db,
  publish: Publish,
  worldId: string,
  caller: ChatCaller,
  userId: string,
  muted: boolean,
  now: Date,
) {
  const [target] = await db
    .select({ role: worldMembers.role })
    .from(worldMembers)
    .where(and(eq(worldMembers.worldId, worldId), eq(worldMembers.userId, userId)));
  if (!target) throw new RuleError('notFound', chatTexts.memberNotFound);
  if (muted) {
    if (userId === caller.id) throw new RuleError('invalid', chatTexts.cannotMuteSelf);
    if (target.role === 'owner') throw new RuleError('invalid', chatTexts.cannotMuteOwner);
    if (target.role === 'staff' && caller.role === 'staff')
      throw new RuleError('invalid', chatTexts.staffCannotMuteStaff);
    await db
      .insert(chatMutes)
      .values({ worldId, userId, mutedBy: caller.id, mutedAt: now })
      .onConflictDoNothing();
  } else {
    await db
      .delete(chatMutes)
      .where(and(eq(chatMutes.worldId, worldId), eq(chatMutes.userId, userId)));
  }
  await publish(worldId, { userIds: [userId] }, { type: 'chat.muted', muted });
}

const csvHeader = ['日時', 'チャンネル', '送信者', '役割', 'バッジ', 'メッセージ'];

/**
 * The world's and the spaces' messages from day `from` to day `to` (inclusive, in the world's
 * time zone), oldest first, as CSV rows; direct messages are never exported.
 */
export async function exportRows(
  db: Db,
  worldId: string,
  range: { from?: string; to?: string },
): Promise<{ worldName: string; rows: CsvCell[][] }> {
  if (range.from && range.to && range.from > range.to)
    throw new RuleError('invalid', chatTexts.badRange);
  const [world] = await db
    .select({ name: worlds.name, timeZone: worlds.timeZone })
    .from(worlds)
    .where(eq(worlds.id, worldId));
  const zone = world!.timeZone;
  const rows = await db
    .select({ message: chatMessages, spaceName: spaces.name })
    .from(chatMessages)
    .leftJoin(spaces, eq(spaces.id, chatMessages.spaceId))
    .where(
      and(
        eq(chatMessages.worldId, worldId),
        ne(chatMessages.kind, 'direct'),
        range.from ? gte(chatMessages.createdAt, startOfDayIn(range.from, zone)) : undefined,
        range.to
          ? lt(chatMessages.createdAt, startOfDayIn(addDaysToDay(range.to, 1), zone))
          : undefined,
      ),
    )
    .orderBy(asc(chatMessages.seq));
  return {
    worldName: world!.name,
    rows: [
      csvHeader,
      ...rows.map(({ message: m, spaceName }) => [
        formatDateTime(m.createdAt, zone),
        m.kind === 'world' ? chatTexts.worldChannel : (spaceName ?? ''),
        m.senderName,
        memberRoleLabels[m.senderRole],
        m.badgeLabel ?? '',
        m.body ?? chatTexts.deleted,
      ]),
    ],
  };
}

/**
 * The chat's part of deleting a world (ADR 009): it goes with its world (docs/product.md §4
 * チャット); read positions go with the messages.
 */
export async function deleteChatOfWorld(tx: Tx, worldId: string) {
  await tx.delete(chatMessages).where(eq(chatMessages.worldId, worldId));
  await tx.delete(chatMutes).where(eq(chatMutes.worldId, worldId));
  await tx.delete(chatSettings).where(eq(chatSettings.worldId, worldId));
}
