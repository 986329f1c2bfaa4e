// Wiring only: the world's actors reach each other, the API and error reporting as the product
// rules say (a rejoining attendee's forced flags; failures reported through the app's handler;
// the recording and the stage's stream as the meeting and the realtime messages say).
import { describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import type { RealtimeServerMessage } from '../../domain/realtime';
import { isLive, selectStream } from '../../machines/live-streaming.selectors';
import { isRecordingNow } from '../../machines/recording.selectors';
import type { LiveStreaming } from '../../services/meeting/meeting-api';
import type { MeetingJoin } from '../../services/meeting/provider';
import { FakeSocket } from '../../services/realtime/test-support';
import type { MediaAdapter } from '../../services/meeting/devices';
import { createApiClient } from '../../services/api/client';
import { jsonResponse } from '../../services/api/test-support';
import { createMemoryStorage } from '../../services/memory-storage';
import { createAppStorage } from '../../services/storage';
import { createWorldActorSource, createWorldSystem } from './world-actors';

const worldId = '00000000-0000-4000-8000-00000000000a';
const spaceId = '00000000-0000-4000-8000-0000000000b1';
const meetingId = '00000000-0000-4000-8000-0000000000d1';
const stageId = '00000000-0000-4000-8000-0000000000b3';

function joinAnswer(forced: { mic: boolean; video: boolean }): MeetingJoin {
  return {
    id: meetingId,
    spaceId,
    provider: 'local',
    meeting: { MeetingId: meetingId } as MeetingJoin['meeting'],
    attendee: {
      AttendeeId: 'attendee-1',
      ExternalUserId: '00000000-0000-4000-8000-000000000001',
      JoinToken: 'token',
    },
    attendees: [],
    micForceDisabled: forced.mic,
    videoForceDisabled: forced.video,
    recording: false,
    leaveKey: 'leave-key',
  };
}

const never = () => new Promise<never>(() => {});
/** A browser whose permission answer never comes: the devices stay in their check. */
const media: MediaAdapter = {
  permission: never,
  devices: never,
  openMedia: never,
  openMic: never,
  openCamera: never,
  openScreen: never,
  release: () => {},
  onDeviceChange: () => () => {},
  onEnded: () => () => {},
};

/**
 * The API: the join answers `join`, a path ending as a key of `answers` its value; anything else
 * (the realtime ticket, unless answered) never answers.
 */
function api(join: MeetingJoin, answers: Record<string, unknown> = {}) {
  const calls: string[] = [];
  const fetch = async (request: Request) => {
    calls.push(`${request.method} ${new URL(request.url).pathname}`);
    if (request.url.endsWith('/chime_meetings')) return jsonResponse(join, { status: 201 });
    const answer = Object.entries(answers).find(([end]) => request.url.endsWith(end));
    if (answer) return jsonResponse(answer[1]);
    // Watching the stage (ADR 026): the receive-only join.
    if (request.url.includes('/watching_streamings/'))
      return jsonResponse({ join: { ...join, watching: true } });
    return never();
  };
  const client = createApiClient({
    baseUrl: 'https://api.test',
    fetch,
    storage: createAppStorage(createMemoryStorage()),
  });
  return { client, calls };
}

/** The realtime socket, spoken for by the test: `receive` delivers a server message once open. */
function fakeSocket() {
  const sockets: FakeSocket[] = [];
  return {
    deps: {
      urlFor: () => 'ws://realtime.test',
      openSocket: (url: string) => {
        const socket = new FakeSocket(url);
        sockets.push(socket);
        return socket;
      },
    },
    async receive(message: RealtimeServerMessage) {
      const socket = await vi.waitFor(() => {
        const opened = sockets.at(-1);
        if (!opened) throw new Error('no socket yet');
        return opened;
      });
      if (socket.readyState !== 1) socket.serverOpens();
      socket.serverSends(message);
    },
  };
}

const liveStream = {
  id: stageId,
  worldId,
  spaceId: stageId,
  title: 'ステージのライブ配信',
  status: 'live',
  destinationUrlRequired: false,
  failureReason: null,
  playbackUrl: null,
  viewerCount: 2,
  startedAt: '2026-01-01T00:00:00.000Z',
  endedAt: null,
  endsAt: null,
} satisfies LiveStreaming;

describe('the world system', () => {
  it('forces the devices as the join answer says, and releases what it no longer forces', async () => {
    const { client } = api(joinAnswer({ mic: true, video: false }));
    const system = createWorldSystem(worldId, { api: client, media, report: () => {} });
    system.start();
    const { devices, meeting } = system.value;
    // Forced off earlier in this visit (the realtime meeting.forceDevice), released since.
    devices.send({ type: 'devices.forced', device: 'video', disabled: true });

    meeting.send({ type: 'meeting.join', spaceId });
    await waitFor(meeting, (s) => s.context.join !== null);
    expect(devices.getSnapshot().context).toMatchObject({
      micForceDisabled: true,
      videoForceDisabled: false,
    });
    system.stop();
  });

  it('lets go of the camera and microphone while watching the stage, and opens them again after', async () => {
    const { client } = api(joinAnswer({ mic: false, video: false }));
    const system = createWorldSystem(worldId, { api: client, media, report: () => {} });
    system.start();
    const { devices, meeting } = system.value;
    expect(devices.getSnapshot().matches('checking')).toBe(true);

    meeting.send({ type: 'meeting.watch', spaceId });
    expect(devices.getSnapshot().matches('released')).toBe(true);
    // Node has no MediaStream: the session cannot start, so watching stops (failed) at once.
    await waitFor(meeting, (s) => s.matches('failed'));
    expect(devices.getSnapshot().matches('checking')).toBe(true);
    system.stop();
  });

  it("reports a failure the meeting marks reportable through the app's reporter, not the console", async () => {
    const { client } = api(joinAnswer({ mic: false, video: false }));
    const report = vi.fn();
    const console = vi.spyOn(globalThis.console, 'error').mockImplementation(() => {});
    const system = createWorldSystem(worldId, { api: client, media, report });
    system.start();
    const { meeting } = system.value;
    meeting.send({ type: 'meeting.join', spaceId });
    // Node has no MediaStream: the session cannot be created, which the machine marks reportable.
    await waitFor(meeting, (s) => s.matches('failed'));
    expect(report).toHaveBeenCalledOnce();
    expect(report.mock.calls[0]?.[0]).toBeInstanceOf(Error);
    expect(console).not.toHaveBeenCalled();
    system.stop();
    console.mockRestore();
  });
});

describe("the world system's recording and live stream", () => {
  it('shows 録画中 when the meeting joined is being recorded', async () => {
    const { client } = api({ ...joinAnswer({ mic: false, video: false }), recording: true });
    const system = createWorldSystem(worldId, { api: client, media, report: () => {} });
    system.start();
    const { meeting, recording } = system.value;
    expect(isRecordingNow(recording.getSnapshot())).toBe(false);

    meeting.send({ type: 'meeting.join', spaceId });
    await waitFor(meeting, (s) => s.context.join !== null);
    expect(isRecordingNow(recording.getSnapshot())).toBe(true);
    system.stop();
  });

  it("reads the stage it is told and takes that stage's watcher count from the realtime socket", async () => {
    const { client, calls } = api(joinAnswer({ mic: false, video: false }), {
      '/realtime_tickets': { ticket: 'ticket' },
      [`/live_streamings/${stageId}`]: liveStream,
    });
    const socket = fakeSocket();
    const system = createWorldSystem(worldId, {
      api: client,
      media,
      report: () => {},
      socket: socket.deps,
    });
    system.start();
    const { liveStream: streaming } = system.value;
    // Nothing is read before a page tells the layout's stage.
    expect(calls.filter((c) => c.includes('live_streamings'))).toEqual([]);

    streaming.send({ type: 'streaming.stageChanged', stageId });
    await waitFor(streaming, isLive);
    // Another space's count is not the stage's.
    await socket.receive({ type: 'liveStreaming.viewers', spaceId, viewerCount: 9 });
    expect(selectStream(streaming.getSnapshot())?.viewerCount).toBe(2);
    await socket.receive({ type: 'liveStreaming.viewers', spaceId: stageId, viewerCount: 5 });
    expect(selectStream(streaming.getSnapshot())?.viewerCount).toBe(5);
    system.stop();
  });
});

describe('createWorldActorSource', () => {
  it("keeps one running system through StrictMode's acquire, release, acquire", async () => {
    const { client, calls } = api(joinAnswer({ mic: false, video: false }));
    const acquire = createWorldActorSource({ api: client, media });
    const first = acquire(worldId);
    first.release();
    const second = acquire(worldId);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(second.value).toBe(first.value);
    expect(second.value.meeting.getSnapshot().status).toBe('active');
    // One realtime connection: its ticket was asked for once.
    expect(calls.filter((c) => c.includes('ticket'))).toHaveLength(1);
    second.release();
  });
});
