import { mkdtempSync } from 'node:fs';
import { mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { meetingRecordings } from '../../server/db/schema';
import { downloadMessages } from '../../server/files/local-storage';
import { recorderMessages } from '../../server/meetings/recorder';
import { recordingMessages } from '../../server/meetings/recordings';
import { useTestServer } from './support/app';
import { testDbKind } from './support/database';
import { connect, listenWithSockets } from './support/realtime';
import type { AuthHeaders } from './support/session';
import { worldPeople } from './support/world-members';

const dataDir = mkdtempSync(join(tmpdir(), 'recordings-'));
const t = useTestServer({
  env: { MEETING_PROVIDER: 'sfu', DATA_DIR: dataDir, UPLOAD_SIGNING_SECRET: 's'.repeat(40) },
});
const people = worldPeople(t);
const open = listenWithSockets(t);

type Recording = {
  id: string;
  meetingId: string;
  title: string;
  status: string;
  failureReason: string | null;
  durationSeconds: number | null;
  byteSize: number | null;
};

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  headers: AuthHeaders,
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers, payload });
const base = (worldId: string) => `/api/worlds/${worldId}/chime_meeting_recordings`;

async function meetingOf(headers: AuthHeaders, worldId: string, spaceId: string) {
  const res = await call('POST', headers, `/api/worlds/${worldId}/chime_meetings`, { spaceId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; recording: boolean };
}

const recordingFiles = async () =>
  readdir(join(dataDir, 'uploads', 'recordings'), { recursive: true })
    .then((names) => names.filter((n) => n.endsWith('.webm')))
    .catch(() => []);

/** A recording as the recorder leaves a finished one: a row and its WebM under DATA_DIR. */
async function readyRecording(worldId: string, meetingId: string) {
  const [row] = await t.database.db
    .insert(meetingRecordings)
    .values({
      worldId,
      meetingId,
      title: '朝会',
      status: 'ready',
      recorder: 'local',
      startedAt: t.clock.now(),
      endedAt: t.clock.now(),
      durationSeconds: 3,
      byteSize: 4,
    })
    .returning();
  const key = `recordings/${worldId}/${row!.id}.webm`;
  await t.database.db
    .update(meetingRecordings)
    .set({ storage: JSON.stringify({ key }) })
    .where(eq(meetingRecordings.id, row!.id));
  const path = join(dataDir, 'uploads', key);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, 'webm');
  return { id: row!.id, path };
}

describe(`recordings on ${testDbKind}`, () => {
  it('records a running meeting once at a time, tells everyone in it, and fails without media, leaving no file', async () => {
    const { owner, world, members, mainSpace } = await people.world(['staff', 'user']);
    const [staff, user] = members;
    const userSocket = await connect(t.app, user!.headers, world.id, 'user');
    open.push(userSocket);
    const meeting = await meetingOf(user!.headers, world.id, mainSpace);
    expect(meeting.recording).toBe(false);

    const refused = await call('POST', user!.headers, base(world.id), { meetingId: meeting.id });
    expect(refused.statusCode).toBe(403);

    const started = await call('POST', staff!.headers, base(world.id), { meetingId: meeting.id });
    expect(started.statusCode, started.body).toBe(201);
    const recording = started.json() as Recording;
    expect(recording).toMatchObject({ status: 'recording', failureReason: null, byteSize: null });
    expect(recording.title).toMatch(/の録画$/);
    await userSocket.next('meeting.recording', (m) => m.meetingId === meeting.id && m.recording);
    expect((await meetingOf(owner.headers, world.id, mainSpace)).recording).toBe(true);

    const twice = await call('POST', owner.headers, base(world.id), { meetingId: meeting.id });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ errors: [recordingMessages.alreadyRecording] });

    const early = await call(
      'POST',
      owner.headers,
      `/api/worlds/${world.id}/chime_meeting_recording_urls`,
      {
        recordingId: recording.id,
      },
    );
    expect(early.statusCode).toBe(422);
    expect(early.json()).toMatchObject({ errors: [recordingMessages.notReady] });
    const busy = await call('DELETE', owner.headers, `${base(world.id)}/${recording.id}`);
    expect(busy.statusCode).toBe(422);

    const stopped = await call('PATCH', owner.headers, `${base(world.id)}/${recording.id}`, {
      stop: true,
    });
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json()).toMatchObject({ status: 'processing' });
    await userSocket.next('meeting.recording', (m) => m.meetingId === meeting.id && !m.recording);
    const again = await call('PATCH', owner.headers, `${base(world.id)}/${recording.id}`, {
      stop: true,
    });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ errors: [recordingMessages.notRecording] });

    // Nobody sent a camera: the recording says why it failed, and nothing is left on disk.
    await vi.waitFor(
      async () => {
        const got = await call('GET', owner.headers, `${base(world.id)}/${recording.id}`);
        expect(got.json()).toMatchObject({
          status: 'failed',
          failureReason: recorderMessages.noMedia,
        });
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(await recordingFiles()).toEqual([]);
  });

  it('stops by itself when its meeting ends', async () => {
    const { owner, world, mainSpace } = await people.world([]);
    const meeting = await meetingOf(owner.headers, world.id, mainSpace);
    const started = await call('POST', owner.headers, base(world.id), { meetingId: meeting.id });
    expect(started.statusCode, started.body).toBe(201);
    const { id } = started.json() as Recording;
    await call('POST', owner.headers, `/api/worlds/${world.id}/chime_meetings/${meeting.id}/leave`);
    await vi.waitFor(
      async () => {
        const got = await call('GET', owner.headers, `${base(world.id)}/${id}`);
        expect((got.json() as Recording).status).toMatch(/^(processing|failed)$/);
      },
      { timeout: 5_000, interval: 100 },
    );
  });

  it('refuses a meeting that is not running and ids of other worlds (Japanese 4xx)', async () => {
    const { owner, world, mainSpace } = await people.world([]);
    const other = await people.world([]);
    const meeting = await meetingOf(owner.headers, world.id, mainSpace);
    const foreign = await call('POST', other.owner.headers, base(other.world.id), {
      meetingId: meeting.id,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ errors: [recordingMessages.meetingNotFound] });
    await call('POST', owner.headers, `/api/worlds/${world.id}/chime_meetings/${meeting.id}/leave`);
    const ended = await call('POST', owner.headers, base(world.id), { meetingId: meeting.id });
    expect(ended.statusCode).toBe(422);
    expect(ended.json()).toMatchObject({ errors: [recordingMessages.notRunning] });

    const mine = await readyRecording(world.id, meeting.id);
    for (const [method, url, payload] of [
      ['GET', `${base(other.world.id)}/${mine.id}`, undefined],
      ['PATCH', `${base(other.world.id)}/${mine.id}`, { title: 'x' }],
      ['DELETE', `${base(other.world.id)}/${mine.id}`, undefined],
      [
        'POST',
        `/api/worlds/${other.world.id}/chime_meeting_recording_urls`,
        { recordingId: mine.id },
      ],
    ] as const) {
      const res = await call(method, other.owner.headers, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toMatchObject({ errors: [recordingMessages.notFound] });
    }
  });

  it('retitles, lists newest first, and checks the title', async () => {
    const { owner, world, mainSpace } = await people.world([]);
    const meeting = await meetingOf(owner.headers, world.id, mainSpace);
    const first = await readyRecording(world.id, meeting.id);
    t.clock.advance(60);
    const second = await readyRecording(world.id, meeting.id);
    const renamed = await call('POST', owner.headers, `${base(world.id)}/title_update`, {
      id: first.id,
      title: '  第1回 定例  ',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ title: '第1回 定例' });
    const blank = await call('PATCH', owner.headers, `${base(world.id)}/${first.id}`, {
      title: '   ',
    });
    expect(blank.statusCode).toBe(422);
    expect(blank.json()).toMatchObject({ errors: [recordingMessages.titleBlank] });
    const long = await call('PATCH', owner.headers, `${base(world.id)}/${first.id}`, {
      title: 'あ'.repeat(101),
    });
    expect(long.statusCode).toBe(400);
    const list = await call('GET', owner.headers, `${base(world.id)}?page=1&perPage=10`);
    expect(list.json()).toMatchObject({
      total: 2,
      items: [{ id: second.id }, { id: first.id, title: '第1回 定例' }],
    });
  });

  it('downloads through a signed URL that expires, refuses a tampered one, and is gone once deleted', async () => {
    const { owner, world, members, mainSpace } = await people.world(['staff']);
    const meeting = await meetingOf(owner.headers, world.id, mainSpace);
    const { id, path } = await readyRecording(world.id, meeting.id);
    const created = await call(
      'POST',
      members[0]!.headers,
      `/api/worlds/${world.id}/chime_meeting_recording_urls`,
      {
        recordingId: id,
      },
    );
    expect(created.statusCode, created.body).toBe(201);
    const url = new URL((created.json() as { url: string }).url);
    const fetchPath = `${url.pathname}${url.search}`;
    const ok = await t.app.inject({ method: 'GET', url: fetchPath });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('webm');
    expect(ok.headers['content-type']).toBe('video/webm');

    const tampered = fetchPath.replace(
      /signature=([0-9a-f])/,
      (_m, c: string) => `signature=${c === '0' ? '1' : '0'}`,
    );
    const bad = await t.app.inject({ method: 'GET', url: tampered });
    expect(bad.statusCode).toBe(403);
    expect(bad.json()).toMatchObject({ errors: [downloadMessages.badSignature] });
    const otherFile = await t.app.inject({ method: 'GET', url: fetchPath.replace(id, meeting.id) });
    expect(otherFile.statusCode).toBe(403);
    // Recordings are never served as public files.
    const open = await t.app.inject({
      method: 'GET',
      url: url.pathname.replace('/downloads/', '/files/'),
    });
    expect(open.statusCode).toBe(404);

    const member = await call('DELETE', members[0]!.headers, `${base(world.id)}/${id}`);
    expect(member.statusCode).toBe(403);
    const deleted = await call('DELETE', owner.headers, `${base(world.id)}/${id}`);
    expect(deleted.statusCode).toBe(204);
    await expect(stat(path)).rejects.toThrow();
    const gone = await t.app.inject({ method: 'GET', url: fetchPath });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ errors: [downloadMessages.gone] });

    t.clock.advance(16 * 60);
    const expired = await t.app.inject({ method: 'GET', url: fetchPath });
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toMatchObject({ errors: [downloadMessages.expired] });
  });
});
