// A world as attendees see it (/api/worlds/{id}, outline, abstract, the public outline).
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { nextPublicEvent } from '../events/announcements';
import { hasOpenInstantEntrance, isOpenLink } from '../guests/links';
import { users, worldGuestTokens, worldMembers, worlds, type WorldRole } from '../db/schema';
import { RuleError } from '../http/errors';
import { currentCapacity, room } from '../meetings/capacity';
import { mainSpaceId } from './spaces';
import { informationBoard } from './notices';
import { worldJson } from './worlds';
import { worldNotFoundMessage } from '../db/world-locks';

async function liveWorld(db: Db, worldId: string) {
  const [world] = await db
    .select()
    .from(worlds)
    .where(and(eq(worlds.id, worldId), isNull(worlds.archivedAt)));
  if (!world) throw new RuleError('notFound', worldNotFoundMessage);
  return world;
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
    // A world's layout has the world's id (server/layouts/layouts.ts) and is read by getLayout;
    // this field is not filled in.
    layoutId: null,
    mainSpaceId: mainSpace,
    capacity,
    currentCalendarDateId: calendarDateId,
    informationBoard: board,
  };
}

/** The outline a member sees at the gate. */
export async function memberOutline(db: Db, worldId: string, role: WorldRole, now: Date) {
  const world = await liveWorld(db, worldId);
  const [{ capacity, currentAttendees }, nextEvent] = await Promise.all([
    room(db, worldId, now),
    nextPublicEvent(db, worldId, now),
  ]);
  return {
    id: world.id,
    name: world.name,
    description: world.description,
    coverImageUrl: world.coverImageUrl,
    timeZone: world.timeZone,
    role,
    capacity,
    currentAttendees,
    nextEvent,
  };
}

export async function worldAbstract(db: Db, worldId: string) {
  const world = await liveWorld(db, worldId);
  const [[owner], [members]] = await Promise.all([
    db.select({ name: users.name }).from(users).where(eq(users.id, world.ownerId)),
    db.select({ n: count() }).from(worldMembers).where(eq(worldMembers.worldId, worldId)),
  ]);
  return {
    id: world.id,
    name: world.name,
    coverImageUrl: world.coverImageUrl,
    ownerName: owner?.name ?? '',
    memberCount: members?.n ?? 0,
  };
}

/**
 * getPublicWorldOutline: what anyone may know before entering. Guest entry is open while a guest
 * link is usable; instant entry while one of its instant entrances is.
 */
export async function publicOutline(db: Db, worldId: string, now: Date) {
  const world = await liveWorld(db, worldId);
  const [[usable], instantEnterEnabled, nextEvent] = await Promise.all([
    db
      .select({ id: worldGuestTokens.id })
      .from(worldGuestTokens)
      .where(and(eq(worldGuestTokens.worldId, worldId), isOpenLink(now)))
      .limit(1),
    hasOpenInstantEntrance(db, worldId, now),
    nextPublicEvent(db, worldId, now),
  ]);
  return {
    id: world.id,
    name: world.name,
    description: world.description,
    coverImageUrl: world.coverImageUrl,
    timeZone: world.timeZone,
    guestEntryEnabled: Boolean(usable),
    instantEnterEnabled,
    nextEvent,
  };
}
