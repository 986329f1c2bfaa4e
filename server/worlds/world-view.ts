// A world as attendees see it (/api/worlds/{id}, outline, abstract, the public outline).
import { and, count, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { meetingAttendees, meetings, users, worldGuestTokens, worldMembers, worlds, type WorldRole } from '../db/schema';
import { HttpError } from '../http/errors';
import { currentCapacity } from '../meetings/capacity';
import { mainSpaceId } from '../spaces/spaces';
import { worldNotFoundMessage } from './access';
import { informationBoard } from './notices';
import { worldJson } from './worlds';

async function liveWorld(db: Db, worldId: string) {
  const [world] = await db
    .select()
    .from(worlds)
    .where(and(eq(worlds.id, worldId), isNull(worlds.archivedAt)));
  if (!world) throw new HttpError(404, worldNotFoundMessage);
  return world;
}

/** Attendees in the world's live meetings now (what the capacity limits). */
async function currentAttendees(db: Db, worldId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(meetingAttendees)
    .innerJoin(meetings, eq(meetings.id, meetingAttendees.meetingId))
    .where(and(eq(meetings.worldId, worldId), isNull(meetings.endedAt), isNull(meetingAttendees.leftAt)));
  return row?.n ?? 0;
}

/** getWorld: capacity is 8 outside a reserved date, that date's capacity inside it. */
export async function worldView(db: Db, worldId: string, role: WorldRole, now: Date) {
  const world = await liveWorld(db, worldId);
  const [{ capacity, calendarDateId }, mainSpace, board] = await Promise.all([
    currentCapacity(db, worldId, now),
    mainSpaceId(db, worldId),
    informationBoard(db, worldId),
  ]);
  return {
    ...worldJson(world, role),
    // Layouts do not exist yet.
    layoutId: null,
    mainSpaceId: mainSpace,
    capacity,
    currentCalendarDateId: calendarDateId,
    informationBoard: board,
  };
}

/** The outline a member sees at the gate. Event announcements do not exist yet: no next event. */
export async function memberOutline(db: Db, worldId: string, role: WorldRole, now: Date) {
  const world = await liveWorld(db, worldId);
  const [{ capacity }, attendees] = await Promise.all([currentCapacity(db, worldId, now), currentAttendees(db, worldId)]);
  return {
    id: world.id,
    name: world.name,
    description: world.description,
    coverImageUrl: world.coverImageUrl,
    timeZone: world.timeZone,
    role,
    capacity,
    currentAttendees: attendees,
    nextEvent: null,
  };
}

export async function worldAbstract(db: Db, worldId: string) {
  const world = await liveWorld(db, worldId);
  const [[owner], [members]] = await Promise.all([
    db.select({ name: users.name }).from(users).where(eq(users.id, world.ownerId)),
    db.select({ n: count() }).from(worldMembers).where(eq(worldMembers.worldId, worldId)),
  ]);
  return { id: world.id, name: world.name, coverImageUrl: world.coverImageUrl, ownerName: owner?.name ?? '', memberCount: members?.n ?? 0 };
}

/**
 * getPublicWorldOutline: what anyone may know before entering. Guest entry is open while a guest
 * link is usable; instant entry is settled by the instant entrance settings (another branch),
 * off until they exist.
 */
export async function publicOutline(db: Db, worldId: string, now: Date) {
  const world = await liveWorld(db, worldId);
  const [usable] = await db
    .select({ id: worldGuestTokens.id })
    .from(worldGuestTokens)
    .where(
      and(
        eq(worldGuestTokens.worldId, worldId),
        isNull(worldGuestTokens.revokedAt),
        or(isNull(worldGuestTokens.expiresAt), gt(worldGuestTokens.expiresAt, now)),
        or(isNull(worldGuestTokens.maxUses), lt(worldGuestTokens.uses, worldGuestTokens.maxUses)),
      ),
    )
    .limit(1);
  return {
    id: world.id,
    name: world.name,
    description: world.description,
    coverImageUrl: world.coverImageUrl,
    timeZone: world.timeZone,
    guestEntryEnabled: Boolean(usable),
    instantEnterEnabled: false,
    nextEvent: null,
  };
}
