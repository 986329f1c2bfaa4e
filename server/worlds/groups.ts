import { and, asc, desc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { worldGroups, worldGroupWorlds, worldMembers, worlds, type WorldRole } from '../db/schema';
import { RuleError } from '../http/errors';

/**
 * A user's world groups: a name and an ordered list of worlds the user owns. A group shows only
 * the worlds the user still owns and that are not deleted; the others come back if ownership
 * does (a group is the user's view, not a property of the worlds).
 */
export const groupMessages = {
  notFound: 'ワールドグループが見つかりません。',
  nameRequired: 'name: 入力してください。',
  notOwned: 'オーナーではないワールドはグループに入れられません。',
} as const;

type GroupRow = typeof worldGroups.$inferSelect;

/** Which of these worlds the user owns (live ones only). */
function ownedAmong(db: Db, userId: string, worldIds: string[]) {
  return db
    .select({ id: worlds.id })
    .from(worldMembers)
    .innerJoin(worlds, and(eq(worlds.id, worldMembers.worldId), isNull(worlds.archivedAt)))
    .where(
      and(
        eq(worldMembers.userId, userId),
        eq(worldMembers.role, 'owner'),
        inArray(worldMembers.worldId, worldIds),
      ),
    );
}

async function groupJson(db: Db, group: GroupRow) {
  const rows = await db
    .select({ id: worldGroupWorlds.worldId })
    .from(worldGroupWorlds)
    .innerJoin(
      worldMembers,
      and(
        eq(worldMembers.worldId, worldGroupWorlds.worldId),
        eq(worldMembers.userId, group.userId),
        eq(worldMembers.role, 'owner'),
      ),
    )
    .innerJoin(worlds, and(eq(worlds.id, worldGroupWorlds.worldId), isNull(worlds.archivedAt)))
    .where(eq(worldGroupWorlds.groupId, group.id))
    .orderBy(asc(worldGroupWorlds.position));
  return {
    id: group.id,
    name: group.name,
    worldIds: rows.map((r) => r.id),
    createdAt: group.createdAt.toISOString(),
    updatedAt: group.updatedAt.toISOString(),
  };
}

function groupName(value: string): string {
  const name = value.trim();
  if (!name) throw new RuleError('invalid', groupMessages.nameRequired);
  return name;
}

async function setWorlds(tx: Db, userId: string, groupId: string, worldIds: string[]) {
  if (worldIds.length > 0) {
    const owned = await ownedAmong(tx, userId, worldIds);
    if (owned.length !== worldIds.length) throw new RuleError('invalid', groupMessages.notOwned);
  }
  await tx.delete(worldGroupWorlds).where(eq(worldGroupWorlds.groupId, groupId));
  if (worldIds.length > 0) {
    await tx
      .insert(worldGroupWorlds)
      .values(worldIds.map((worldId, position) => ({ groupId, worldId, position })));
  }
}

export async function listGroups(db: Db, userId: string) {
  const groups = await db
    .select()
    .from(worldGroups)
    .where(eq(worldGroups.userId, userId))
    .orderBy(desc(worldGroups.createdAt), desc(worldGroups.id));
  return { items: await Promise.all(groups.map((g) => groupJson(db, g))) };
}

export async function createGroup(
  db: Db,
  userId: string,
  input: { name: string; worldIds?: string[] },
  now: Date,
) {
  const name = groupName(input.name);
  return db.transaction(async (tx) => {
    const [group] = await tx
      .insert(worldGroups)
      .values({ userId, name, createdAt: now, updatedAt: now })
      .returning();
    await setWorlds(tx, userId, group!.id, input.worldIds ?? []);
    return groupJson(tx, group!);
  });
}

/** The user's own group; anyone else's is not found. */
async function ownGroup(db: Db, userId: string, id: string) {
  const [group] = await db
    .select()
    .from(worldGroups)
    .where(and(eq(worldGroups.id, id), eq(worldGroups.userId, userId)))
    .limit(1);
  if (!group) throw new RuleError('notFound', groupMessages.notFound);
  return group;
}

export async function getGroup(db: Db, userId: string, id: string) {
  return groupJson(db, await ownGroup(db, userId, id));
}

export async function updateGroup(
  db: Db,
  userId: string,
  id: string,
  input: { name?: string; worldIds?: string[] },
  now: Date,
) {
  const name = input.name === undefined ? undefined : groupName(input.name);
  return db.transaction(async (tx) => {
    await ownGroup(tx, userId, id);
    if (input.worldIds !== undefined) await setWorlds(tx, userId, id, input.worldIds);
    const [group] = await tx
      .update(worldGroups)
      .set({ ...(name === undefined ? {} : { name }), updatedAt: now })
      .where(eq(worldGroups.id, id))
      .returning();
    return groupJson(tx, group!);
  });
}

export async function deleteGroup(db: Db, userId: string, id: string) {
  const deleted = await db
    .delete(worldGroups)
    .where(and(eq(worldGroups.id, id), eq(worldGroups.userId, userId)))
    .returning({ id: worldGroups.id });
  if (deleted.length === 0) throw new RuleError('notFound', groupMessages.notFound);
}

/** listSameGroupWorlds: the other worlds of the caller's groups that hold this world, as the caller sees them. */
export async function sameGroupWorlds(db: Db, userId: string, worldId: string) {
  const mine = db
    .select({ groupId: worldGroupWorlds.groupId })
    .from(worldGroupWorlds)
    .innerJoin(
      worldGroups,
      and(eq(worldGroups.id, worldGroupWorlds.groupId), eq(worldGroups.userId, userId)),
    )
    .where(eq(worldGroupWorlds.worldId, worldId));
  const rows = await db
    .selectDistinct({
      id: worlds.id,
      name: worlds.name,
      coverImageUrl: worlds.coverImageUrl,
      role: worldMembers.role,
    })
    .from(worldGroupWorlds)
    .innerJoin(worlds, and(eq(worlds.id, worldGroupWorlds.worldId), isNull(worlds.archivedAt)))
    .innerJoin(
      worldMembers,
      and(eq(worldMembers.worldId, worlds.id), eq(worldMembers.userId, userId)),
    )
    .where(
      and(
        inArray(worldGroupWorlds.groupId, mine),
        ne(worldGroupWorlds.worldId, worldId),
        ne(worldMembers.role, 'guest'),
      ),
    )
    .orderBy(asc(worlds.name), asc(worlds.id));
  return { items: rows.map((r) => ({ ...r, role: r.role as Exclude<WorldRole, 'guest'> })) };
}
