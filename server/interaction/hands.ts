// Raised hands (docs/product.md §4 挙手, ADR 034): an attendee raises and lowers their own hand in
// the space they sit in; owners and staff see each space's queue in the order hands went up, lower
// a hand, and give the floor, which also lifts a forced-off microphone.
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../db/connect';
import {
  meetingAttendees,
  meetings,
  raisedHands,
  spaces,
  users,
  worldUserSpaces,
} from '../db/schema';
import { RuleError } from '../http/errors';
import type { Publish } from '../http/use-case';
import { currentSpaceOf } from '../chat/channels';
import { interactionTexts } from '../../src/domain/interaction';
import { layoutMessages } from '../../src/domain/layout';

type HandContext = { db: Db; publish: Publish; now: Date };

/** The hands of a space that still count (their person sits there), oldest first. */
export async function listHands(db: Db, worldId: string, spaceId: string) {
  const [space] = await db
    .select({ id: spaces.id })
    .from(spaces)
    .where(and(eq(spaces.id, spaceId), eq(spaces.worldId, worldId), isNull(spaces.removedAt)));
  if (!space) throw new RuleError('notFound', layoutMessages.spaceNotFound);
  const rows = await db
    .select({ userId: raisedHands.userId, name: users.name, raisedAt: raisedHands.raisedAt })
    .from(raisedHands)
    .innerJoin(users, eq(users.id, raisedHands.userId))
    .innerJoin(
      worldUserSpaces,
      and(
        eq(worldUserSpaces.worldId, raisedHands.worldId),
        eq(worldUserSpaces.userId, raisedHands.userId),
        eq(worldUserSpaces.spaceId, raisedHands.spaceId),
      ),
    )
    .where(and(eq(raisedHands.worldId, worldId), eq(raisedHands.spaceId, spaceId)))
    .orderBy(asc(raisedHands.seq));
  return { items: rows.map((r) => ({ ...r, raisedAt: r.raisedAt.toISOString() })) };
}

/**
 * Tells the space's owners and staff (and the person) that a hand went up or down. `floor` is
 * true when it went down because the person was given the floor.
 */
async function announce(
  ctx: HandContext,
  worldId: string,
  hand: { userId: string; spaceId: string; raised: boolean; floor: boolean },
) {
  await ctx.publish(worldId, { roles: ['owner', 'staff'] }, { type: 'hands.changed', ...hand });
  await ctx.publish(worldId, { userIds: [hand.userId] }, { type: 'hands.changed', ...hand });
}

/** The caller raises their hand in `spaceId`, which must be the space they sit in. */
export async function raiseHand(
  ctx: HandContext,
  worldId: string,
  userId: string,
  spaceId: string,
) {
  if ((await currentSpaceOf(ctx.db, worldId, userId)) !== spaceId)
    throw new RuleError('invalid', interactionTexts.handNotInSpace);
  // Raising again while up keeps one's place in the queue (a move or a leave took any other down).
  await ctx.db
    .insert(raisedHands)
    .values({ worldId, userId, spaceId, raisedAt: ctx.now })
    .onConflictDoNothing();
  await announce(ctx, worldId, { userId, spaceId, raised: true, floor: false });
}

async function takeDown(db: Db | Tx, worldId: string, userId: string) {
  const [gone] = await db
    .delete(raisedHands)
    .where(and(eq(raisedHands.worldId, worldId), eq(raisedHands.userId, userId)))
    .returning({ spaceId: raisedHands.spaceId });
  return gone?.spaceId ?? null;
}

/** The caller lowers their own hand; lowering a hand that is down changes nothing. */
export async function lowerOwnHand(ctx: HandContext, worldId: string, userId: string) {
  const spaceId = await takeDown(ctx.db, worldId, userId);
  if (spaceId) await announce(ctx, worldId, { userId, spaceId, raised: false, floor: false });
}

async function raisedIn(db: Db, worldId: string, spaceId: string, userId: string) {
  const { items } = await listHands(db, worldId, spaceId);
  if (!items.some((h) => h.userId === userId))
    throw new RuleError('invalid', interactionTexts.handNotRaised);
}

/** Owner or staff lowers someone's hand in a space. */
export async function lowerHand(
  ctx: HandContext,
  worldId: string,
  spaceId: string,
  userId: string,
) {
  await raisedIn(ctx.db, worldId, spaceId, userId);
  await takeDown(ctx.db, worldId, userId);
  await announce(ctx, worldId, { userId, spaceId, raised: false, floor: false });
}

/**
 * 発言を許可: owner or staff gives the floor to a raised hand of the space. The hand goes down and a
 * microphone forced off in the person's current meeting is released (meeting.forceDevice with
 * disabled false, as a release by forceChimeMeetingDevice), so they can turn it on themselves.
 */
export async function giveFloor(
  ctx: HandContext,
  worldId: string,
  spaceId: string,
  userId: string,
) {
  await raisedIn(ctx.db, worldId, spaceId, userId);
  const released = await ctx.db.transaction(async (tx) => {
    await takeDown(tx, worldId, userId);
    return tx
      .update(meetingAttendees)
      .set({ micForceDisabled: false })
      .from(meetings)
      .where(
        and(
          eq(meetings.id, meetingAttendees.meetingId),
          eq(meetings.worldId, worldId),
          eq(meetingAttendees.userId, userId),
          eq(meetingAttendees.micForceDisabled, true),
          isNull(meetingAttendees.leftAt),
        ),
      )
      .returning({ meetingId: meetingAttendees.meetingId });
  });
  for (const { meetingId } of released)
    await ctx.publish(
      worldId,
      { userIds: [userId] },
      { type: 'meeting.forceDevice', meetingId, device: 'mic', disabled: false },
    );
  await announce(ctx, worldId, { userId, spaceId, raised: false, floor: true });
}
