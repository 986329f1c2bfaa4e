// Mute all (docs/product.md §4 全員のマイクをオフ, ADR 035): the forced-device rule of
// forceDevice applied at once to every current attendee of a meeting the caller may force.
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { lockLiveWorld } from '../db/world-locks';
import { meetingAttendees, worldMembers, type WorldRole } from '../db/schema';
import { type MeetingContext } from './effects';
import { meetingOfWorld } from './removal';

/** Whom a role may force: never the owner; staff only those below staff. */
const forcible = (actorRole: WorldRole): WorldRole[] =>
  actorRole === 'owner' ? ['staff', 'user', 'guest'] : ['user', 'guest'];

export async function muteAll(
  ctx: Pick<MeetingContext, 'db' | 'publish'>,
  worldId: string,
  actor: { id: string; role: WorldRole },
  meetingId: string,
) {
  const mutedUserIds = await ctx.db.transaction(async (tx) => {
    await lockLiveWorld(tx, worldId);
    await meetingOfWorld(tx, worldId, meetingId);
    const targets = await tx
      .select({ id: meetingAttendees.id, userId: meetingAttendees.userId })
      .from(meetingAttendees)
      .innerJoin(
        worldMembers,
        and(eq(worldMembers.worldId, worldId), eq(worldMembers.userId, meetingAttendees.userId)),
      )
      .where(
        and(
          eq(meetingAttendees.meetingId, meetingId),
          isNull(meetingAttendees.leftAt),
          eq(meetingAttendees.watching, false),
          ne(meetingAttendees.userId, actor.id),
          inArray(worldMembers.role, forcible(actor.role)),
        ),
      );
    if (targets.length === 0) return [];
    await tx
      .update(meetingAttendees)
      .set({ micForceDisabled: true })
      .where(
        inArray(
          meetingAttendees.id,
          targets.map((t) => t.id),
        ),
      );
    return [...new Set(targets.map((t) => t.userId))];
  });
  if (mutedUserIds.length > 0)
    await ctx.publish(
      worldId,
      { userIds: mutedUserIds },
      { type: 'meeting.forceDevice', meetingId, device: 'mic', disabled: true },
    );
  return { mutedUserIds };
}
