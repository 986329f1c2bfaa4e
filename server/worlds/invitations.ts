import { and, count, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import { formatDateTime } from '../../src/domain/time-zone';
import { hashSecret, newSecret } from '../auth/secrets';
import type { UserRow } from '../auth/tokens';
import type { Db } from '../db/connect';
import { users, worldInvitations, worldMembers, worlds } from '../db/schema';
import { RuleError } from '../http/errors';
import { enqueueMail } from '../mail/outbox';
import { staffInvitationMail, worldInvitationMail } from '../mail/templates';
import { normalizeEmail } from '../../src/domain/email-address';

/**
 * Invitations mailed by a world (world_invitations): staff invitations, accepted on
 * /invite-staff/{token}, and attendee invitations (role user, world-invitations.ts). The link's token is 128 random bits stored only as a SHA-256 hash
 * (ADR 002), valid for 7 days; a resend replaces it, a delete revokes the row (kept, so the
 * link says "withdrawn").
 */
const invitationLifetimeDays = 7;
const resendIntervalSeconds = 60;

export type InvitationRow = typeof worldInvitations.$inferSelect;
export type InvitationRole = InvitationRow['role'];
export type InvitationStatus = 'pending' | 'accepted' | 'expired' | 'revoked';

export const invitationMessages = {
  notFound: '招待が見つかりません。',
  unknownLink:
    '招待が見つかりません。招待メールが再送された場合は、最新のメールのリンクを開いてください。',
  alreadyMember: {
    staff: (address: string) => `${address} は既にこのワールドのオーナーまたはスタッフです。`,
    user: (address: string) => `${address} は既にこのワールドのメンバーです。`,
  },
  alreadyPending: (address: string) =>
    `${address} には承諾待ちの招待があります。届いていない場合は一覧から再送してください。`,
  acceptedCannotResend: 'この招待は既に承諾されているため、再送できません。',
  resendTooSoon: '招待メールを送信したばかりです。1分ほど待ってから再送してください。',
  expired: 'この招待は有効期限が切れています。招待した方に再送を依頼してください。',
  revoked: 'この招待は取り消されました。招待した方にお問い合わせください。',
  accepted: 'この招待は既に承諾されています。',
  otherAddress: (address: string) =>
    `この招待は ${address} 宛てです。招待されたメールアドレスのアカウントでログインしてから承諾してください。`,
  youAreAlreadyStaff: 'あなたは既にこのワールドのオーナーまたはスタッフです。',
} as const;

export function invitationStatus(
  row: Pick<InvitationRow, 'acceptedAt' | 'revokedAt' | 'expiresAt'>,
  now: Date,
): InvitationStatus {
  if (row.revokedAt) return 'revoked';
  if (row.acceptedAt) return 'accepted';
  return row.expiresAt <= now ? 'expired' : 'pending';
}

/** An invitation as its list shows it, staff or attendee alike. */
export function invitationJson(row: InvitationRow, now: Date) {
  return {
    id: row.id,
    email: row.email,
    status: invitationStatus(row, now),
    expiresAt: row.expiresAt.toISOString(),
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A staff invitation also says which owner sent it. */
export function staffInvitationJson(row: InvitationRow, now: Date) {
  return { ...invitationJson(row, now), invitedById: row.invitedBy };
}

const open = and(isNull(worldInvitations.acceptedAt), isNull(worldInvitations.revokedAt));
const ofWorld = (worldId: string, role: InvitationRole) =>
  and(eq(worldInvitations.worldId, worldId), eq(worldInvitations.role, role));

function expiryFrom(now: Date): Date {
  return new Date(now.getTime() + invitationLifetimeDays * 24 * 3600 * 1000);
}

type MailContext = { appUrl: string; worldName: string; inviterName: string };

async function mailInvitation(tx: Db, ctx: MailContext, row: InvitationRow, token: string) {
  const content = {
    ...ctx,
    token,
    worldId: row.worldId,
    message: row.message,
    expiresAt: formatDateTime(row.expiresAt, 'Asia/Tokyo'),
  };
  await enqueueMail(tx, {
    to: row.email,
    ...(row.role === 'staff' ? staffInvitationMail(content) : worldInvitationMail(content)),
  });
}

/** Who counts as already invited: staff invitations skip owners and staff; attendee invitations any member. */
const memberRoles = { staff: ['owner', 'staff'], user: ['owner', 'staff', 'user'] } as const;

async function worldName(tx: Db, worldId: string): Promise<string> {
  const [world] = await tx
    .select({ name: worlds.name })
    .from(worlds)
    .where(eq(worlds.id, worldId))
    .limit(1);
  return world?.name ?? '';
}

/**
 * createStaffInvitations, createWorldInvitations: every address is checked before anything is
 * written (422 naming each refused address when one is already a member; else 409 for pending
 * invitations); then one row and one mail per address, in one transaction. An expired open
 * invitation of an address is revoked and replaced.
 */
export async function createInvitations(
  db: Db,
  role: InvitationRole,
  input: { worldId: string; inviter: UserRow; emails: string[]; message?: string; appUrl: string },
  now: Date,
) {
  const emails = [...new Set(input.emails.map(normalizeEmail))];
  const message = input.message?.trim() || null;
  return db.transaction(async (tx) => {
    const staff = await tx
      .select({ email: users.email })
      .from(worldMembers)
      .innerJoin(users, eq(users.id, worldMembers.userId))
      .where(
        and(
          eq(worldMembers.worldId, input.worldId),
          inArray(worldMembers.role, [...memberRoles[role]]),
          inArray(users.email, emails),
        ),
      );
    const pending = await tx
      .select({
        id: worldInvitations.id,
        email: worldInvitations.email,
        expiresAt: worldInvitations.expiresAt,
      })
      .from(worldInvitations)
      .where(and(ofWorld(input.worldId, role), open, inArray(worldInvitations.email, emails)));
    const members = staff.map((s) => invitationMessages.alreadyMember[role](s.email));
    const invited = pending
      .filter((p) => p.expiresAt > now)
      .map((p) => invitationMessages.alreadyPending(p.email));
    if (members.length > 0) throw new RuleError('invalid', [...members, ...invited]);
    if (invited.length > 0) throw new RuleError('conflict', invited);
    const expired = pending.map((p) => p.id);
    if (expired.length > 0)
      await tx
        .update(worldInvitations)
        .set({ revokedAt: now })
        .where(inArray(worldInvitations.id, expired));

    const ctx = {
      appUrl: input.appUrl,
      worldName: await worldName(tx, input.worldId),
      inviterName: input.inviter.name,
    };
    const created = new Map<string, InvitationRow>();
    // In one order for every request, so two requests naming the same addresses wait on each
    // other's inserts instead of deadlocking.
    for (const email of [...emails].sort()) {
      const token = newSecret();
      const [row] = await tx
        .insert(worldInvitations)
        .values({
          worldId: input.worldId,
          role,
          email,
          tokenHash: hashSecret(token),
          message,
          invitedBy: input.inviter.id,
          expiresAt: expiryFrom(now),
          sentAt: now,
          createdAt: now,
        })
        // An open invitation of this address committed since the check above (a request at the
        // same moment): the unique index world_invitations_open_key keeps one, the others get 409.
        .onConflictDoNothing()
        .returning();
      if (!row) throw new RuleError('conflict', invitationMessages.alreadyPending(email));
      await mailInvitation(tx, ctx, row, token);
      created.set(email, row);
    }
    return emails.map((email) => created.get(email)!);
  });
}

/** Pending, accepted and expired invitations of the world, newest first (revoked ones are gone). */
export async function listInvitations(
  db: Db,
  role: InvitationRole,
  worldId: string,
  page: number,
  perPage: number,
) {
  const where = and(ofWorld(worldId, role), isNull(worldInvitations.revokedAt));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(worldInvitations)
      .where(where)
      .orderBy(desc(worldInvitations.createdAt), desc(worldInvitations.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(worldInvitations).where(where),
  ]);
  return { rows, page, perPage, total: total?.n ?? 0 };
}

export async function getStaffInvitation(db: Db, worldId: string, id: string) {
  const [row] = await db
    .select()
    .from(worldInvitations)
    .where(
      and(
        eq(worldInvitations.id, id),
        ofWorld(worldId, 'staff'),
        isNull(worldInvitations.revokedAt),
      ),
    )
    .limit(1);
  if (!row) throw new RuleError('notFound', invitationMessages.notFound);
  return row;
}

/** A new token and 7 more days; the previous link stops working (its hash is gone). */
export async function resendStaffInvitation(
  db: Db,
  worldId: string,
  id: string,
  sender: UserRow,
  appUrl: string,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(worldInvitations)
      .where(
        and(
          eq(worldInvitations.id, id),
          ofWorld(worldId, 'staff'),
          isNull(worldInvitations.revokedAt),
        ),
      )
      .for('update');
    if (!row) throw new RuleError('notFound', invitationMessages.notFound);
    if (row.acceptedAt) throw new RuleError('invalid', invitationMessages.acceptedCannotResend);
    const wait = Math.ceil(
      (row.sentAt.getTime() + resendIntervalSeconds * 1000 - now.getTime()) / 1000,
    );
    if (wait > 0) throw new RuleError('tooSoon', invitationMessages.resendTooSoon, wait);
    const token = newSecret();
    const [updated] = await tx
      .update(worldInvitations)
      .set({ tokenHash: hashSecret(token), expiresAt: expiryFrom(now), sentAt: now })
      .where(eq(worldInvitations.id, id))
      .returning();
    await mailInvitation(
      tx,
      { appUrl, worldName: await worldName(tx, worldId), inviterName: sender.name },
      updated!,
      token,
    );
    return staffInvitationJson(updated!, now);
  });
}

/** Revokes invitations of this world; answers how many were revoked. */
export async function revokeStaffInvitations(
  db: Db,
  worldId: string,
  ids: string[],
  now: Date,
): Promise<number> {
  const rows = await db
    .update(worldInvitations)
    .set({ revokedAt: now })
    .where(
      and(
        inArray(worldInvitations.id, ids),
        ofWorld(worldId, 'staff'),
        isNull(worldInvitations.revokedAt),
      ),
    )
    .returning({ id: worldInvitations.id });
  return rows.length;
}

/** An invitation by its link token, with its live world; undefined for unknown or replaced links. */
export async function findByToken(db: Db, token: string, role: InvitationRole) {
  const [found] = await db
    .select({ invitation: worldInvitations, worldName: worlds.name, inviterName: users.name })
    .from(worldInvitations)
    .innerJoin(worlds, and(eq(worlds.id, worldInvitations.worldId), isNull(worlds.archivedAt)))
    .innerJoin(users, eq(users.id, worldInvitations.invitedBy))
    .where(and(eq(worldInvitations.tokenHash, hashSecret(token)), eq(worldInvitations.role, role)))
    .limit(1);
  return found;
}

/** getStaffInvitationEmail: what /invite-staff/{token} shows before accepting. */
export async function staffInvitationByToken(db: Db, token: string, now: Date) {
  const found = await findByToken(db, token, 'staff');
  if (!found) throw new RuleError('notFound', invitationMessages.unknownLink);
  const row = found.invitation;
  return {
    id: row.id,
    worldId: row.worldId,
    worldName: found.worldName,
    email: row.email,
    status: invitationStatus(row, now),
    expiresAt: row.expiresAt.toISOString(),
    invitedByName: found.inviterName,
  };
}

/**
 * confirmStaffInvitation: the signed-in user invited by this link becomes staff of the world (a
 * user of the world is promoted). Every refusal is decided before anything is written. The
 * invitation is taken by one conditional update (still open and unexpired), so of two
 * concurrent acceptances exactly one succeeds.
 */
export async function acceptStaffInvitation(
  db: Db,
  worldId: string,
  user: UserRow,
  token: string,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const found = await findByToken(tx, token, 'staff');
    if (!found || found.invitation.worldId !== worldId)
      throw new RuleError('notFound', invitationMessages.unknownLink);
    const row = found.invitation;
    const status = invitationStatus(row, now);
    if (status !== 'pending') throw new RuleError('invalid', invitationMessages[status]);
    if (normalizeEmail(user.email) !== row.email)
      throw new RuleError('invalid', invitationMessages.otherAddress(row.email));
    const [membership] = await tx
      .select({ role: worldMembers.role })
      .from(worldMembers)
      .where(and(eq(worldMembers.worldId, worldId), eq(worldMembers.userId, user.id)))
      .for('update');
    if (membership?.role === 'owner' || membership?.role === 'staff')
      throw new RuleError('invalid', invitationMessages.youAreAlreadyStaff);

    const [taken] = await tx
      .update(worldInvitations)
      .set({ acceptedAt: now, acceptedBy: user.id })
      .where(and(eq(worldInvitations.id, row.id), open, gt(worldInvitations.expiresAt, now)))
      .returning({ id: worldInvitations.id });
    if (!taken) throw new RuleError('invalid', invitationMessages.accepted);
    if (membership) {
      await tx
        .update(worldMembers)
        .set({ role: 'staff' })
        .where(and(eq(worldMembers.worldId, worldId), eq(worldMembers.userId, user.id)));
    } else {
      await tx
        .insert(worldMembers)
        .values({ worldId, userId: user.id, role: 'staff', createdAt: now });
    }
  });
}
