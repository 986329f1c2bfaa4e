// Who may read and write which chat channel (docs/product.md §4 チャット, ADR 029), and who
// receives a channel's messages over the realtime socket.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import {
  chatMutes,
  chatSettings,
  spaces,
  worldMembers,
  worldRemovals,
  worldUserSpaces,
  worlds,
  type WorldRole,
} from '../db/schema';
import { RuleError } from '../http/errors';
import type { Audience } from '../http/use-case';
import {
  chatTexts,
  parseChannelKey,
  storedChannelKey,
  type ParsedChannel,
} from '../../src/domain/chat';
import { messages } from '../../src/domain/validation-messages';

type Reader = Pick<Db, 'select'>;

export type ChatCaller = { id: string; role: WorldRole };

export const isModerator = (role: WorldRole) => role === 'owner' || role === 'staff';

/** A channel as the caller named it, and the one key it is stored under. */
export type ResolvedChannel = { parsed: ParsedChannel; key: string };

export async function settingsOf(db: Reader, worldId: string) {
  const [row] = await db
    .select({ worldChat: chatSettings.worldChat, spaceChat: chatSettings.spaceChat })
    .from(chatSettings)
    .where(eq(chatSettings.worldId, worldId));
  return row ?? { worldChat: true, spaceChat: true };
}

/** The space the member sits in now (world_user_spaces), or null (watching, at the gate). */
export async function currentSpaceOf(db: Reader, worldId: string, userId: string) {
  const [row] = await db
    .select({ spaceId: worldUserSpaces.spaceId })
    .from(worldUserSpaces)
    .where(and(eq(worldUserSpaces.worldId, worldId), eq(worldUserSpaces.userId, userId)));
  return row?.spaceId ?? null;
}

async function isMember(db: Reader, worldId: string, userId: string) {
  const [row] = await db
    .select({ role: worldMembers.role })
    .from(worldMembers)
    .where(and(eq(worldMembers.worldId, worldId), eq(worldMembers.userId, userId)));
  return row !== undefined;
}

async function spaceOfWorld(db: Reader, worldId: string, spaceId: string) {
  const [row] = await db
    .select({ id: spaces.id })
    .from(spaces)
    .where(and(eq(spaces.id, spaceId), eq(spaces.worldId, worldId), isNull(spaces.removedAt)));
  return row !== undefined;
}

/**
 * The channel, if the caller may read it: the world; a space they are in (owner and staff: any
 * space of the world); a direct channel with another member. Else 422 with why.
 */
export async function readableChannel(
  db: Reader,
  worldId: string,
  caller: ChatCaller,
  channel: string,
): Promise<ResolvedChannel> {
  const parsed = parseChannelKey(channel);
  if (!parsed) throw new RuleError('malformed', `channel: ${messages.invalid()}`);
  if (parsed.kind === 'space') {
    const allowed = isModerator(caller.role)
      ? await spaceOfWorld(db, worldId, parsed.spaceId)
      : (await currentSpaceOf(db, worldId, caller.id)) === parsed.spaceId;
    if (!allowed) throw new RuleError('invalid', chatTexts.notInSpace);
  }
  if (parsed.kind === 'direct') {
    if (parsed.userId === caller.id) throw new RuleError('invalid', chatTexts.notToSelf);
    if (!(await isMember(db, worldId, parsed.userId)))
      throw new RuleError('invalid', chatTexts.notInWorld);
  }
  return { parsed, key: storedChannelKey(parsed, caller.id) };
}

/**
 * The channel, if the caller may post there now: not kicked (403), not muted (403), the
 * channel's chat on, and in that very space (owner and staff too: they read every space, but
 * speak where they are). One query for all of it: a post is the chat's hot path.
 */
export async function writableChannel(
  db: Reader,
  worldId: string,
  caller: ChatCaller,
  channel: string,
): Promise<ResolvedChannel> {
  const [state] = await db
    .select({
      removed: sql<boolean>`exists (select 1 from ${worldRemovals} where ${worldRemovals.worldId} = ${worldId} and ${worldRemovals.userId} = ${caller.id})`,
      muted: sql<boolean>`exists (select 1 from ${chatMutes} where ${chatMutes.worldId} = ${worldId} and ${chatMutes.userId} = ${caller.id})`,
      worldChat: sql<boolean>`coalesce((select ${chatSettings.worldChat} from ${chatSettings} where ${chatSettings.worldId} = ${worldId}), true)`,
      spaceChat: sql<boolean>`coalesce((select ${chatSettings.spaceChat} from ${chatSettings} where ${chatSettings.worldId} = ${worldId}), true)`,
      spaceId: sql<
        string | null
      >`(select ${worldUserSpaces.spaceId} from ${worldUserSpaces} where ${worldUserSpaces.worldId} = ${worldId} and ${worldUserSpaces.userId} = ${caller.id})`,
    })
    .from(worlds)
    .where(eq(worlds.id, worldId));
  if (!state) throw new RuleError('notFound', chatTexts.notFound);
  if (state.removed) throw new RuleError('forbidden', chatTexts.kicked);
  if (state.muted) throw new RuleError('forbidden', chatTexts.muted);
  const parsed = parseChannelKey(channel);
  if (!parsed) throw new RuleError('malformed', `channel: ${messages.invalid()}`);
  if (parsed.kind === 'world' && !state.worldChat)
    throw new RuleError('invalid', chatTexts.worldChatOff);
  if (parsed.kind === 'space') {
    if (!state.spaceChat) throw new RuleError('invalid', chatTexts.spaceChatOff);
    if (state.spaceId !== parsed.spaceId) throw new RuleError('invalid', chatTexts.notInSpace);
    return { parsed, key: storedChannelKey(parsed, caller.id) };
  }
  return readableChannel(db, worldId, caller, channel);
}

/**
 * Who receives a message of the channel: everyone for the world; the people in the space and
 * every owner and staff member for a space; the two people of a direct message.
 */
export async function audienceOf(
  db: Reader,
  worldId: string,
  message: { kind: string; spaceId: string | null; senderId: string; recipientId: string | null },
): Promise<Audience> {
  if (message.kind === 'world') return { everyone: true };
  if (message.kind === 'direct') return { userIds: [message.senderId, message.recipientId!] };
  const [seated, moderators] = await Promise.all([
    db
      .select({ userId: worldUserSpaces.userId })
      .from(worldUserSpaces)
      .where(
        and(eq(worldUserSpaces.worldId, worldId), eq(worldUserSpaces.spaceId, message.spaceId!)),
      ),
    db
      .select({ userId: worldMembers.userId })
      .from(worldMembers)
      .where(
        and(eq(worldMembers.worldId, worldId), inArray(worldMembers.role, ['owner', 'staff'])),
      ),
  ]);
  return { userIds: [...new Set([...seated, ...moderators].map((r) => r.userId))] };
}
