import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { spaces, worldMembers, worlds, type WorldRole } from '../db/schema';
import { RuleError } from '../http/errors';
import { forbiddenMessage, memberRole } from '../worlds/access';
import type { Hub } from './hub';
import { worldNotFoundMessage } from '../db/world-locks';

export const rtmMessages = {
  cannotDisconnectOwner: 'オーナーの接続は切断できません。',
  staffCannotDisconnectStaff: 'スタッフはほかのスタッフの接続を切断できません。',
  notMember: 'このワールドのメンバーではありません。',
} as const;

/**
 * rooms/num_of_members: a room is a space. Every room must belong to a world the caller is a
 * member of (403 otherwise, unknown rooms included, so ids cannot be probed).
 */
export async function roomMemberCounts(db: Db, hub: Hub, userId: string, roomIds: string[]) {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  if (!roomIds.every((id) => uuid.test(id))) throw new RuleError('forbidden', forbiddenMessage);
  const rows = await db
    .select({ id: spaces.id, worldId: spaces.worldId })
    .from(spaces)
    .innerJoin(worlds, eq(worlds.id, spaces.worldId))
    .innerJoin(
      worldMembers,
      and(eq(worldMembers.worldId, spaces.worldId), eq(worldMembers.userId, userId)),
    )
    .where(and(inArray(spaces.id, roomIds), isNull(worlds.archivedAt)));
  const worldOf = new Map(rows.map((r) => [r.id, r.worldId]));
  if (roomIds.some((id) => !worldOf.has(id))) throw new RuleError('forbidden', forbiddenMessage);
  const counts = new Map<string, Record<string, number>>();
  for (const worldId of new Set(worldOf.values()))
    counts.set(worldId, await hub.roomCounts(worldId));
  return {
    items: roomIds.map((roomId) => ({
      roomId,
      numOfMembers: counts.get(worldOf.get(roomId)!)?.[roomId] ?? 0,
    })),
  };
}

/**
 * The rank rule of every action on another member (kick, force a device, disconnect): nobody
 * acts on the owner, and staff do not act on staff. Answers the target's role.
 */
export async function targetRole(
  db: Db,
  worldId: string,
  actorRole: WorldRole,
  targetUserId: string,
  messages: { owner: string; staff: string },
): Promise<WorldRole> {
  const role = await memberRole(db, worldId, targetUserId);
  if (!role) throw new RuleError('invalid', rtmMessages.notMember);
  if (role === 'owner') throw new RuleError('invalid', messages.owner);
  if (actorRole === 'staff' && role === 'staff') throw new RuleError('invalid', messages.staff);
  return role;
}

/** client/disconnect_user: the caller must be owner or staff of the world (404 to non-members). */
export async function actorRoleIn(db: Db, worldId: string, userId: string): Promise<WorldRole> {
  const role = await memberRole(db, worldId, userId);
  if (!role) throw new RuleError('notFound', worldNotFoundMessage);
  if (role !== 'owner' && role !== 'staff') throw new RuleError('forbidden', forbiddenMessage);
  return role;
}
