import { describe, expect, it, vi } from 'vitest';
import {
  classifyMediaError,
  createMediaAdapter,
  MediaAccessError,
  PROMPT_ANSWER_MIN_MS,
  type MediaDeps,
} from './devices';

const domError = (name: string, message = '') => Object.assign(new Error(message), { name });

function track(kind: 'audio' | 'video', deviceId: string) {
  const listeners = new Set<() => void>();
  return {
    kind,
    stopped: false,
    getSettings: () => ({ deviceId }),
    stop() {
      this.stopped = true;
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    end: () => listeners.forEach((listener) => listener()),
    listeners,
  };
}
type FakeTrack = ReturnType<typeof track>;

function fakeStream(tracks: FakeTrack[]) {
  return {
    tracks,
    getTracks: () => tracks,
    getAudioTracks: () => tracks.filter((t) => t.kind === 'audio'),
    getVideoTracks: () => tracks.filter((t) => t.kind === 'video'),
  } as unknown as MediaStream;
}

const info = (deviceId: string, kind: MediaDeviceKind) =>
  ({ deviceId, kind, label: deviceId, groupId: '' }) as MediaDeviceInfo;

/** Injected browser parts: getUserMedia answers or fails as told, taking `delay` ms of the fake clock. */
function fakeDeps({
  devices = [
    info('mic-1', 'audioinput'),
    info('cam-1', 'videoinput'),
    info('speaker-1', 'audiooutput'),
  ],
  fail = null as Error | null,
  delay = 1000,
  states = { camera: 'prompt', microphone: 'prompt' } as Record<string, PermissionState> | null,
} = {}) {
  let clock = 0;
  const requests: MediaStreamConstraints[] = [];
  const listeners = new Set<EventListenerOrEventListenerObject>();
  const deps: MediaDeps = {
    now: () => clock,
    stream: (tracks) => fakeStream(tracks as unknown as FakeTrack[]),
    permissions: states
      ? {
          query: async ({ name }: PermissionDescriptor) =>
            ({ state: states[name] ?? 'prompt' }) as PermissionStatus,
        }
      : undefined,
    mediaDevices: {
      enumerateDevices: async () => devices,
      getUserMedia: async (constraints?: MediaStreamConstraints) => {
        requests.push(constraints ?? {});
        clock += delay;
        if (fail) throw fail;
        const tracks = [
          ...(constraints?.audio ? [track('audio', 'mic-1')] : []),
          ...(constraints?.video ? [track('video', 'cam-1')] : []),
        ];
        return fakeStream(tracks);
      },
      getDisplayMedia: async () => {
        clock += delay;
        if (fail) throw fail;
        return fakeStream([track('video', 'screen')]);
      },
      addEventListener: (_: string, listener: EventListenerOrEventListenerObject) =>
        void listeners.add(listener),
      removeEventListener: (_: string, listener: EventListenerOrEventListenerObject) =>
        void listeners.delete(listener),
    } as unknown as MediaDeps['mediaDevices'],
  };
  return { deps, requests, listeners };
}

async function kindOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MediaAccessError);
  return (error as MediaAccessError).kind;
}

describe('classifyMediaError', () => {
  const asked = { elapsedMs: 3000, permission: 'prompt' as const };

  it.each([
    ['NotAllowedError after a prompt', domError('NotAllowedError'), asked, 'deniedByUser'],
    [
      'NotAllowedError at once',
      domError('NotAllowedError'),
      { elapsedMs: PROMPT_ANSWER_MIN_MS - 1, permission: 'prompt' as const },
      'blockedByBrowser',
    ],
    [
      'NotAllowedError with the permission denied',
      domError('NotAllowedError'),
      { elapsedMs: 3000, permission: 'denied' as const },
      'blockedByBrowser',
    ],
    [
      "Chrome's refusal by the OS",
      domError('NotAllowedError', 'Permission denied by system'),
      asked,
      'blockedBySystem',
    ],
    ['SecurityError', domError('SecurityError'), asked, 'blockedBySystem'],
    ['NotFoundError', domError('NotFoundError'), asked, 'notFound'],
    [
      'OverconstrainedError (the chosen device is gone)',
      domError('OverconstrainedError'),
      asked,
      'notFound',
    ],
    ['NotReadableError (camera busy)', domError('NotReadableError'), asked, 'busy'],
    ['AbortError', domError('AbortError'), asked, 'busy'],
    ['TypeError', new TypeError('bad constraints'), asked, 'failed'],
    ['a string', 'weird', asked, 'failed'],
  ] as const)('%s → %s', (_, error, context, kind) => {
    expect(classifyMediaError(error, context)).toBe(kind);
  });

  it("the screen picker's cancel is a cancel, not a refusal", () => {
    expect(classifyMediaError(domError('NotAllowedError'), { ...asked, display: true })).toBe(
      'cancelled',
    );
    expect(
      classifyMediaError(domError('NotAllowedError', 'Permission denied by system'), {
        ...asked,
        display: true,
      }),
    ).toBe('blockedBySystem');
  });
});

describe('createMediaAdapter', () => {
  it('reads the permission of camera and microphone together', async () => {
    expect(
      await createMediaAdapter(
        fakeDeps({ states: { camera: 'granted', microphone: 'granted' } }).deps,
      ).permission(),
    ).toBe('granted');
    expect(
      await createMediaAdapter(
        fakeDeps({ states: { camera: 'granted', microphone: 'denied' } }).deps,
      ).permission(),
    ).toBe('denied');
    expect(
      await createMediaAdapter(
        fakeDeps({ states: { camera: 'granted', microphone: 'prompt' } }).deps,
      ).permission(),
    ).toBe('prompt');
    expect(await createMediaAdapter(fakeDeps({ states: null }).deps).permission()).toBe('unknown');
  });

  it('answers unknown when the browser cannot query camera permissions (Firefox throws)', async () => {
    const { deps } = fakeDeps();
    deps.permissions = {
      query: () => Promise.reject(new TypeError("'camera' is not a valid PermissionName")),
    };
    expect(await createMediaAdapter(deps).permission()).toBe('unknown');
  });

  it('opens microphone and camera in one prompt and splits them into two streams', async () => {
    const { deps, requests } = fakeDeps();
    const opened = await createMediaAdapter(deps).openMedia({
      audioInputId: 'mic-1',
      videoInputId: null,
      video: true,
    });
    expect(requests).toEqual([{ audio: { deviceId: { ideal: 'mic-1' } }, video: true }]);
    expect(opened.mic?.deviceId).toBe('mic-1');
    expect(opened.camera?.deviceId).toBe('cam-1');
    expect(opened.mic?.stream.getVideoTracks()).toEqual([]);
    expect(opened.devices.map((d) => d.deviceId)).toEqual(['mic-1', 'cam-1', 'speaker-1']);
  });

  it('asks only for the kinds present, and for no camera when video is off', async () => {
    const { deps, requests } = fakeDeps({ devices: [info('mic-1', 'audioinput')] });
    const opened = await createMediaAdapter(deps).openMedia({
      audioInputId: null,
      videoInputId: null,
      video: true,
    });
    expect(requests).toEqual([{ audio: true, video: false }]);
    expect(opened.camera).toBeNull();
  });

  it('fails with notFound when there is no device at all, without asking', async () => {
    const { deps, requests } = fakeDeps({ devices: [info('speaker-1', 'audiooutput')] });
    expect(
      await kindOf(
        createMediaAdapter(deps).openMedia({ audioInputId: null, videoInputId: null, video: true }),
      ),
    ).toBe('notFound');
    expect(requests).toEqual([]);
  });

  it('tells a refusal in the prompt from one the browser made at once', async () => {
    const slow = fakeDeps({ fail: domError('NotAllowedError'), delay: 2000 });
    expect(
      await kindOf(
        createMediaAdapter(slow.deps).openMedia({
          audioInputId: null,
          videoInputId: null,
          video: true,
        }),
      ),
    ).toBe('deniedByUser');
    const fast = fakeDeps({ fail: domError('NotAllowedError'), delay: 10 });
    expect(
      await kindOf(
        createMediaAdapter(fast.deps).openMedia({
          audioInputId: null,
          videoInputId: null,
          video: true,
        }),
      ),
    ).toBe('blockedByBrowser');
  });

  it('opens exactly the device chosen, and classifies a busy camera', async () => {
    const { deps, requests } = fakeDeps();
    const opened = await createMediaAdapter(deps).openCamera('cam-1');
    expect(requests).toEqual([{ video: { deviceId: { exact: 'cam-1' } } }]);
    expect(opened.deviceId).toBe('cam-1');
    const busy = fakeDeps({ fail: domError('NotReadableError') });
    expect(await kindOf(createMediaAdapter(busy.deps).openMic(null))).toBe('busy');
  });

  it('a cancelled screen picker is cancelled', async () => {
    const { deps } = fakeDeps({ fail: domError('NotAllowedError'), delay: 5 });
    expect(await kindOf(createMediaAdapter(deps).openScreen())).toBe('cancelled');
  });

  it('releases every track, and reports the end of a shared screen until unsubscribed', async () => {
    const { deps } = fakeDeps();
    const adapter = createMediaAdapter(deps);
    const screen = await adapter.openScreen();
    const ended = vi.fn();
    const unsubscribe = adapter.onEnded(screen, ended);
    const [video] = screen.getVideoTracks() as unknown as FakeTrack[];
    video?.end();
    expect(ended).toHaveBeenCalledTimes(1);
    unsubscribe();
    video?.end();
    expect(ended).toHaveBeenCalledTimes(1);
    adapter.release(screen);
    expect(video?.stopped).toBe(true);
  });

  it('subscribes to devicechange and unsubscribes', () => {
    const { deps, listeners } = fakeDeps();
    const unsubscribe = createMediaAdapter(deps).onDeviceChange(() => {});
    expect(listeners.size).toBe(1);
    unsubscribe();
    expect(listeners.size).toBe(0);
  });
});
