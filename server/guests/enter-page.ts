import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { enterGuestBadges, enterGuestIntroductions } from '../db/schema';
import { RuleError } from '../http/errors';
import { isHttpsUrl } from '../http/urls';

/**
 * What the world's enter-guest page shows, edited by owner and staff: an introduction, and the
 * badges a guest may pick when entering (enterWithLink checks the pick against them).
 */
export const enterPageMessages = {
  imageHttps: 'imageUrl: https:// で始まるURLを指定してください。',
  duplicateBadge: (label: string) => `バッジ「${label}」が重複しています。`,
  blankBadge: 'バッジの名前を入力してください。',
} as const;

export async function getIntroduction(db: Db, worldId: string) {
  const [row] = await db
    .select()
    .from(enterGuestIntroductions)
    .where(eq(enterGuestIntroductions.worldId, worldId));
  return {
    body: row?.body ?? '',
    imageUrl: row?.imageUrl ?? null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

export async function saveIntroduction(
  db: Db,
  worldId: string,
  input: { body: string; imageUrl?: string | null },
  now: Date,
) {
  const imageUrl = input.imageUrl ?? null;
  // Shown to every visitor of the page: https only (a plain http image is mixed content).
  if (imageUrl !== null && !isHttpsUrl(imageUrl))
    throw new RuleError('invalid', enterPageMessages.imageHttps);
  const values = { body: input.body.trim(), imageUrl, updatedAt: now };
  await db
    .insert(enterGuestIntroductions)
    .values({ worldId, ...values })
    .onConflictDoUpdate({ target: enterGuestIntroductions.worldId, set: values });
  return getIntroduction(db, worldId);
}

export async function listBadges(db: Db, worldId: string) {
  const rows = await db
    .select({
      id: enterGuestBadges.id,
      label: enterGuestBadges.label,
      color: enterGuestBadges.color,
      position: enterGuestBadges.position,
    })
    .from(enterGuestBadges)
    .where(eq(enterGuestBadges.worldId, worldId))
    .orderBy(asc(enterGuestBadges.position));
  return { items: rows };
}

/**
 * Replaces the list. A badge whose label stays keeps its id (guests who picked it keep it, with
 * the new colour and place); labels no longer listed are removed (their guests' pick is cleared).
 */
export async function replaceBadges(
  db: Db,
  worldId: string,
  items: { label: string; color: string }[],
) {
  const wanted = items.map((item) => ({
    label: item.label.trim(),
    color: item.color.toUpperCase(),
  }));
  const seen = new Set<string>();
  const problems: string[] = [];
  for (const { label } of wanted) {
    if (!label) problems.push(enterPageMessages.blankBadge);
    else if (seen.has(label)) problems.push(enterPageMessages.duplicateBadge(label));
    seen.add(label);
  }
  if (problems.length > 0) throw new RuleError('invalid', problems);
  return db.transaction(async (tx) => {
    const ofWorld = eq(enterGuestBadges.worldId, worldId);
    const labels = wanted.map((w) => w.label);
    await tx
      .delete(enterGuestBadges)
      .where(
        labels.length > 0 ? and(ofWorld, notInArray(enterGuestBadges.label, labels)) : ofWorld,
      );
    // Out of the way of the unique (world, position) index while the kept badges move.
    await tx
      .update(enterGuestBadges)
      .set({ position: sql`-1 - ${enterGuestBadges.position}` })
      .where(ofWorld);
    for (const [position, badge] of wanted.entries()) {
      const [kept] = await tx
        .update(enterGuestBadges)
        .set({ color: badge.color, position })
        .where(and(ofWorld, eq(enterGuestBadges.label, badge.label)))
        .returning({ id: enterGuestBadges.id });
      if (!kept) await tx.insert(enterGuestBadges).values({ worldId, ...badge, position });
    }
    return listBadges(tx, worldId);
  });
}
