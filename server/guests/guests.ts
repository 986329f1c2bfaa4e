import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { createClient, type UserRow } from '../auth/tokens';
import type { Db } from '../db/connect';
import { users, worldGuestTokens, worldMembers } from '../db/schema';
import { HttpError } from '../http/errors';
import { forbiddenMessage, memberRole } from '../worlds/access';
import { newGuestAddress } from './addresses';
import { findLinkByToken, linkMessages, linkState } from './links';

export const guestMessages = {
  nameRequired: 'name: 入力してください。',
  badgeNotFound: 'badgeId: このワールドでは選択できないバッジです。',
  guestNotFound: 'ゲストが見つかりません。',
  botCheckFailed: 'ボットによるアクセスの疑いがあるため入場できませんでした。時間をおいてもう一度お試しください。',
} as const;

/**
 * Enters a world with a shared guest link: one use is counted, a guest user is created with a
 * 'guest' membership of the link's world, and it is signed in (a new client, as sign-in does).
 *
 * The use is counted by a conditional update (`uses < max_uses`, not expired, not revoked): on
 * PostgreSQL concurrent entries queue on the row and each re-checks the condition on the row as
 * the previous one left it, so max_uses is never exceeded. Everything is one transaction, so a
 * failure after the count gives the use back.
 */
export async function enterWithLink(
  db: Db,
  token: string,
  input: { name: string; badgeId?: string },
  now: Date,
): Promise<{ user: UserRow; worldId: string; session: Awaited<ReturnType<typeof createClient>> }> {
  const name = input.name.trim();
  if (!name) throw new HttpError(400, guestMessages.nameRequired);
  return db.transaction(async (tx) => {
    const t = worldGuestTokens;
    const [link] = await tx
      .update(t)
      .set({ uses: sql`${t.uses} + 1` })
      .where(
        and(
          eq(t.token, token),
          isNull(t.revokedAt),
          or(isNull(t.expiresAt), gt(t.expiresAt, now)),
          or(isNull(t.maxUses), lt(t.uses, t.maxUses)),
        ),
      )
      .returning();
    if (!link) throw refusal(await findLinkByToken(tx, token), now);
    // Enter-guest badges are not stored yet, so no id names one of this world's badges.
    if (input.badgeId !== undefined) throw new HttpError(422, guestMessages.badgeNotFound);
    const [user] = await tx
      .insert(users)
      .values({
        email: newGuestAddress(),
        name,
        passwordHash: null,
        isGuest: true,
        guestWorldId: link.worldId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx.insert(worldMembers).values({ worldId: link.worldId, userId: user!.id, role: 'guest', createdAt: now });
    const session = await createClient(tx, user!.id, now);
    return { user: user!, worldId: link.worldId, session };
  });
}

/** Why a link did not let the guest in: unknown (404), or revoked, expired or used up (422). */
function refusal(link: Awaited<ReturnType<typeof findLinkByToken>>, now: Date): HttpError {
  if (!link) return new HttpError(404, linkMessages.unknownLink);
  const state = linkState(link, now);
  // 'open' here means the link changed between the update and this read; the count is what was refused.
  return new HttpError(422, linkMessages[state === 'open' ? 'usedUp' : state]);
}

/**
 * Removes a guest of a world: owner and staff of the guest's world only. The user row goes,
 * and with it (foreign keys, on delete cascade) its membership and every session.
 * A caller who is not a member of that world gets 404, as for the world itself.
 */
export async function deleteGuest(db: Db, callerId: string, guestId: string) {
  await db.transaction(async (tx) => {
    const [guest] = await tx
      .select({ id: users.id, worldId: users.guestWorldId })
      .from(users)
      .where(and(eq(users.id, guestId), eq(users.isGuest, true)))
      .for('update')
      .limit(1);
    const role = guest?.worldId ? await memberRole(tx, guest.worldId, callerId) : null;
    if (!guest || !role) throw new HttpError(404, guestMessages.guestNotFound);
    if (role !== 'owner' && role !== 'staff') throw new HttpError(403, forbiddenMessage);
    await tx.delete(users).where(eq(users.id, guest.id));
  });
}
