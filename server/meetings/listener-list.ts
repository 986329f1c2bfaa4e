// Who listens to a table (hearingTable, ADR 038): a listener is a receive-only attendee
// (`watching`) of a table's meeting, as a watcher is of the stage's. Apart from listening.ts so
// that ending attendances (effects.ts) can tell the table.
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { listeningTexts } from '../../src/domain/listening';
import type { Db } from '../db/connect';
import { meetingAttendees, meetings, spaces, users } from '../db/schema';
import { RuleError } from '../http/errors';
import type { UseCaseContext } from '../http/use-case';
import { currentAttendees } from './relay';

/** The tables among these spaces (a watcher of any other space watches the stage). */
export async function tablesAmong(db: Db, spaceIds: readonly string[]) {
  if (spaceIds.length === 0) return [];
  const rows = await db
    .select({ id: spaces.id })
    .from(spaces)
    .where(and(inArray(spaces.id, [...spaceIds]), eq(spaces.kind, 'table')));
  return rows.map((r) => r.id);
}

/** The attendees of the table's live meeting now, listeners among them, with their names. */
function present(db: Db, worldId: string, spaceId: string) {
  return db
    .select({
      meetingId: meetings.id,
      userId: meetingAttendees.userId,
      name: users.name,
      listening: meetingAttendees.watching,
    })
    .from(meetingAttendees)
    .innerJoin(meetings, eq(meetings.id, meetingAttendees.meetingId))
    .innerJoin(users, eq(users.id, meetingAttendees.userId))
    .where(
      and(
        eq(meetings.worldId, worldId),
        eq(meetings.spaceId, spaceId),
        isNull(meetings.endedAt),
        isNull(meetingAttendees.leftAt),
      ),
    )
    .orderBy(asc(meetingAttendees.joinedAt), asc(meetingAttendees.id));
}

/** listTableListeners: for those in the table's meeting, who listens to it. */
export async function listListeners(db: Db, worldId: string, userId: string, spaceId: string) {
  // Only a table is listened to; the stage's watchers are counted, never named (ADR 026).
  if ((await tablesAmong(db, [spaceId])).length === 0)
    throw new RuleError('invalid', listeningTexts.notTable);
  const rows = await present(db, worldId, spaceId);
  if (!rows.some((r) => r.userId === userId))
    throw new RuleError('invalid', listeningTexts.notAtTable);
  return {
    items: rows.filter((r) => r.listening).map(({ userId, name }) => ({ userId, name })),
  };
}

/** Everyone in these tables' meetings hears that who listens changed (they read it again). */
export async function announceListeners(
  ctx: Pick<UseCaseContext, 'db' | 'publish'>,
  worldId: string,
  tableIds: readonly string[],
) {
  for (const spaceId of tableIds) {
    const [meeting] = await ctx.db
      .select({ id: meetings.id })
      .from(meetings)
      .where(and(eq(meetings.spaceId, spaceId), isNull(meetings.endedAt)));
    if (!meeting) continue;
    const attendees = await currentAttendees(ctx.db, worldId, meeting.id);
    if (attendees.length === 0) continue;
    await ctx.publish(
      worldId,
      { userIds: attendees.map((a) => a.userId) },
      { type: 'listeners.changed', spaceId },
    );
  }
}
