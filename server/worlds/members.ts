import { and, asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import { verifyPassword } from '../auth/passwords';
import type { UserRow } from '../auth/tokens';
import type { Db } from '../db/connect';
import { users, worldMembers, type WorldRole } from '../db/schema';
import { RuleError } from '../http/errors';
import { enqueueMail } from '../mail/outbox';
import { ownerAddedMail } from '../mail/templates';
import { forbiddenMessage, memberRole } from './access';
import { lockWorld, worldNotFoundMessage } from '../db/world-locks';
import { normalizeEmail } from '../../src/domain/email-address';

/**
 * Members and roles of a world. world_members is the one source of truth for who may do what
 * (requireWorldRole reads it); worlds.owner_id only records who created the world. A world has
 * one or more owners: every change that could leave it without one runs with the world row
 * locked and counts the owners inside that transaction, so two owners demoting each other at
 * once cannot both succeed.
 */
export const memberMessages = {
  notFound: 'メンバーが見つかりません。',
  lastOwner:
    'オーナーが1人だけのため、このオーナーを外すことはできません。先に別のメンバーをオーナーにしてください。',
  guestRole: 'ゲストの役割は変更できません。',
  staffCannotChange: 'スタッフはオーナーやほかのスタッフを変更できません。',
  userCanOnlyLeave: '参加者が行えるのは、自分がワールドから退出することだけです。',
  wrongPassword: '現在のパスワードが正しくありません。',
  noAccount:
    'このメールアドレスで登録されたアカウントが見つかりません。先にアカウント登録をお願いしてください。',
  alreadyOwner: 'このユーザーは既にオーナーです。',
} as const;

type MemberRow = {
  userId: string;
  name: string;
  email: string;
  role: WorldRole;
  isGuest: boolean;
  joinedAt: Date;
};

const memberColumns = {
  userId: users.id,
  name: users.name,
  email: users.email,
  role: worldMembers.role,
  isGuest: users.isGuest,
  joinedAt: worldMembers.createdAt,
};

function memberJson(m: MemberRow) {
  return {
    userId: m.userId,
    name: m.name,
    // A guest's address is a generated uid nobody reads (ADR 007).
    email: m.isGuest ? null : m.email,
    role: m.role,
    isGuest: m.isGuest,
    joinedAt: m.joinedAt.toISOString(),
  };
}

function members(db: Db) {
  return db
    .select(memberColumns)
    .from(worldMembers)
    .innerJoin(users, eq(users.id, worldMembers.userId));
}

/** `%`, `_` and `\` typed into a search box are searched for, not wildcards. */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function listMembers(
  db: Db,
  worldId: string,
  query: { page: number; perPage: number; q?: string; role?: WorldRole },
) {
  const filters: (SQL | undefined)[] = [eq(worldMembers.worldId, worldId)];
  if (query.role) filters.push(eq(worldMembers.role, query.role));
  if (query.q) {
    const q = containing(query.q.trim());
    filters.push(or(ilike(users.name, q), and(eq(users.isGuest, false), ilike(users.email, q))));
  }
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    members(db)
      .where(where)
      .orderBy(asc(worldMembers.createdAt), asc(users.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db
      .select({ n: count() })
      .from(worldMembers)
      .innerJoin(users, eq(users.id, worldMembers.userId))
      .where(where),
  ]);
  return {
    items: rows.map(memberJson),
    page: query.page,
    perPage: query.perPage,
    total: total?.n ?? 0,
  };
}

export async function listOwners(db: Db, worldId: string) {
  const rows = await members(db)
    .where(and(eq(worldMembers.worldId, worldId), eq(worldMembers.role, 'owner')))
    .orderBy(asc(worldMembers.createdAt), asc(users.id));
  return { items: rows.map(memberJson) };
}

async function findMember(db: Db, worldId: string, userId: string) {
  const [row] = await members(db)
    .where(and(eq(worldMembers.worldId, worldId), eq(worldMembers.userId, userId)))
    .limit(1);
  return row;
}

export async function getMember(db: Db, worldId: string, userId: string) {
  const member = await findMember(db, worldId, userId);
  if (!member) throw new RuleError('notFound', memberMessages.notFound);
  return memberJson(member);
}

async function ownerCount(tx: Db, worldId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(worldMembers)
    .where(and(eq(worldMembers.worldId, worldId), eq(worldMembers.role, 'owner')));
  return row?.n ?? 0;
}

/**
 * Locks the world and answers the caller's and the target's memberships as they are now (the
 * caller's role may have changed since requireWorldRole read it).
 */
async function lockMembers(tx: Db, worldId: string, callerId: string, targetId: string) {
  await lockWorld(tx, worldId);
  const callerRole = await memberRole(tx, worldId, callerId);
  if (!callerRole) throw new RuleError('notFound', worldNotFoundMessage);
  const target = await findMember(tx, worldId, targetId);
  if (!target) throw new RuleError('notFound', memberMessages.notFound);
  return { callerRole, target };
}

/** updateWorldUser (owners): staff ↔ user, or an owner steps down or is demoted while another owner remains. */
export async function changeRole(
  db: Db,
  worldId: string,
  callerId: string,
  targetId: string,
  role: 'staff' | 'user',
) {
  return db.transaction(async (tx) => {
    const { callerRole, target } = await lockMembers(tx, worldId, callerId, targetId);
    if (callerRole !== 'owner') throw new RuleError('forbidden', forbiddenMessage);
    if (target.isGuest || target.role === 'guest')
      throw new RuleError('invalid', memberMessages.guestRole);
    if (target.role === 'owner' && (await ownerCount(tx, worldId)) <= 1)
      throw new RuleError('invalid', memberMessages.lastOwner);
    await tx
      .update(worldMembers)
      .set({ role })
      .where(and(eq(worldMembers.worldId, worldId), eq(worldMembers.userId, targetId)));
    return memberJson({ ...target, role });
  });
}

/**
 * removeWorldUser: owners remove anyone but the last owner; staff remove users and guests;
 * anyone may leave. A guest exists only for its world, so removing one deletes the user (its
 * sessions and membership go with it, as deleteGuest does).
 */
export async function removeMember(db: Db, worldId: string, callerId: string, targetId: string) {
  await db.transaction(async (tx) => {
    const { callerRole, target } = await lockMembers(tx, worldId, callerId, targetId);
    const leaving = callerId === targetId;
    if (!leaving) {
      if (callerRole === 'user' || callerRole === 'guest')
        throw new RuleError('forbidden', memberMessages.userCanOnlyLeave);
      if (callerRole === 'staff' && (target.role === 'owner' || target.role === 'staff')) {
        throw new RuleError('forbidden', memberMessages.staffCannotChange);
      }
    }
    if (target.role === 'owner' && (await ownerCount(tx, worldId)) <= 1)
      throw new RuleError('invalid', memberMessages.lastOwner);
    if (target.isGuest)
      await tx.delete(users).where(and(eq(users.id, targetId), eq(users.guestWorldId, worldId)));
    else
      await tx
        .delete(worldMembers)
        .where(and(eq(worldMembers.worldId, worldId), eq(worldMembers.userId, targetId)));
  });
}

/**
 * addWorldOwner: the confirmed account with this address becomes an owner (a member is promoted,
 * anyone else joins). The caller's password is checked first, so a stolen session alone cannot
 * hand the world to someone else.
 */
export async function addOwner(
  db: Db,
  worldId: string,
  caller: UserRow,
  input: { email: string; currentPassword: string },
  appUrl: string,
  now: Date,
) {
  if (!(await verifyPassword(caller.passwordHash, input.currentPassword)))
    throw new RuleError('invalid', memberMessages.wrongPassword);
  return db.transaction(async (tx) => {
    const world = await lockWorld(tx, worldId);
    if ((await memberRole(tx, worldId, caller.id)) !== 'owner')
      throw new RuleError('forbidden', forbiddenMessage);
    const [user] = await tx
      .select()
      .from(users)
      .where(eq(users.email, normalizeEmail(input.email)))
      .limit(1);
    // Unconfirmed accounts are treated as absent: nobody has shown they read that address yet.
    if (!user || user.isGuest || !user.confirmedAt)
      throw new RuleError('invalid', memberMessages.noAccount);
    const existing = await findMember(tx, worldId, user.id);
    if (existing?.role === 'owner') throw new RuleError('invalid', memberMessages.alreadyOwner);
    await enqueueMail(tx, {
      to: user.email,
      ...ownerAddedMail({ appUrl, worldId, worldName: world.name, byName: caller.name }),
    });
    if (existing) {
      await tx
        .update(worldMembers)
        .set({ role: 'owner' })
        .where(and(eq(worldMembers.worldId, worldId), eq(worldMembers.userId, user.id)));
      return memberJson({ ...existing, role: 'owner' });
    }
    await tx
      .insert(worldMembers)
      .values({ worldId, userId: user.id, role: 'owner', createdAt: now });
    return memberJson({
      userId: user.id,
      name: user.name,
      email: user.email,
      role: 'owner',
      isGuest: false,
      joinedAt: now,
    });
  });
}

/** getWorldMembersCount without the online count (the realtime hub's): members by role. */
export async function memberCounts(db: Db, worldId: string) {
  const rows = await db
    .select({ role: worldMembers.role, n: count() })
    .from(worldMembers)
    .where(eq(worldMembers.worldId, worldId))
    .groupBy(worldMembers.role);
  const of = (role: WorldRole) => rows.find((r) => r.role === role)?.n ?? 0;
  return {
    owners: of('owner'),
    staff: of('staff'),
    users: of('user'),
    guests: of('guest'),
    total: rows.reduce((sum, r) => sum + r.n, 0),
  };
}
