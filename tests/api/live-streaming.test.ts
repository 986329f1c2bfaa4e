// The stage's live stream and watching it (ADR 026), on the built-in provider: the stage runs on
// the media server, watchers take no seat and are not counted, and nothing they send is relayed.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { liveStreamings, meetings, spaces, worlds, worldUserSpaces } from '../../server/db/schema';
import { endEmptyStreams } from '../../server/meetings/empty-stages';
import { streamingMessages } from '../../server/meetings/streaming';
import { COUNT_WINDOW_MS } from '../../server/meetings/watcher-count';
import { useTestServer } from './support/app';
import { testDbKind } from './support/database';
import { addStage, removeStage } from './support/layouts';
import { connect } from './support/realtime';
import { worldPeople } from './support/world-members';

// Every space but the stage on the mesh (MEETING_PROVIDER=local): the stage still meets on the
// media server, which watchers receive from (ADR 026).
const t = useTestServer({ env: { MEETING_PROVIDER: 'local' } });
const people = worldPeople(t);
beforeAll(async () => {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
});

type Headers = Record<string, string>;

const call = (
  method: 'GET' | 'PATCH' | 'POST' | 'DELETE',
  url: string,
  headers: Headers,
  payload?: object,
) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

async function stagedWorld() {
  const setup = await people.world(['staff', 'user', 'user']);
  return { ...setup, stage: (await addStage(t, setup.world.id)).id };
}

/** A staged world whose owner is on the stage and streams it; `user` may watch. */
async function streamedStage() {
  const setup = await stagedWorld();
  const { owner, world, stage } = setup;
  const w = (path: string) => `/api/worlds/${world.id}/${path}`;
  const onStage = await call('POST', w('chime_meetings'), owner.headers, { spaceId: stage });
  await call('PATCH', w(`live_streamings/${stage}`), owner.headers, { status: 'live' });
  return { ...setup, user: setup.members[1]!, w, meetingId: onStage.json().id as string };
}

/** The stage's stream as stored. */
async function streamOf(stage: string) {
  const [row] = await t.database.db
    .select()
    .from(liveStreamings)
    .where(eq(liveStreamings.spaceId, stage));
  return row;
}

/** One pass of the server's empty-stage watch, at the test clock's instant. */
function pass() {
  const { deps } = t.server.app;
  return endEmptyStreams(
    {
      db: deps.database.db,
      meetings: deps.meetings,
      publish: deps.realtime.publish,
      disconnect: deps.realtime.disconnect,
      now: t.clock.now(),
      logger: { warn() {} },
    },
    deps.config.liveStreaming,
  );
}

describe(`live streaming and watching on ${testDbKind}`, () => {
  it('streams the stage to a watcher who takes no seat, is counted apart and goes back to attending', async () => {
    const { owner, world, members, mainSpace, stage } = await stagedWorld();
    const [staff, user, other] = members;
    const w = (path: string) => `/api/worlds/${world.id}/${path}`;
    const stream = w(`live_streamings/${stage}`);
    const watching = w(`watching_streamings/${stage}`);

    const idle = await call('GET', stream, user!.headers);
    expect(idle.statusCode).toBe(200);
    expect(idle.json()).toMatchObject({
      id: stage,
      status: 'idle',
      destinationUrlRequired: false,
      viewerCount: 0,
    });
    // Only a stage streams; a user cannot start it.
    expect((await call('GET', w(`live_streamings/${mainSpace}`), owner.headers)).statusCode).toBe(
      404,
    );
    const byUser = await call('PATCH', stream, user!.headers, { status: 'live' });
    expect(byUser.statusCode).toBe(403);
    const empty = await call('PATCH', stream, owner.headers, { status: 'live' });
    expect([empty.statusCode, empty.json().errors]).toEqual([
      422,
      [streamingMessages.stageNotRunning],
    ]);

    // The owner on the stage: its meeting runs on the media server even though the world's
    // other meetings are on the mesh.
    const onStage = await call('POST', w('chime_meetings'), owner.headers, { spaceId: stage });
    expect(onStage.statusCode).toBe(201);
    expect(onStage.json().provider).toBe('sfu');
    const inHall = await call('POST', w('chime_meetings'), user!.headers, { spaceId: mainSpace });
    expect(inHall.json().provider).toBe('local');

    for (const destinationUrl of ['https://a.rtmp.youtube.com/live2/key', 'rtmp:/nohost', 'x']) {
      const bad = await call('PATCH', stream, owner.headers, { status: 'live', destinationUrl });
      expect([bad.statusCode, bad.json().errors]).toEqual([422, [streamingMessages.notRtmp]]);
    }
    expect(streamingMessages.notRtmp).toBe(
      '配信先のURLは rtmp:// または rtmps:// で始まるURLを入力してください。',
    );
    // Locally there is nowhere to send an RTMP stream: refused rather than silently dropped.
    const rtmp = await call('PATCH', stream, owner.headers, {
      status: 'live',
      destinationUrl: 'rtmp://a.rtmp.youtube.com/live2/key',
    });
    expect([rtmp.statusCode, rtmp.json().errors]).toEqual([422, [streamingMessages.rtmpNeedsAws]]);
    // A user cannot watch before it is live.
    const early = await call('PATCH', watching, user!.headers, { mode: 'watching' });
    expect([early.statusCode, early.json().errors]).toEqual([422, [streamingMessages.notLive]]);

    const userSocket = await connect(t.app, user!.headers, world.id, 'user');
    const live = await call('PATCH', stream, staff!.headers, { status: 'live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toMatchObject({
      status: 'live',
      viewerCount: 0,
      startedAt: expect.any(String),
    });
    await userSocket.next('liveStreaming.changed', (m) => m.spaceId === stage);
    const twice = await call('PATCH', stream, owner.headers, { status: 'live' });
    expect([twice.statusCode, twice.json().errors]).toEqual([422, [streamingMessages.alreadyLive]]);

    const before = (await call('GET', `/api/worlds/${world.id}/outline`, owner.headers)).json()
      .currentAttendees;
    expect(before).toBe(2);
    const ownerSocket = await connect(t.app, owner.headers, world.id, 'owner');
    const watch = await call('PATCH', watching, user!.headers, { mode: 'watching' });
    expect(watch.statusCode).toBe(200);
    const join = watch.json().join;
    expect(watch.json()).toMatchObject({ mode: 'watching', viewerCount: 1 });
    expect(join).toMatchObject({ spaceId: stage, provider: 'sfu', watching: true });
    expect(join.id).toBe(onStage.json().id);
    // No seat, not counted, not announced: the hall attendance it replaced has ended.
    const seats = await t.database.db
      .select()
      .from(worldUserSpaces)
      .where(and(eq(worldUserSpaces.worldId, world.id), eq(worldUserSpaces.userId, user!.id)));
    expect(seats).toEqual([]);
    expect(
      (await call('GET', `/api/worlds/${world.id}/outline`, owner.headers)).json().currentAttendees,
    ).toBe(1);
    const stageMeeting = await call('GET', w(`chime_meetings/${join.id}`), owner.headers);
    expect(stageMeeting.json().attendees.map((a: { userId: string }) => a.userId)).toEqual([
      owner.id,
    ]);
    expect(await ownerSocket.none('meeting.attendeeJoined')).toBe(true);
    expect((await call('GET', stream, other!.headers)).json().viewerCount).toBe(1);
    expect((await call('GET', watching, user!.headers)).json()).toMatchObject({
      mode: 'watching',
      join: null,
    });
    expect((await call('GET', watching, other!.headers)).json().mode).toBe('notWatching');

    // A watcher's devices are never shown as on: its device state is not relayed.
    userSocket.send({
      type: 'meeting.deviceState',
      meetingId: join.id,
      mic: true,
      video: true,
      screen: false,
    });
    expect(await ownerSocket.none('meeting.deviceState')).toBe(true);

    // Back to attending: an ordinary join, which takes a seat again.
    const attend = await call('POST', w('chime_meetings'), user!.headers, { spaceId: stage });
    expect(attend.statusCode).toBe(201);
    expect(attend.json().watching).toBeUndefined();
    expect((await call('GET', stream, owner.headers)).json().viewerCount).toBe(0);
    expect(
      (await call('GET', `/api/worlds/${world.id}/outline`, owner.headers)).json().currentAttendees,
    ).toBe(2);

    // Watching again, then the stream stops: the watcher's attendance ends with it.
    await call('PATCH', watching, other!.headers, { mode: 'watching' });
    const otherSocket = await connect(t.app, other!.headers, world.id, 'other');
    const stopped = await call('PATCH', stream, owner.headers, { status: 'ended' });
    expect(stopped.json()).toMatchObject({ status: 'ended', viewerCount: 0 });
    await otherSocket.next('meeting.ended', (m) => m.meetingId === join.id);
    expect((await call('GET', watching, other!.headers)).json().mode).toBe('notWatching');
    const again = await call('PATCH', stream, owner.headers, { status: 'ended' });
    expect([again.statusCode, again.json().errors]).toEqual([422, [streamingMessages.notLive]]);
    // The stage's meeting goes on for the people on it.
    expect(
      (await call('GET', w(`chime_meetings/${join.id}`), owner.headers)).json().attendees,
    ).toHaveLength(2);
    for (const socket of [userSocket, ownerSocket, otherSocket]) void socket.close();
  });

  it('waits for a speaker while the stage is empty, then ends by itself after the grace period', async () => {
    const { owner, world, members, stage } = await stagedWorld();
    const user = members[1]!;
    const w = (path: string) => `/api/worlds/${world.id}/${path}`;
    const stream = w(`live_streamings/${stage}`);
    const read = async () => (await call('GET', stream, user.headers)).json();
    expect(t.server.app.deps.config.liveStreaming.emptyStageGraceMs).toBe(60_000);

    const onStage = await call('POST', w('chime_meetings'), owner.headers, { spaceId: stage });
    const meetingId = onStage.json().id as string;
    await call('PATCH', stream, owner.headers, { status: 'live' });
    const userSocket = await connect(t.app, user.headers, world.id, 'user');
    await call('PATCH', w(`watching_streamings/${stage}`), user.headers, { mode: 'watching' });
    expect(await read()).toMatchObject({ status: 'live', viewerCount: 1, endsAt: null });

    // The last speaker leaves: the watchers stay, the stream waits for a speaker, everyone hears.
    userSocket.received.length = 0;
    const leftAt = t.clock.now();
    await call('POST', w(`chime_meetings/${meetingId}/leave`), owner.headers);
    await userSocket.next('liveStreaming.changed', (m) => m.spaceId === stage);
    expect(await read()).toMatchObject({
      status: 'live',
      viewerCount: 1,
      endsAt: new Date(leftAt.getTime() + 60_000).toISOString(),
    });
    t.clock.advance(59);
    expect(await pass()).toBe(0);

    // A speaker comes back within the grace: the stream goes on, however long.
    userSocket.received.length = 0;
    await call('POST', w('chime_meetings'), owner.headers, { spaceId: stage });
    await userSocket.next('liveStreaming.changed', (m) => m.spaceId === stage);
    expect((await read()).endsAt).toBeNull();
    t.clock.advance(600);
    expect(await pass()).toBe(0);
    expect((await read()).status).toBe('live');

    // Gone again past the grace: the server's own pass ends it as a stop would.
    await call('POST', w(`chime_meetings/${meetingId}/leave`), owner.headers);
    t.clock.advance(61);
    await userSocket.next('meeting.ended', (m) => m.meetingId === meetingId, 15_000);
    expect(await read()).toMatchObject({
      status: 'ended',
      viewerCount: 0,
      endsAt: null,
      endedAt: t.clock.now().toISOString(),
    });
    expect((await call('GET', w(`watching_streamings/${stage}`), user.headers)).json().mode).toBe(
      'notWatching',
    );
    expect(await pass()).toBe(0);
    void userSocket.close();
  });

  it('ends the stream of a stage removed from the layout, as a stop would', async () => {
    const { owner, world, user, stage, w, meetingId } = await streamedStage();
    const userSocket = await connect(t.app, user.headers, world.id, 'user');
    const ownerSocket = await connect(t.app, owner.headers, world.id, 'owner');
    await call('PATCH', w(`watching_streamings/${stage}`), user.headers, { mode: 'watching' });
    // The speaker leaves: the stage is empty (only a watcher), so the layout may drop it.
    await call('POST', w(`chime_meetings/${meetingId}/leave`), owner.headers);
    userSocket.received.length = 0;
    ownerSocket.received.length = 0;

    await removeStage(t, world.id, owner.headers);
    // Ended by the save itself, not at the next empty-stage pass (which would catch it too).
    const row = await streamOf(stage);
    expect(row).toMatchObject({ status: 'ended', endedAt: t.clock.now(), pipelineId: null });
    await userSocket.next('meeting.ended', (m) => m.meetingId === meetingId);
    await ownerSocket.next('liveStreaming.changed', (m) => m.spaceId === stage);
    const [meeting] = await t.database.db.select().from(meetings).where(eq(meetings.id, meetingId));
    expect(meeting!.endedAt).toEqual(t.clock.now());
    for (const socket of [userSocket, ownerSocket]) void socket.close();
  });

  it('deleting the world ends its live stream', async () => {
    const { owner, world, user, stage, w, meetingId } = await streamedStage();
    const userSocket = await connect(t.app, user.headers, world.id, 'user');
    await call('PATCH', w(`watching_streamings/${stage}`), user.headers, { mode: 'watching' });
    userSocket.received.length = 0;

    const deleted = await call('DELETE', `/api/mypage/worlds/${world.id}`, owner.headers);
    expect(deleted.statusCode).toBe(204);
    // Ended by the delete itself, not at the next empty-stage pass (which would catch it too).
    const row = await streamOf(stage);
    expect(row).toMatchObject({ status: 'ended', endedAt: t.clock.now(), pipelineId: null });
    // The watcher hears before the world's sockets close.
    await userSocket.next('meeting.ended', (m) => m.meetingId === meetingId);
    expect(await pass()).toBe(0);
    void userSocket.close();
  });

  // Gone as a save or a delete did before they ended the stream (with the speaker still on it).
  const gone = {
    'stage was removed': (_: string, stage: string) =>
      t.database.db.update(spaces).set({ removedAt: t.clock.now() }).where(eq(spaces.id, stage)),
    'world was deleted': (worldId: string) =>
      t.database.db.update(worlds).set({ archivedAt: t.clock.now() }).where(eq(worlds.id, worldId)),
  };

  it.each(Object.entries(gone))(
    'ends in the empty-stage pass a stream whose %s while it went on',
    async (_, goes) => {
      const { world, user, stage, w, meetingId } = await streamedStage();
      await call('PATCH', w(`watching_streamings/${stage}`), user.headers, { mode: 'watching' });
      const userSocket = await connect(t.app, user.headers, world.id, 'user');
      await goes(world.id, stage);

      // This pass or the server's own, whichever comes first.
      await pass();
      await userSocket.next('meeting.ended', (m) => m.meetingId === meetingId);
      const row = await streamOf(stage);
      expect(row).toMatchObject({ status: 'ended', endedAt: t.clock.now() });
      expect(await pass()).toBe(0);
      void userSocket.close();
    },
  );

  it('stops watching on request and refuses an unknown mode', async () => {
    const { owner, world, members, stage } = await stagedWorld();
    const w = (path: string) => `/api/worlds/${world.id}/${path}`;
    await call('POST', w('chime_meetings'), owner.headers, { spaceId: stage });
    await call('PATCH', w(`live_streamings/${stage}`), owner.headers, {
      status: 'live',
      title: '基調講演',
    });
    const user = members[1]!;
    await call('PATCH', w(`watching_streamings/${stage}`), user.headers, { mode: 'watching' });
    const stop = await call('PATCH', w(`watching_streamings/${stage}`), user.headers, {
      mode: 'notWatching',
    });
    expect(stop.json()).toMatchObject({ mode: 'notWatching', viewerCount: 0, join: null });
    const bad = await call('PATCH', w(`watching_streamings/${stage}`), user.headers, {
      mode: 'lurking',
    });
    expect(bad.statusCode).toBe(400);
    expect((await call('GET', w(`live_streamings/${stage}`), user.headers)).json().title).toBe(
      '基調講演',
    );
  });

  it('tells the world a burst of watchers in at most two messages, the last with the count', async () => {
    const { owner, world, members, stage } = await stagedWorld();
    const w = (path: string) => `/api/worlds/${world.id}/${path}`;
    const speaker = (
      await call('POST', w('chime_meetings'), owner.headers, { spaceId: stage })
    ).json().attendee;
    await call('PATCH', w(`live_streamings/${stage}`), owner.headers, { status: 'live' });
    // Past the window of the stream's own announcement.
    await new Promise((r) => setTimeout(r, COUNT_WINDOW_MS * 2));
    const ownerSocket = await connect(t.app, owner.headers, world.id, 'owner');
    const watched = await Promise.all(
      members.map((m) =>
        call('PATCH', w(`watching_streamings/${stage}`), m.headers, { mode: 'watching' }),
      ),
    );
    expect(watched.map((r) => r.statusCode)).toEqual(members.map(() => 200));
    // Each watcher connects to the speaker at once, never to another watcher (ADR 026).
    for (const r of watched)
      expect(r.json().join.attendees).toEqual([
        { attendeeId: speaker.AttendeeId, userId: owner.id },
      ]);
    await ownerSocket.next('liveStreaming.viewers', (m) => m.viewerCount === members.length);
    await new Promise((r) => setTimeout(r, COUNT_WINDOW_MS * 2));
    const told = ownerSocket.received.filter((m) => m.type === 'liveStreaming.viewers');
    expect(told.length).toBeLessThanOrEqual(1);
    // Only the count changed: nobody is asked to read the stream again (ADR 026).
    expect(ownerSocket.received.filter((m) => m.type === 'liveStreaming.changed')).toEqual([]);
    // Leaving is announced too, after the window.
    await call('PATCH', w(`watching_streamings/${stage}`), members[0]!.headers, {
      mode: 'notWatching',
    });
    await ownerSocket.next('liveStreaming.viewers', (m) => m.viewerCount === members.length - 1);
    void ownerSocket.close();
  });
});
