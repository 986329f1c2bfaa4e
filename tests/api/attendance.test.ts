import { describe, expect, it } from 'vitest';
import { useTestServer } from './support/app';
import { testDbKind } from './support/database';
import { baseUrl, connect, RealtimeClient, ticketFor, listenWithSockets } from './support/realtime';
import type { AuthHeaders } from './support/session';
import { worldPeople } from './support/world-members';

// Attendance ends when the attendee is gone (issue 15): within two heartbeats of the socket
// closing or going silent, and not when the socket comes back within that window.
const heartbeatMs = 500;
const t = useTestServer({ env: { REALTIME_HEARTBEAT_SECONDS: String(heartbeatMs / 1000) } });
const people = worldPeople(t);
const open = listenWithSockets(t);
// What the server needs besides the rule itself: a transaction and the messages (a loaded machine).
const slackMs = 300;

async function join(headers: AuthHeaders, worldId: string, spaceId: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/worlds/${worldId}/chime_meetings`,
    headers,
    payload: { spaceId },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; attendee: { AttendeeId: string } };
}

async function attendees(headers: AuthHeaders, worldId: string, meetingId: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/worlds/${worldId}/chime_meetings/${meetingId}`,
    headers,
  });
  return (res.json() as { attendees: { userId: string; attendeeId: string }[] }).attendees;
}

async function setting() {
  const { owner, world, members, mainSpace } = await people.world(['user']);
  const user = members[0]!;
  const watcher = await connect(t.app, owner.headers, world.id, 'owner');
  open.push(watcher);
  const meeting = await join(owner.headers, world.id, mainSpace);
  return { owner, world, user, mainSpace, watcher, meeting };
}

describe(`attendance ends when the attendee is gone, on ${testDbKind}`, () => {
  it('ends within two heartbeats of the tab closing: the others hear it and the place is free', async () => {
    const { owner, world, user, mainSpace, watcher, meeting } = await setting();
    const tab = await connect(t.app, user.headers, world.id, 'user');
    const mine = await join(user.headers, world.id, mainSpace);
    const closedAt = Date.now();
    await tab.close();
    const left = await watcher.next('meeting.attendeeLeft', (m) => m.userId === user.id, 3_000);
    expect(Date.now() - closedAt).toBeLessThan(2 * heartbeatMs + slackMs);
    expect(left.attendeeId).toBe(mine.attendee.AttendeeId);
    expect((await attendees(owner.headers, world.id, meeting.id)).map((a) => a.userId)).toEqual([
      owner.id,
    ]);
  });

  it('ends the attendance of a socket that stops answering pings', async () => {
    const { owner, world, user, mainSpace, watcher, meeting } = await setting();
    const { url } = await ticketFor(t.app, user.headers, world.id);
    const silent = await RealtimeClient.open(baseUrl(t.app), url, { autoPong: false });
    open.push(silent);
    await silent.ready;
    await join(user.headers, world.id, mainSpace);
    const silentSince = Date.now();
    await watcher.next('meeting.attendeeLeft', (m) => m.userId === user.id, 3_000);
    expect(Date.now() - silentSince).toBeLessThan(2 * heartbeatMs + slackMs);
    expect(await attendees(owner.headers, world.id, meeting.id)).toHaveLength(1);
  });

  it('keeps the same attendance when the socket comes back within the window', async () => {
    const { owner, world, user, mainSpace, watcher, meeting } = await setting();
    const tab = await connect(t.app, user.headers, world.id, 'user');
    const mine = await join(user.headers, world.id, mainSpace);
    await tab.close();
    open.push(await connect(t.app, user.headers, world.id, 'user again'));
    await new Promise((r) => setTimeout(r, 3 * heartbeatMs));
    expect(await watcher.none('meeting.attendeeLeft', 0)).toBe(true);
    const present = await attendees(owner.headers, world.id, meeting.id);
    expect(present.find((a) => a.userId === user.id)?.attendeeId).toBe(mine.attendee.AttendeeId);
  });

  it('ends an attendance whose socket never opened (the page went right after joining)', async () => {
    const { world, user, mainSpace, watcher } = await setting();
    await join(user.headers, world.id, mainSpace);
    // Two sweeps one heartbeat apart find it without a socket.
    await watcher.next('meeting.attendeeLeft', (m) => m.userId === user.id, 4 * heartbeatMs);
  });
});
