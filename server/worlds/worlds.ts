import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { worldMembers, worlds, type WorldRole } from '../db/schema';
import { HttpError } from '../http/errors';
import { forbiddenMessage, worldNotFoundMessage } from './access';

type WorldRow = typeof worlds.$inferSelect;

/** The roles of accounts; a guest never sees these views (the account area refuses guests). */
type AccountRole = Exclude<WorldRole, 'guest'>;

function accountRole(role: WorldRole): AccountRole {
  if (role === 'guest') throw new HttpError(403, forbiddenMessage);
  return role;
}

export function worldJson(world: WorldRow, role: AccountRole) {
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
  const name = input.name.trim();
  if (!name) throw new HttpError(400, 'name: 入力してください。');
  return db.transaction(async (tx) => {
    const [world] = await tx
      .insert(worlds)
      .values({
        name,
        description: input.description?.trim() ?? '',
        timeZone: input.timeZone ?? 'Asia/Tokyo',
        ownerId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx.insert(worldMembers).values({ worldId: world!.id, userId: ownerId, role: 'owner', createdAt: now });
    return worldJson(world!, 'owner');
  });
}

/** The worlds the user belongs to in any role, newest first. */
export async function listWorlds(db: Db, userId: string, page: number, perPage: number) {
  const mine = eq(worldMembers.userId, userId);
  const [rows, [total]] = await Promise.all([
    db
      .select({ world: worlds, role: worldMembers.role })
      .from(worldMembers)
      .innerJoin(worlds, eq(worlds.id, worldMembers.worldId))
      .where(mine)
      .orderBy(desc(worlds.createdAt), desc(worlds.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(worldMembers).where(mine),
  ]);
  return { items: rows.map((r) => worldJson(r.world, accountRole(r.role))), page, perPage, total: total?.n ?? 0 };
}

export async function getWorld(db: Db, worldId: string, role: WorldRole) {
  const [world] = await db.select().from(worlds).where(and(eq(worlds.id, worldId))).limit(1);
  if (!world) throw new HttpError(404, worldNotFoundMessage);
  return worldJson(world, accountRole(role));
}
