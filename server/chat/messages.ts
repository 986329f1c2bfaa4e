// Chat messages (docs/product.md §4 チャット, ADR 029): posting, the history by cursor, read
// positions. Every message reaches its channel's people over the realtime bus (chat.message),
// so across processes through Redis when REDIS_URL is set.
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import {
  chatMessages,
  chatReadPositions,
  enterGuestBadges,
  users,
  worldGuestTokens,
  worldMembers,
} from '../db/schema';
import { RuleError } from '../http/errors';
import type { Publish } from '../http/use-case';
import { chatTexts, checkChatBody, findMentions } from '../../src/domain/chat';
import { fieldMessage } from '../../src/domain/validation-messages';
import { audienceOf, readableChannel, writableChannel, type ChatCaller } from './channels';

type Row = typeof chatMessages.$inferSelect;

export function messageJson(row: Row) {
  return {
    id: row.id,
    kind: row.kind,
    spaceId: row.spaceId,
    recipientId: row.recipientId,
    senderId: row.senderId,
    senderName: row.senderName,
    senderRole: row.senderRole,
    senderBadge:
      row.badgeLabel === null || row.badgeColor === null
        ? null
        : { label: row.badgeLabel, color: row.badgeColor },
    body: row.body,
    deleted: row.deletedAt !== null,
    mentionedUserIds: row.mentionedUserIds,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The sender as the message keeps them: name, role and a guest's enter-page badge. */
async function senderOf(db: Db, userId: string) {
  const [row] = await db
    .select({ name: users.name, label: enterGuestBadges.label, color: enterGuestBadges.color })
    .from(users)
    .leftJoin(worldGuestTokens, eq(worldGuestTokens.guestUserId, users.id))
    .leftJoin(enterGuestBadges, eq(enterGuestBadges.id, worldGuestTokens.badgeId))
    .where(eq(users.id, userId));
  return row ?? { name: '', label: null, color: null };
}

/** The members named with @name; only looked up when the text has an @ at all. */
async function mentionsIn(db: Db, worldId: string, body: string) {
  if (!/[@＠]/.test(body)) return [];
  const members = await db
    .select({ id: users.id, name: users.name })
    .from(worldMembers)
    .innerJoin(users, eq(users.id, worldMembers.userId))
    .where(eq(worldMembers.worldId, worldId));
  return findMentions(body, members);
}

export async function postMessage(
  db: Db,
  publish: Publish,
  worldId: string,
  caller: ChatCaller,
  input: { channel: string; body: string },
  now: Date,
) {
  const check = checkChatBody(input.body);
  if (!check.ok) throw new RuleError('invalid', fieldMessage('body', check.error));
  const { parsed, key } = await writableChannel(db, worldId, caller, input.channel);
  const [sender, mentioned] = await Promise.all([
    senderOf(db, caller.id),
    mentionsIn(db, worldId, check.body),
  ]);
  const [row] = await db
    .insert(chatMessages)
    .values({
      worldId,
      channelKey: key,
      kind: parsed.kind,
      spaceId: parsed.kind === 'space' ? parsed.spaceId : null,
      recipientId: parsed.kind === 'direct' ? parsed.userId : null,
      senderId: caller.id,
      senderName: sender.name,
      senderRole: caller.role,
      badgeLabel: sender.label,
      badgeColor: sender.color,
      body: check.body,
      mentionedUserIds: mentioned.filter((id) => id !== caller.id),
      createdAt: now,
    })
    .returning();
  const message = messageJson(row!);
  await publish(worldId, await audienceOf(db, worldId, message), { type: 'chat.message', message });
  return message;
}

/** Up to `limit` messages of a channel just before `before` (or the latest), oldest first. */
export async function listMessages(
  db: Db,
  worldId: string,
  caller: ChatCaller,
  query: { channel: string; before?: string; limit: number },
) {
  const { key } = await readableChannel(db, worldId, caller, query.channel);
  const inChannel = and(eq(chatMessages.worldId, worldId), eq(chatMessages.channelKey, key));
  let older = inChannel;
  if (query.before) {
    const [cursor] = await db
      .select({ seq: chatMessages.seq })
      .from(chatMessages)
      .where(and(inChannel, eq(chatMessages.id, query.before)));
    if (!cursor) throw new RuleError('invalid', chatTexts.notInChannel);
    older = and(inChannel, lt(chatMessages.seq, cursor.seq));
  }
  const rows = await db
    .select()
    .from(chatMessages)
    .where(older)
    .orderBy(desc(chatMessages.seq))
    .limit(query.limit + 1);
  return {
    items: rows.slice(0, query.limit).reverse().map(messageJson),
    hasOlder: rows.length > query.limit,
  };
}

/** Keeps how far the caller read the channel; an older position never replaces a newer one. */
export async function markRead(
  db: Db,
  worldId: string,
  caller: ChatCaller,
  input: { channel: string; messageId: string },
) {
  const { key } = await readableChannel(db, worldId, caller, input.channel);
  const [message] = await db
    .select({ seq: chatMessages.seq })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.worldId, worldId),
        eq(chatMessages.channelKey, key),
        eq(chatMessages.id, input.messageId),
      ),
    );
  if (!message) throw new RuleError('invalid', chatTexts.notInChannel);
  await db
    .insert(chatReadPositions)
    .values({
      worldId,
      userId: caller.id,
      channelKey: key,
      messageId: input.messageId,
      seq: message.seq,
    })
    .onConflictDoUpdate({
      target: [chatReadPositions.worldId, chatReadPositions.userId, chatReadPositions.channelKey],
      set: { messageId: input.messageId, seq: message.seq },
      setWhere: sql`${chatReadPositions.seq} < excluded.seq`,
    });
}
