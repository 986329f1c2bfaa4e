import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { oneTimeTokens } from '../db/schema';
import { hashSecret, newSecret } from './secrets';

type Purpose = (typeof oneTimeTokens.$inferSelect)['purpose'];
export type OneTimeToken = typeof oneTimeTokens.$inferSelect;

const lifetimes: Record<Purpose, number> = {
  confirmation: 24 * 3600,
  password_reset: 3600,
};

/** Issues a token for a link in a mail; earlier unused tokens of that purpose stop working. */
export async function issueToken(
  db: Db,
  userId: string,
  purpose: Purpose,
  email: string,
  now: Date,
) {
  await db
    .delete(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.userId, userId),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
      ),
    );
  const token = newSecret();
  await db.insert(oneTimeTokens).values({
    userId,
    purpose,
    email,
    tokenHash: hashSecret(token),
    expiresAt: new Date(now.getTime() + lifetimes[purpose] * 1000),
    createdAt: now,
  });
  return token;
}

/** Marks a token used, once: of two concurrent uses only one gets the row. */
export async function consumeToken(
  db: Db,
  token: string,
  purpose: Purpose,
  now: Date,
): Promise<OneTimeToken | null> {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, hashSecret(token)),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now),
      ),
    )
    .returning();
  return row ?? null;
}

export async function findToken(
  db: Db,
  token: string,
  purpose: Purpose,
): Promise<OneTimeToken | null> {
  const [row] = await db
    .select()
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.tokenHash, hashSecret(token)), eq(oneTimeTokens.purpose, purpose)))
    .limit(1);
  return row ?? null;
}
