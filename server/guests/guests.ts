import { and, eq, sql } from 'drizzle-orm';
import { newSecret } from '../auth/secrets';
import { createClient, type UserRow } from '../auth/tokens';
import type { Db } from '../db/connect';
import { enterGuestBadges, users, worldGuestTokens, worldMembers } from '../db/schema';
import { RuleError } from '../http/errors';
import { refuseRemoved } from '../meetings/removals';
import { forbiddenMessage, memberRole } from '../worlds/access';
import { newGuestAddress } from '../mail/addresses';
import { findLinkByToken, isOpenLink, linkState, messagesOf, type LinkRow } from './links';

export const guestMessages = {
  nameRequired: 'name: 入力してください。',
  badgeNotFound: 'badgeId: このワールドでは選択できないバッジです。',
  guestNotFound: 'ゲストが見つかりません。',
  expiryByOrganizers: '入場できる期限は、ワールドのオーナーかスタッフだけが変更できます。',
  botCheckFailed:
    'ボットによるアクセスの疑いがあるため入場できませんでした。時間をおいてもう一度お試しください。',
} as const;

/**
 * Enters a world with a guest link: one use is counted, and it is signed in (a new client, as
 * sign-in does). A shared or instant link creates a guest user with a 'guest' membership of the
 * link's world and that guest's personal link (to come back with); a personal link signs its own
 * guest in again, under the name the world gave it.
 *
 * The use is counted by a conditional update (`uses < max_uses`, not expired, not revoked): on
 * PostgreSQL concurrent entries queue on the row and each re-checks the condition on the row as
 * the previous one left it, so max_uses is never exceeded. Everything is one transaction, so a
 * failure after the count gives the use back: `scope.admit` may refuse after it (a full world).
 *
 * Without a scope any link enters (/api/world_guest_tokens/{token}); with one, only a link of
 * that world and kind does, any other is unknown (the instant-enter route of a world).
 */
export async function enterWithLink(
  db: Db,
  token: string,
  input: { name: string; badgeId?: string; callerId?: string | null },
  now: Date,
  scope?: LinkScope,
): Promise<{ user: UserRow; worldId: string; session: Awaited<ReturnType<typeof createClient>> }> {
  const name = input.name.trim();
  if (!name) throw new RuleError('malformed', guestMessages.nameRequired);
  return db.transaction(async (tx) => {
    const t = worldGuestTokens;
    const [link] = await tx
      .update(t)
      .set({ uses: sql`${t.uses} + 1`, lastUsedAt: now })
      .where(
        and(
          eq(t.token, token),
          isOpenLink(now),
          scope && eq(t.worldId, scope.worldId),
          scope && eq(t.kind, scope.kind),
        ),
      )
      .returning();
    if (!link) throw refusal(inScope(await findLinkByToken(tx, token), scope), now, scope);
    // A kicked guest stays out (ADR 016): its own link, or any link opened in its session.
    for (const userId of [link.guestUserId, input.callerId])
      if (userId) await refuseRemoved(tx, link.worldId, userId);
    await scope?.admit(tx);
    const badgeId =
      input.badgeId === undefined ? undefined : await worldBadge(tx, link.worldId, input.badgeId);
    if (link.guestUserId) {
      const [user] = await tx.select().from(users).where(eq(users.id, link.guestUserId));
      if (badgeId) await tx.update(t).set({ badgeId }).where(eq(t.id, link.id));
      const session = await createClient(tx, user!.id, now);
      return { user: user!, worldId: link.worldId, session };
    }
    const user = await createGuestUser(
      tx,
      link.worldId,
      { name, badgeId, createdBy: link.createdBy },
      now,
    );
    const session = await createClient(tx, user.id, now);
    return { user, worldId: link.worldId, session };
  });
}

/** The id of one of the world's enter-guest badges (422 for any other id). */
async function worldBadge(tx: Db, worldId: string, badgeId: string): Promise<string> {
  const [badge] = await tx
    .select({ id: enterGuestBadges.id })
    .from(enterGuestBadges)
    .where(and(eq(enterGuestBadges.id, badgeId), eq(enterGuestBadges.worldId, worldId)));
  if (!badge) throw new RuleError('invalid', guestMessages.badgeNotFound);
  return badge.id;
}

/**
 * A guest of one world: a user without a password (ADR 007), its 'guest' membership, and its
 * personal link, with which it enters (again).
 */
export async function createGuestUser(
  tx: Db,
  worldId: string,
  guest: {
    name: string;
    email?: string | null;
    expiresAt?: Date | null;
    badgeId?: string;
    createdBy: string | null;
  },
  now: Date,
) {
  const [user] = await tx
    .insert(users)
    .values({
      email: newGuestAddress(),
      name: guest.name,
      passwordHash: null,
      isGuest: true,
      guestWorldId: worldId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await tx
    .insert(worldMembers)
    .values({ worldId, userId: user!.id, role: 'guest', createdAt: now });
  await tx.insert(worldGuestTokens).values({
    worldId,
    token: newSecret(),
    kind: 'personal',
    guestUserId: user!.id,
    email: guest.email ?? null,
    expiresAt: guest.expiresAt ?? null,
    badgeId: guest.badgeId ?? null,
    createdBy: guest.createdBy,
    createdAt: now,
  });
  return user!;
}

/** Which links a route accepts, and what must hold once the use is counted (throws to refuse). */
export type LinkScope = {
  worldId: string;
  kind: LinkRow['kind'];
  admit: (tx: Db) => Promise<void>;
};

/** The link if the scope accepts it (any link without a scope). */
export function inScope(
  link: LinkRow | undefined,
  scope: Pick<LinkScope, 'worldId' | 'kind'> | undefined,
) {
  if (!link || !scope) return link;
  return link.worldId === scope.worldId && link.kind === scope.kind ? link : undefined;
}

/** Why a link did not let the guest in: unknown (404), or revoked, expired or used up (422). */
function refusal(link: LinkRow | undefined, now: Date, scope: LinkScope | undefined): RuleError {
  if (!link) return new RuleError('notFound', messagesOf(scope?.kind ?? 'shared').unknownLink);
  const state = linkState(link, now);
  // 'open' here means the link changed between the update and this read; the count is what was refused.
  return new RuleError('invalid', messagesOf(link.kind)[state === 'open' ? 'usedUp' : state]);
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
    if (!guest || !role) throw new RuleError('notFound', guestMessages.guestNotFound);
    if (role !== 'owner' && role !== 'staff') throw new RuleError('forbidden', forbiddenMessage);
    await tx.delete(users).where(eq(users.id, guest.id));
  });
}
