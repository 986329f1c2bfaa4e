// Listening in (hearingTable, docs/product.md §4 テーブルを聞く, ADR 038): an attendee hears a
// table without taking a seat and without sending anything. A listener is a receive-only attendee
// (`watching`) of the table's meeting, joined like a watcher of the stage (ADR 026): its seat is
// freed, it is not counted against the capacity, not announced to the meeting, and relay.ts
// forwards it nothing it would send. It receives the table's audio only (relay.ts). Moving to any
// space, the table too, is an ordinary join that replaces it.
import { and, eq, isNull } from 'drizzle-orm';
import { listeningTexts } from '../../src/domain/listening';
import type { Db } from '../db/connect';
import { layouts, meetings, spaces, worldUserSpaces } from '../db/schema';
import { RuleError } from '../http/errors';
import { presentCount } from './capacity';
import {
  applyEffects,
  endAttendees,
  type MeetingContext,
  newEffects,
  presentAttendees,
} from './effects';
import { joinMeeting, joinMessages } from './join';
import { announceListeners } from './listener-list';
import type { Tx } from '../db/connect';
import { lockLiveWorld } from '../db/world-locks';

/** The world's table `spaceId`: 404 for no such space of the world, 422 for a hall or stage. */
async function tableOf(db: Db | Tx, worldId: string, spaceId: string) {
  const [space] = await db
    .select({ kind: spaces.kind, listeningOff: spaces.listeningOff })
    .from(spaces)
    .where(and(eq(spaces.id, spaceId), eq(spaces.worldId, worldId), isNull(spaces.removedAt)));
  if (!space) throw new RuleError('notFound', joinMessages.spaceNotFound);
  if (space.kind !== 'table') throw new RuleError('invalid', listeningTexts.notTable);
  return space;
}

/** What refuses listening to the table now, checked in the join's transaction. */
async function refuseListening(tx: Tx, worldId: string, userId: string, spaceId: string) {
  const table = await tableOf(tx, worldId, spaceId);
  if (table.listeningOff) throw new RuleError('invalid', listeningTexts.closed);
  const [seat] = await tx
    .select({ spaceId: worldUserSpaces.spaceId })
    .from(worldUserSpaces)
    .where(and(eq(worldUserSpaces.worldId, worldId), eq(worldUserSpaces.userId, userId)));
  if (seat?.spaceId === spaceId) throw new RuleError('invalid', listeningTexts.alreadyThere);
  // A listener never starts a meeting: there must be someone to hear.
  if ((await presentCount(tx, eq(meetings.spaceId, spaceId), { watching: false })) === 0)
    throw new RuleError('invalid', listeningTexts.nobody);
  const [meeting] = await tx
    .select({ provider: meetings.provider })
    .from(meetings)
    .where(and(eq(meetings.spaceId, spaceId), isNull(meetings.endedAt)));
  // On the mesh the media goes browser to browser: nothing receives without sending (ADR 038).
  if (meeting?.provider === 'local') throw new RuleError('invalid', listeningTexts.mesh);
}

/** listenToTable: a receive-only join of the table's meeting; its members are told. */
export async function listenToTable(
  ctx: MeetingContext,
  worldId: string,
  user: { id: string; name: string },
  spaceId: string,
) {
  await tableOf(ctx.db, worldId, spaceId);
  const join = await joinMeeting(ctx, worldId, user, spaceId, {
    watching: true,
    check: (tx) => refuseListening(tx, worldId, user.id, spaceId),
  });
  await announceListeners(ctx, worldId, [spaceId]);
  return { ...join, watching: true };
}

/**
 * updateTableListening: owner and staff open or close a table to listening in. Closing it ends
 * every listener's attendance there; everyone reads the layout again.
 */
export async function setTableListening(
  ctx: MeetingContext,
  worldId: string,
  spaceId: string,
  listenable: boolean,
) {
  const effects = newEffects();
  const version = await ctx.db.transaction(async (tx) => {
    await lockLiveWorld(tx, worldId);
    await tableOf(tx, worldId, spaceId);
    await tx.update(spaces).set({ listeningOff: !listenable }).where(eq(spaces.id, spaceId));
    if (!listenable) {
      const listeners = (await presentAttendees(tx, worldId)).filter(
        (a) => a.watching && a.meeting.spaceId === spaceId,
      );
      await endAttendees(tx, listeners, ctx.now, effects);
      for (const l of listeners)
        effects.messages.push({
          to: { userIds: [l.userId] },
          message: { type: 'meeting.ended', meetingId: l.meeting.id },
        });
    }
    const [layout] = await tx
      .select({ version: layouts.version })
      .from(layouts)
      .where(eq(layouts.worldId, worldId));
    return layout?.version ?? 1;
  });
  await applyEffects(ctx, worldId, effects);
  await ctx.publish(worldId, { everyone: true }, { type: 'world.layoutUpdated', version });
  return { listenable };
}
