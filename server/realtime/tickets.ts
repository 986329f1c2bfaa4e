import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { hashSecret, newSecret } from '../auth/secrets';
import type { Db } from '../db/connect';
import { realtimeTickets, users, worldMembers, worlds, type WorldRole } from '../db/schema';

export const TICKET_SECONDS = 30;
export const realtimePath = '/api/realtime';

/** A single-use ticket for the world's WebSocket; only its hash is stored. */
export async function createTicket(db: Db, worldId: string, userId: string, now: Date) {
  const ticket = newSecret();
  const expiresAt = new Date(now.getTime() + TICKET_SECONDS * 1000);
  // Tickets are useless once expired: drop those of the last hours as new ones are made.
  await db
    .delete(realtimeTickets)
    .where(lt(realtimeTickets.expiresAt, new Date(now.getTime() - 3_600_000)));
  await db
    .insert(realtimeTickets)
    .values({ tokenHash: hashSecret(ticket), userId, worldId, expiresAt, createdAt: now });
  return {
    ticket,
    url: `${realtimePath}?ticket=${encodeURIComponent(ticket)}`,
    expiresAt: expiresAt.toISOString(),
  };
}

export type TicketHolder = {
  worldId: string;
  userId: string;
  role: WorldRole;
  name: string;
  isGuest: boolean;
  iconUrl: string | null;
  nowDoing: string | null;
};

/**
 * Uses the ticket up (one UPDATE, so two sockets racing with one ticket cannot both pass) and
 * answers who it was issued to, while that user is still a member of the (not deleted) world.
 */
export async function consumeTicket(
  db: Db,
  ticket: string,
  now: Date,
): Promise<TicketHolder | null> {
  const [used] = await db
    .update(realtimeTickets)
    .set({ usedAt: now })
    .where(
      and(
        eq(realtimeTickets.tokenHash, hashSecret(ticket)),
        isNull(realtimeTickets.usedAt),
        gt(realtimeTickets.expiresAt, now),
      ),
    )
    .returning({ worldId: realtimeTickets.worldId, userId: realtimeTickets.userId });
  if (!used) return null;
  const [member] = await db
    .select({
      role: worldMembers.role,
      name: users.name,
      isGuest: users.isGuest,
      iconUrl: users.iconUrl,
      nowDoing: worldMembers.nowDoing,
    })
    .from(worldMembers)
    .innerJoin(worlds, eq(worlds.id, worldMembers.worldId))
    .innerJoin(users, eq(users.id, worldMembers.userId))
    .where(
      and(
        eq(worldMembers.worldId, used.worldId),
        eq(worldMembers.userId, used.userId),
        isNull(worlds.archivedAt),
      ),
    )
    .limit(1);
  return member ? { ...used, ...member } : null;
}
