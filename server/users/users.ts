import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { hashSecret, newSecret } from '../auth/secrets';
import type { Db } from '../db/connect';
import { news, userPublicApiTokens, users, worldMembers, worlds } from '../db/schema';
import { RuleError } from '../http/errors';

export const userMessages = {
  notFound: 'ユーザーが見つかりません。',
  notShared: '同じワールドに参加しているユーザーのみ表示できます。',
} as const;

/** A profile is visible to the user and to members of a (live) world the user belongs to. */
export async function getProfile(db: Db, callerId: string, id: string) {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  if (!user) throw new RuleError('notFound', userMessages.notFound);
  if (id !== callerId) {
    const mine = alias(worldMembers, 'mine');
    const [shared] = await db
      .select({ worldId: worldMembers.worldId })
      .from(worldMembers)
      .innerJoin(mine, and(eq(mine.worldId, worldMembers.worldId), eq(mine.userId, callerId)))
      .innerJoin(worlds, and(eq(worlds.id, worldMembers.worldId), isNull(worlds.archivedAt)))
      .where(eq(worldMembers.userId, id))
      .limit(1);
    if (!shared) throw new RuleError('forbidden', userMessages.notShared);
  }
  return {
    id: user.id,
    name: user.name,
    isGuest: user.isGuest,
    iconUrl: user.iconUrl,
    createdAt: user.createdAt.toISOString(),
  };
}

const TOKEN_PREFIX = 'wpat_';

export async function apiTokenStatus(db: Db, userId: string) {
  const [row] = await db
    .select()
    .from(userPublicApiTokens)
    .where(eq(userPublicApiTokens.userId, userId));
  return {
    hasToken: row !== undefined,
    tokenPrefix: row?.tokenPrefix ?? null,
    createdAt: row?.createdAt.toISOString() ?? null,
    lastUsedAt: row?.lastUsedAt?.toISOString() ?? null,
  };
}

/** A new token replaces the previous one; only its hash is kept, so this answer is the only time it is seen. */
export async function createApiToken(db: Db, userId: string, now: Date) {
  const token = TOKEN_PREFIX + newSecret();
  const values = {
    tokenHash: hashSecret(token),
    tokenPrefix: token.slice(0, TOKEN_PREFIX.length + 4),
    createdAt: now,
    lastUsedAt: null,
  };
  await db
    .insert(userPublicApiTokens)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userPublicApiTokens.userId, set: values });
  return { token, createdAt: now.toISOString() };
}

export async function deleteApiToken(db: Db, userId: string) {
  await db.delete(userPublicApiTokens).where(eq(userPublicApiTokens.userId, userId));
}

export async function listNews(db: Db, page: number, perPage: number, now: Date) {
  const published = sql`${news.publishedAt} <= ${now}`;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(news)
      .where(published)
      .orderBy(desc(news.publishedAt), desc(news.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(news).where(published),
  ]);
  return {
    items: rows.map((n) => ({
      id: n.id,
      title: n.title,
      body: n.body,
      url: n.url,
      publishedAt: n.publishedAt.toISOString(),
    })),
    page,
    perPage,
    total: total?.n ?? 0,
  };
}
