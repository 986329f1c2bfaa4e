import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/connect';
import { worldMembers, worlds, type WorldRole } from '../db/schema';
import { messages } from '../../src/domain/validation-messages';
import { RuleError } from '../http/errors';
import { worldNotFoundMessage } from '../db/world-locks';

export const forbiddenMessage = 'この操作を行う権限がありません。';

// Runs before the contract's validation (register.ts), so the id is still unchecked text.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The user's role in a world, or null when not a member. A deleted (archived) world has no
 * members as far as any call is concerned (ADR 009): its memberships are kept, never answered.
 */
export async function memberRole(
  db: Db,
  worldId: string,
  userId: string,
): Promise<WorldRole | null> {
  const [row] = await db
    .select({ role: worldMembers.role })
    .from(worldMembers)
    .innerJoin(worlds, eq(worlds.id, worldMembers.worldId))
    .where(
      and(
        eq(worldMembers.worldId, worldId),
        eq(worldMembers.userId, userId),
        isNull(worlds.archivedAt),
      ),
    )
    .limit(1);
  return row?.role ?? null;
}

/**
 * preValidation hook of world-scoped operations (x-world-roles). A world the caller is not a member of
 * answers 404, so ids of other people's worlds cannot be probed; a member whose role is not
 * allowed gets 403. A deleted (archived) world answers 404 to everyone.
 */
export async function requireWorldRole(req: FastifyRequest, roles: readonly string[]) {
  const params = req.params as { world_id?: string; id?: string };
  const name = params.world_id === undefined ? 'id' : 'world_id';
  const worldId = params[name];
  if (!req.auth || !worldId) throw new RuleError('notFound', worldNotFoundMessage);
  // The same answer the contract's validation gives a malformed id, without a database query.
  if (!UUID.test(worldId)) throw new RuleError('malformed', `${name}: ${messages.uuid()}`);
  const role = await requireRoleIn(req.server.deps.database.db, worldId, req.auth.user.id, roles);
  req.world = { id: worldId, role };
}

/** The same gate for operations that name their world in the query or the body. */
export async function requireRoleIn(
  db: Db,
  worldId: string,
  userId: string,
  roles: readonly string[],
): Promise<WorldRole> {
  const role = await memberRole(db, worldId, userId);
  if (!role) throw new RuleError('notFound', worldNotFoundMessage);
  if (!roles.includes(role)) throw new RuleError('forbidden', forbiddenMessage);
  return role;
}
