import { and, eq, isNull, or } from 'drizzle-orm';
import { type Db, isUniqueViolation } from '../db/connect';
import { worldSlugs, worlds } from '../db/schema';
import { RuleError } from '../http/errors';
import { worldNotFoundMessage } from '../db/world-locks';

/**
 * A world's addresses, and its optional URL name (slug) that /api/world_ids/{slug} resolves to
 * its id. The app's routes take the id, so the URLs are built on it.
 */
export const urlMessages = {
  taken: 'このURL名は既に使われています。別の名前を指定してください。',
  uuidShaped: 'slug: ワールドIDと同じ形式の名前は使えません。',
} as const;

const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function worldUrls(db: Db, worldId: string, appUrl: string) {
  const [row] = await db
    .select({ slug: worldSlugs.slug })
    .from(worldSlugs)
    .where(eq(worldSlugs.worldId, worldId));
  const world = `${appUrl}/worlds/${worldId}`;
  return {
    worldId,
    slug: row?.slug ?? null,
    worldUrl: world,
    gateUrl: `${world}/gate`,
    enterGuestUrl: `${world}/enterGuest`,
    instantEnterUrl: `${world}/instantEnter`,
  };
}

/** updateWorldUrl: null removes the name; a name another world has is 409 (also when two ask at once). */
export async function setSlug(db: Db, worldId: string, slug: string | null, appUrl: string) {
  if (slug !== null && uuidShape.test(slug)) throw new RuleError('invalid', urlMessages.uuidShaped);
  await db.transaction(async (tx) => {
    if (slug === null) {
      await tx.delete(worldSlugs).where(eq(worldSlugs.worldId, worldId));
      return;
    }
    const [taken] = await tx
      .select({ worldId: worldSlugs.worldId })
      .from(worldSlugs)
      .where(eq(worldSlugs.slug, slug));
    if (taken && taken.worldId !== worldId) throw new RuleError('conflict', urlMessages.taken);
    const [saved] = await tx
      .insert(worldSlugs)
      .values({ worldId, slug })
      .onConflictDoUpdate({ target: worldSlugs.worldId, set: { slug } })
      .returning({ worldId: worldSlugs.worldId })
      // The unique slug index refuses a name another world took since the check.
      .catch((err: unknown) => {
        if (isUniqueViolation(err)) return [];
        throw err;
      });
    if (!saved) throw new RuleError('conflict', urlMessages.taken);
  });
  return worldUrls(db, worldId, appUrl);
}

/** resolveWorldId: a slug or an id of a live world. */
export async function resolveWorldId(db: Db, idOrSlug: string) {
  const byId = uuidShape.test(idOrSlug) ? eq(worlds.id, idOrSlug) : undefined;
  const [row] = await db
    .select({ id: worlds.id })
    .from(worlds)
    .leftJoin(worldSlugs, eq(worldSlugs.worldId, worlds.id))
    .where(and(isNull(worlds.archivedAt), or(byId, eq(worldSlugs.slug, idOrSlug.toLowerCase()))))
    .limit(1);
  if (!row) throw new RuleError('notFound', worldNotFoundMessage);
  return { worldId: row.id };
}
