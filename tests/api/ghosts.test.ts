import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { meetingAttendees } from '../../server/db/schema';
import { useTestServer } from './support/app';
import { useProcesses } from '../support/processes';
import { testDbKind } from './support/database';
import { connect, joinMeeting, listenWithSockets } from './support/realtime';
import { worldPeople } from './support/world-members';

// Issue 25 item 4: when a server process dies (kill -9), another ends its attendances and tells
// everyone its members left (presence.left) within two heartbeats. Two real processes: this
// file's server, and a second one started as a child process and killed; a Redis of the test's
// own. PostgreSQL only: two processes cannot share a PGlite directory.

const heartbeatSeconds = 1;
const onPostgres = testDbKind === 'postgres';
const processes = useProcesses(onPostgres);

const t = useTestServer({
  env: () => ({
    ...(onPostgres ? { REDIS_URL: processes.redisUrl() } : {}),
    REALTIME_HEARTBEAT_SECONDS: String(heartbeatSeconds),
  }),
});
const open = listenWithSockets(t);
const people = worldPeople(t);

describe.runIf(onPostgres)('a server process that dies leaves no ghosts', () => {
  it('tells the others its members left and ends their attendance, within two heartbeats', async () => {
    const { owner, world, members, mainSpace } = await people.world(['user']);
    const user = members[0]!;
    const b = await processes.startSecondProcess({
      DATABASE_URL: t.database.url!,
      REDIS_URL: processes.redisUrl(),
      REALTIME_HEARTBEAT_SECONDS: String(heartbeatSeconds),
    });
    t.clock.syncWithReal();
    const onA = await connect(t.app, owner.headers, world.id, 'owner on A');
    // The ticket comes from A (tickets are in the database), the socket opens on B.
    const onB = await connect(t.app, user.headers, world.id, 'user on B', b.url);
    open.push(onA, onB);
    await onA.next('presence.joined', (m) => m.member.userId === user.id);
    await joinMeeting(t.app, user.headers, world.id, mainSpace);

    b.child.kill('SIGKILL');
    const killedAt = Date.now();
    const left = await onA.next('presence.left', (m) => m.userId === user.id, 60_000);
    const seconds = (Date.now() - killedAt) / 1000;
    console.info(
      `presence.left ${seconds.toFixed(2)} s after kill -9 (heartbeat ${heartbeatSeconds} s)`,
    );
    expect(left.userId).toBe(user.id);
    const attending = () =>
      t.database.db
        .select()
        .from(meetingAttendees)
        .where(and(eq(meetingAttendees.userId, user.id), isNull(meetingAttendees.leftAt)));
    await vi.waitFor(async () => expect(await attending()).toEqual([]), {
      timeout: 30_000,
      interval: 50,
    });
    // The user comes back through the process still running and is there again.
    const back = await connect(t.app, user.headers, world.id, 'user back on A');
    open.push(back);
    expect((await onA.next('presence.joined')).member.userId).toBe(user.id);
  }, 180_000);
});
