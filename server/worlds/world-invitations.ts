import { and, asc, count, eq, gt, isNull } from 'drizzle-orm';
import type { UserRow } from '../auth/tokens';
import type { Db } from '../db/connect';
import { users, worldInvitations, worldMembers, worlds } from '../db/schema';
import { RuleError } from '../http/errors';
import { memberRole } from './access';
import { findByToken, invitationMessages, invitationStatus } from './invitations';
import { getWorld } from './worlds';

/**
 * Attendee invitations (world_invitations, role user): mailed by owner and staff with a one-time
 * link to /mypage/worlds/{id}/invitation; any signed-in account that opens it joins the world as
 * a user (it works like a ticket: the one who holds it may use it, once).
 */
async function openInvitation(db: Db, token: string, now: Date) {
  const found = await findByToken(db, token, 'user');
  if (!found) throw new RuleError('notFound', invitationMessages.unknownLink);
  const status = invitationStatus(found.invitation, now);
  return { ...found, status };
}

/** getWorldAbstractByInvitation: the card of the world an invitation leads to (404 for unknown links). */
export async function worldAbstractByInvitation(db: Db, token: string, now: Date) {
  const { invitation } = await openInvitation(db, token, now);
  const [world] = await db.select().from(worlds).where(eq(worlds.id, invitation.worldId));
  const [firstOwner] = await db
    .select({ name: users.name })
    .from(worldMembers)
    .innerJoin(users, eq(users.id, worldMembers.userId))
    .where(and(eq(worldMembers.worldId, invitation.worldId), eq(worldMembers.role, 'owner')))
    .orderBy(asc(worldMembers.createdAt))
    .limit(1);
  const [members] = await db
    .select({ n: count() })
    .from(worldMembers)
    .where(eq(worldMembers.worldId, invitation.worldId));
  return {
    id: world!.id,
    name: world!.name,
    coverImageUrl: world!.coverImageUrl,
    ownerName: firstOwner?.name ?? '',
    memberCount: members?.n ?? 0,
  };
}

/**
 * createSelfInvitation: joins the world as a user. A member already keeps their role and the
 * invitation stays unused. Refused (422) when expired, withdrawn or used; the invitation is
 * taken by one conditional update, so a link used twice at once admits one account.
 */
export async function joinByInvitation(db: Db, user: UserRow, token: string, now: Date) {
  const worldId = await db.transaction(async (tx) => {
    const { invitation, status } = await openInvitation(tx, token, now);
    const role = await memberRole(tx, invitation.worldId, user.id);
    if (role) return invitation.worldId;
    if (status !== 'pending') throw new RuleError('invalid', invitationMessages[status]);
    const [taken] = await tx
      .update(worldInvitations)
      .set({ acceptedAt: now, acceptedBy: user.id })
      .where(
        and(
          eq(worldInvitations.id, invitation.id),
          isNull(worldInvitations.acceptedAt),
          isNull(worldInvitations.revokedAt),
          gt(worldInvitations.expiresAt, now),
        ),
      )
      .returning({ id: worldInvitations.id });
    if (!taken) throw new RuleError('invalid', invitationMessages.accepted);
    await tx
      .insert(worldMembers)
      .values({ worldId: invitation.worldId, userId: user.id, role: 'user', createdAt: now });
    return invitation.worldId;
  });
  const role = await memberRole(db, worldId, user.id);
  return getWorld(db, worldId, role!);
}
