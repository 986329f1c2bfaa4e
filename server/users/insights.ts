import { and, asc, countDistinct, eq, gt, gte, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { meetingAttendees, meetings, spaces, userActions } from '../db/schema';
import { checkRange } from './user-actions';

/** A move between tables leaves one meeting and joins the next: closer than this, one visit. */
const SAME_VISIT_GAP_MS = 60_000;
/** At most this many points on the attendance line. */
const MAX_POINTS = 288;
const STEPS_MINUTES = [1, 5, 10, 15, 30, 60, 120, 360, 720, 1440];
/** Stay-time buckets, lower bounds in minutes (the last is open-ended). */
const STAY_BOUNDS_MINUTES = [0, 5, 15, 30, 60, 120];

interface Interval {
  userId: string;
  spaceId: string;
  watching: boolean;
  start: number;
  end: number;
}

/**
 * The world's attendance in [from, to) from the server's own records (meeting attendees: what
 * is billed), beside the number of people whose browsers reported entering (user actions).
 */
export async function insights(
  db: Db,
  worldId: string,
  query: { from: string; to: string },
  now: Date,
) {
  const { start, end } = checkRange(query.from, query.to);
  const until = Math.min(end.getTime(), now.getTime());
  const rows = await db
    .select({
      userId: meetingAttendees.userId,
      spaceId: meetings.spaceId,
      watching: meetingAttendees.watching,
      joinedAt: meetingAttendees.joinedAt,
      leftAt: meetingAttendees.leftAt,
    })
    .from(meetingAttendees)
    .innerJoin(meetings, eq(meetings.id, meetingAttendees.meetingId))
    .where(
      and(
        eq(meetings.worldId, worldId),
        lt(meetingAttendees.joinedAt, end),
        or(isNull(meetingAttendees.leftAt), gt(meetingAttendees.leftAt, start)),
      ),
    )
    .orderBy(asc(meetingAttendees.userId), asc(meetingAttendees.joinedAt));
  const intervals: Interval[] = rows
    .map((r) => ({
      userId: r.userId,
      spaceId: r.spaceId,
      watching: r.watching,
      start: Math.max(r.joinedAt.getTime(), start.getTime()),
      end: Math.min(r.leftAt?.getTime() ?? until, until),
    }))
    .filter((i) => i.end > i.start);

  const visits = visitsOf(intervals);
  const stepMinutes =
    STEPS_MINUTES.find((m) => (end.getTime() - start.getTime()) / (m * 60_000) <= MAX_POINTS) ??
    1440;
  const [browser] = await db
    .select({ people: countDistinct(userActions.userId) })
    .from(userActions)
    .where(
      and(
        eq(userActions.worldId, worldId),
        eq(userActions.actionType, 'world.entered'),
        lt(userActions.occurredAt, end),
        gte(userActions.occurredAt, start),
      ),
    );
  const peak = peakOf(visits);
  return {
    from: start.toISOString(),
    to: end.toISOString(),
    people: new Set(visits.map((v) => v.userId)).size,
    entries: visits.length,
    peak: peak.count,
    peakAt: peak.at === null ? null : new Date(peak.at).toISOString(),
    browserPeople: browser?.people ?? 0,
    stepMinutes,
    attendance: series(visits, intervals, start.getTime(), end.getTime(), stepMinutes * 60_000),
    stays: STAY_BOUNDS_MINUTES.map((min, i) => {
      const max = STAY_BOUNDS_MINUTES[i + 1] ?? null;
      const visitsIn = visits.filter((v) => {
        const minutes = (v.end - v.start) / 60_000;
        return minutes >= min && (max === null || minutes < max);
      });
      return { minMinutes: min, maxMinutes: max, visits: visitsIn.length };
    }),
    spaces: await spaceOccupancy(db, worldId, intervals),
  };
}

type Visit = Pick<Interval, 'userId' | 'start' | 'end'>;

/** Each person's intervals (ordered by person, then start) merged into visits. */
function visitsOf(intervals: Interval[]): Visit[] {
  const visits: Visit[] = [];
  let current: Visit | null = null;
  for (const i of intervals) {
    if (current && current.userId === i.userId && i.start - current.end <= SAME_VISIT_GAP_MS) {
      current.end = Math.max(current.end, i.end);
      continue;
    }
    current = { userId: i.userId, start: i.start, end: i.end };
    visits.push(current);
  }
  return visits;
}

/** The most people present at once (a leaving at the same moment as a coming counts first). */
function peakOf(spans: { start: number; end: number }[]): { count: number; at: number | null } {
  const events = spans.flatMap((s) => [
    [s.start, 1],
    [s.end, -1],
  ]);
  events.sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!);
  let count = 0;
  let best = { count: 0, at: null as number | null };
  for (const [at, delta] of events) {
    count += delta!;
    if (count > best.count) best = { count, at: at! };
  }
  return best;
}

/** People and stage watchers present at some time in each step of [from, to). */
function series(
  visits: Visit[],
  intervals: Interval[],
  from: number,
  to: number,
  step: number,
): { at: string; people: number; watchers: number }[] {
  const points = [];
  const present = (spans: { userId: string; start: number; end: number }[], a: number, b: number) =>
    new Set(spans.filter((s) => s.start < b && s.end > a).map((s) => s.userId)).size;
  const watching = intervals.filter((i) => i.watching);
  for (let at = from; at < to; at += step)
    points.push({
      at: new Date(at).toISOString(),
      people: present(visits, at, at + step),
      watchers: present(watching, at, at + step),
    });
  return points;
}

/** Per space of the world (removed ones too when used): people, person-minutes and the peak. */
async function spaceOccupancy(db: Db, worldId: string, intervals: Interval[]) {
  const list = await db
    .select({ id: spaces.id, name: spaces.name, kind: spaces.kind, removedAt: spaces.removedAt })
    .from(spaces)
    .where(eq(spaces.worldId, worldId))
    .orderBy(asc(spaces.position), asc(spaces.name));
  return list
    .map((space) => {
      const seated = intervals.filter((i) => i.spaceId === space.id);
      return {
        spaceId: space.id,
        name: space.name,
        kind: space.kind,
        people: new Set(seated.filter((i) => !i.watching).map((i) => i.userId)).size,
        watchers: new Set(seated.filter((i) => i.watching).map((i) => i.userId)).size,
        minutes: Math.round(seated.reduce((sum, i) => sum + (i.end - i.start), 0) / 60_000),
        peak: peakOf(seated.filter((i) => !i.watching)).count,
      };
    })
    .filter((s, i) => list[i]!.removedAt === null || s.people + s.watchers > 0);
}
