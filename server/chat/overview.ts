// The caller's chat channels with their unread counts (listChatChannels, ADR 029).
import { and, asc, count, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { chatMessages, chatMutes, chatReadPositions, spaces, users } from '../db/schema';
import { chatTexts, type ChatChannelKey } from '../../src/domain/chat';
import { currentSpaceOf, isModerator, settingsOf, type ChatCaller } from './channels';

type Channel = {
  channel: ChatChannelKey;
  key: string;
  kind: 'world' | 'space' | 'direct';
  spaceId: string | null;
  userId: string | null;
  name: string;
};

async function spaceChannels(db: Db, worldId: string, caller: ChatCaller): Promise<Channel[]> {
  const here = isModerator(caller.role) ? null : await currentSpaceOf(db, worldId, caller.id);
  if (!isModerator(caller.role) && here === null) return [];
  const rows = await db
    .select({ id: spaces.id, name: spaces.name })
    .from(spaces)
    .where(
      and(
        eq(spaces.worldId, worldId),
        isNull(spaces.removedAt),
        here === null ? undefined : eq(spaces.id, here),
      ),
    )
    .orderBy(asc(spaces.position), asc(spaces.createdAt));
  return rows.map((s) => ({
    channel: `space:${s.id}`,
    key: `space:${s.id}`,
    kind: 'space',
    spaceId: s.id,
    userId: null,
    name: s.name,
  }));
}

/** The people the caller exchanged direct messages with, by name. */
async function directChannels(db: Db, worldId: string, caller: ChatCaller): Promise<Channel[]> {
  const other = sql<string>`case when ${chatMessages.senderId} = ${caller.id} then ${chatMessages.recipientId} else ${chatMessages.senderId} end`;
  const rows = await db
    .selectDistinct({ key: chatMessages.channelKey, userId: other, name: users.name })
    .from(chatMessages)
    .innerJoin(users, eq(users.id, other))
    .where(
      and(
        eq(chatMessages.worldId, worldId),
        eq(chatMessages.kind, 'direct'),
        or(eq(chatMessages.senderId, caller.id), eq(chatMessages.recipientId, caller.id)),
      ),
    )
    .orderBy(users.name);
  return rows.map((r) => ({
    channel: `direct:${r.userId}`,
    key: r.key,
    kind: 'direct',
    spaceId: null,
    userId: r.userId,
    name: r.name,
  }));
}

export async function listChannels(db: Db, worldId: string, caller: ChatCaller) {
  const world: Channel = {
    channel: 'world',
    key: 'world',
    kind: 'world',
    spaceId: null,
    userId: null,
    name: chatTexts.worldChannel,
  };
  const [inSpaces, direct, settings, positions, muted] = await Promise.all([
    spaceChannels(db, worldId, caller),
    directChannels(db, worldId, caller),
    settingsOf(db, worldId),
    db
      .select({ key: chatReadPositions.channelKey, messageId: chatReadPositions.messageId })
      .from(chatReadPositions)
      .where(and(eq(chatReadPositions.worldId, worldId), eq(chatReadPositions.userId, caller.id))),
    db.select({ userId: chatMutes.userId }).from(chatMutes).where(eq(chatMutes.worldId, worldId)),
  ]);
  const channels = [world, ...inSpaces, ...direct];
  const unread = await db
    .select({ key: chatMessages.channelKey, n: count() })
    .from(chatMessages)
    .leftJoin(
      chatReadPositions,
      and(
        eq(chatReadPositions.worldId, chatMessages.worldId),
        eq(chatReadPositions.userId, caller.id),
        eq(chatReadPositions.channelKey, chatMessages.channelKey),
      ),
    )
    .where(
      and(
        eq(chatMessages.worldId, worldId),
        inArray(
          chatMessages.channelKey,
          channels.map((c) => c.key),
        ),
        ne(chatMessages.senderId, caller.id),
        isNull(chatMessages.deletedAt),
        gt(chatMessages.seq, sql`coalesce(${chatReadPositions.seq}, 0)`),
      ),
    )
    .groupBy(chatMessages.channelKey);
  const unreadOf = new Map(unread.map((u) => [u.key, u.n]));
  const readOf = new Map(positions.map((p) => [p.key, p.messageId]));
  const moderator = isModerator(caller.role);
  return {
    userId: caller.id,
    items: channels.map(({ key, ...c }) => ({
      ...c,
      unreadCount: unreadOf.get(key) ?? 0,
      lastReadMessageId: readOf.get(key) ?? null,
    })),
    settings,
    muted: muted.some((m) => m.userId === caller.id),
    moderator,
    mutedUserIds: moderator ? muted.map((m) => m.userId) : [],
  };
}
