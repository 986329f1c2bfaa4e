import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { MeetingMediaEvent } from '../domain/meeting-session';
import {
  MediaAccessError,
  type MediaAdapter,
  type OpenedMedia,
  type PermissionStateName,
} from '../services/meeting/devices';
import { all, cam1, cam2, device, mic1, mic2, speaker, stream } from './devices.examples';
import { devicesMachine, type DevicesInput, type DevicesSnapshot } from './devices.machine';
import {
  backgroundOf,
  canJoin,
  deviceErrorOf,
  devicesEventFromRealtime,
  isCameraOn,
  isListenOnly,
  isMicOn,
  isReleased,
  micBlockedReason,
  previewStream,
  videoBlockedReason,
} from './devices.selectors';
import { mediaEffects, type StartBackground } from './devices.media';

/** A fake browser: what it answers can be changed between steps; what was released is recorded. */
function fakeMedia() {
  const state = {
    permission: 'prompt' as PermissionStateName,
    list: all,
    opened: {
      mic: { stream: stream('mic-1'), deviceId: 'mic-1' },
      camera: { stream: stream('cam-1'), deviceId: 'cam-1' },
      devices: all,
    } as OpenedMedia,
    openMediaError: null as MediaAccessError | null,
    cameraError: null as MediaAccessError | null,
    screenError: null as MediaAccessError | null,
  };
  const released: string[] = [];
  const calls: string[] = [];
  const listeners = {
    deviceChange: null as (() => void) | null,
    ended: null as (() => void) | null,
  };
  const media: MediaAdapter = {
    permission: async () => state.permission,
    devices: async () => state.list,
    openMedia: async (request) => {
      calls.push(`openMedia ${request.audioInputId} ${request.videoInputId} ${request.video}`);
      if (state.openMediaError) throw state.openMediaError;
      return state.opened;
    },
    openMic: async (deviceId) => {
      calls.push(`openMic ${deviceId}`);
      if (deviceId === null) throw new MediaAccessError('notFound', null);
      return { stream: stream(deviceId), deviceId };
    },
    openCamera: async (deviceId) => {
      calls.push(`openCamera ${deviceId}`);
      if (state.cameraError) throw state.cameraError;
      return { stream: stream(deviceId ?? 'default-camera'), deviceId };
    },
    openScreen: async () => {
      if (state.screenError) throw state.screenError;
      return stream('screen');
    },
    release: (s) => void released.push((s as unknown as { id: string }).id),
    onDeviceChange: (listener) => {
      listeners.deviceChange = listener;
      return () => (listeners.deviceChange = null);
    },
    onEnded: (_stream, listener) => {
      listeners.ended = listener;
      return () => (listeners.ended = null);
    },
  };
  return { state, media, released, calls, listeners };
}

function start(
  input: Partial<DevicesInput> = {},
  fake = fakeMedia(),
  startBackground: StartBackground = async () => stream('background'),
) {
  const persisted: unknown[] = [];
  const media = mediaEffects(fake.media, { startBackground });
  const actor = createActor(
    devicesMachine.provide({
      actors: media.actors,
      actions: {
        ...media.actions,
        persistChoice: (_, params) => void persisted.push(params),
        persistBackground: (_, params) => void persisted.push(params),
      },
    }),
    { input },
  );
  const emitted: MeetingMediaEvent[] = [];
  actor.on('*', (event) => void emitted.push(event));
  actor.start();
  const settled = (predicate: (s: DevicesSnapshot) => boolean) => waitFor(actor, predicate);
  const lastOf = <T extends MeetingMediaEvent['type']>(type: T) =>
    emitted.filter((e): e is Extract<MeetingMediaEvent, { type: T }> => e.type === type).at(-1);
  return { actor, fake, emitted, persisted, settled, lastOf };
}

const active = (s: DevicesSnapshot) =>
  s.matches({ active: { camera: 'on' } }) || s.matches({ active: { camera: 'off' } });
const idsOf = (value: MediaStream | null | undefined) =>
  (value as unknown as { id: string } | null | undefined)?.id ?? null;

describe('devices machine', () => {
  it('opens the microphone and camera and hands them to the meeting', async () => {
    const { actor, settled, lastOf } = start();
    await settled((s) => s.matches({ active: { camera: 'on' } }));
    expect(idsOf(lastOf('meeting.audioInputChanged')?.stream)).toBe('mic-1');
    expect(idsOf(lastOf('meeting.videoInputChanged')?.stream)).toBe('cam-1');
    expect(lastOf('meeting.micChanged')).toEqual({
      type: 'meeting.micChanged',
      on: true,
      canUnmute: true,
    });
    expect(isMicOn(actor.getSnapshot())).toBe(true);
    expect(canJoin(actor.getSnapshot())).toBe(true);
  });

  it('restores the chosen devices when they are still present, and forgets a missing speaker', async () => {
    const fake = fakeMedia();
    const { actor, settled } = start(
      { stored: { audioInputId: 'mic-1', videoInputId: 'cam-1', audioOutputId: 'gone' } },
      fake,
    );
    await settled(active);
    expect(fake.calls[0]).toBe('openMedia mic-1 cam-1 true');
    expect(actor.getSnapshot().context).toMatchObject({
      audioInputId: 'mic-1',
      videoInputId: 'cam-1',
      audioOutputId: null,
    });
  });

  it('hands a restored speaker to the meeting', async () => {
    const { settled, lastOf } = start({ stored: { audioOutputId: 'speaker-1' } });
    await settled(active);
    expect(lastOf('meeting.audioOutputChanged')).toEqual({
      type: 'meeting.audioOutputChanged',
      deviceId: 'speaker-1',
    });
  });

  it('starts with the forced flags it is given: mic and camera off', async () => {
    const fake = fakeMedia();
    const { actor, settled, lastOf } = start({ forced: { mic: true, video: true } }, fake);
    await settled(
      (s) => s.matches({ active: { camera: 'off' } }) || s.matches({ active: { camera: 'on' } }),
    );
    expect(fake.calls[0]).toBe('openMedia null null false');
    expect(actor.getSnapshot().context).toMatchObject({ micEnabled: false, videoEnabled: false });
    expect(lastOf('meeting.micChanged')).toEqual({
      type: 'meeting.micChanged',
      on: false,
      canUnmute: false,
    });
  });

  describe('force-disable (docs/product.md §4)', () => {
    it('forcing the mic off while it is on turns it off', async () => {
      const { actor, settled, lastOf } = start();
      await settled(active);
      actor.send({ type: 'devices.forced', device: 'mic', disabled: true });
      expect(actor.getSnapshot().context).toMatchObject({
        micEnabled: false,
        micForceDisabled: true,
      });
      expect(lastOf('meeting.micChanged')).toEqual({
        type: 'meeting.micChanged',
        on: false,
        canUnmute: false,
      });
    });

    it('turning the mic on while force-disabled keeps it off, and the UI can tell why', async () => {
      const { actor, settled } = start();
      await settled(active);
      actor.send({ type: 'devices.forced', device: 'mic', disabled: true });
      actor.send({ type: 'devices.micOn' });
      expect(actor.getSnapshot().context.micEnabled).toBe(false);
      expect(isMicOn(actor.getSnapshot())).toBe(false);
      expect(micBlockedReason(actor.getSnapshot())).toBe('forced');
    });

    it('releasing the force leaves the mic off until the user turns it on', async () => {
      const { actor, settled, lastOf } = start();
      await settled(active);
      actor.send({ type: 'devices.forced', device: 'mic', disabled: true });
      actor.send({ type: 'devices.forced', device: 'mic', disabled: false });
      expect(actor.getSnapshot().context.micEnabled).toBe(false);
      expect(micBlockedReason(actor.getSnapshot())).toBeNull();
      actor.send({ type: 'devices.micOn' });
      expect(lastOf('meeting.micChanged')).toEqual({
        type: 'meeting.micChanged',
        on: true,
        canUnmute: true,
      });
    });

    it('forcing the camera off while it is on turns it off and releases it', async () => {
      const { actor, settled, fake, lastOf } = start();
      await settled((s) => s.matches({ active: { camera: 'on' } }));
      actor.send({ type: 'devices.forced', device: 'video', disabled: true });
      expect(actor.getSnapshot().matches({ active: { camera: 'off' } })).toBe(true);
      expect(actor.getSnapshot().context.videoEnabled).toBe(false);
      expect(fake.released).toContain('cam-1');
      expect(lastOf('meeting.videoInputChanged')?.stream).toBeNull();
    });

    it('turning the camera on while force-disabled keeps it off', async () => {
      const { actor, settled, fake } = start();
      await settled((s) => s.matches({ active: { camera: 'on' } }));
      actor.send({ type: 'devices.forced', device: 'video', disabled: true });
      actor.send({ type: 'devices.videoOn' });
      expect(actor.getSnapshot().matches({ active: { camera: 'off' } })).toBe(true);
      expect(actor.getSnapshot().context.videoEnabled).toBe(false);
      expect(videoBlockedReason(actor.getSnapshot())).toBe('forced');
      expect(fake.calls.filter((c) => c.startsWith('openCamera'))).toEqual([]);
    });

    it('a camera forced off while it opens is released as soon as it opens', async () => {
      const { actor, settled, fake } = start();
      await settled((s) => s.matches({ active: { camera: 'on' } }));
      actor.send({ type: 'devices.videoOff' });
      actor.send({ type: 'devices.videoOn' });
      expect(actor.getSnapshot().matches({ active: { camera: 'opening' } })).toBe(true);
      actor.send({ type: 'devices.forced', device: 'video', disabled: true });
      await settled((s) => s.matches({ active: { camera: 'off' } }));
      expect(fake.released).toEqual(['cam-1', 'cam-1']);
    });

    // docs/product.md §4, in the window while the browser's permission prompt is open.
    function promptOpen() {
      const fake = fakeMedia();
      let grant: (opened: OpenedMedia) => void = () => {};
      fake.media.openMedia = () => new Promise((resolve) => (grant = resolve));
      const started = start({}, fake);
      return { ...started, grant: () => grant(fake.state.opened) };
    }

    it('forcing video off while the prompt is open, then granting, leaves the camera off and released', async () => {
      const { actor, settled, fake, grant, lastOf } = promptOpen();
      await settled((s) => s.matches('asking'));
      actor.send({ type: 'devices.forced', device: 'video', disabled: true });
      grant();
      await settled((s) => s.matches('active'));

      expect(actor.getSnapshot().matches({ active: { camera: 'off' } })).toBe(true);
      expect(actor.getSnapshot().context.cameraStream).toBeNull();
      expect(fake.released).toEqual(['cam-1']);
      expect(lastOf('meeting.videoInputChanged')?.stream).toBeNull();
      expect(videoBlockedReason(actor.getSnapshot())).toBe('forced');
    });

    it('forcing the mic off while the prompt is open, then granting, leaves the mic off', async () => {
      const { actor, settled, grant, lastOf } = promptOpen();
      await settled((s) => s.matches('asking'));
      actor.send({ type: 'devices.forced', device: 'mic', disabled: true });
      grant();
      await settled((s) => s.matches('active'));

      expect(isMicOn(actor.getSnapshot())).toBe(false);
      expect(lastOf('meeting.micChanged')).toEqual({
        type: 'meeting.micChanged',
        on: false,
        canUnmute: false,
      });
    });

    it('a release while the prompt is open leaves the camera off (releasing does not turn it on)', async () => {
      const { actor, settled, fake, grant } = promptOpen();
      await settled((s) => s.matches('asking'));
      actor.send({ type: 'devices.forced', device: 'video', disabled: true });
      actor.send({ type: 'devices.forced', device: 'video', disabled: false });
      grant();
      await settled((s) => s.matches('active'));

      expect(actor.getSnapshot().matches({ active: { camera: 'off' } })).toBe(true);
      expect(fake.released).toEqual(['cam-1']);
      expect(videoBlockedReason(actor.getSnapshot())).toBeNull();
    });

    it('maps the realtime meeting.forceDevice to devices.forced', () => {
      const meetingId = '00000000-0000-4000-8000-0000000000d1';
      expect(
        devicesEventFromRealtime({
          type: 'meeting.forceDevice',
          meetingId,
          device: 'video',
          disabled: true,
        }),
      ).toEqual({
        type: 'devices.forced',
        device: 'video',
        disabled: true,
      });
      expect(devicesEventFromRealtime({ type: 'pong' })).toBeNull();
    });
  });

  describe('hot-plug', () => {
    it('unplugging the active camera falls back to the remaining one', async () => {
      const { settled, fake, lastOf } = start();
      await settled((s) => s.matches({ active: { camera: 'on' } }));
      fake.state.list = [mic1, mic2, cam2, speaker];
      fake.listeners.deviceChange?.();
      await settled(
        (s) => s.context.videoInputId === 'cam-2' && s.matches({ active: { camera: 'on' } }),
      );
      expect(fake.calls).toContain('openCamera cam-2');
      expect(fake.released).toContain('cam-1');
      expect(idsOf(lastOf('meeting.videoInputChanged')?.stream)).toBe('cam-2');
    });

    it('unplugging the active microphone falls back to the first remaining one', async () => {
      const { settled, fake, lastOf } = start();
      await settled(active);
      fake.state.list = [mic2, cam1, cam2, speaker];
      fake.listeners.deviceChange?.();
      await settled(
        (s) => s.context.audioInputId === 'mic-2' && s.matches({ active: { mic: 'ready' } }),
      );
      expect(idsOf(lastOf('meeting.audioInputChanged')?.stream)).toBe('mic-2');
      expect(fake.released).toContain('mic-1');
    });

    it('prefers the "default" microphone when the active one is unplugged', async () => {
      const { settled, fake } = start();
      await settled(active);
      fake.state.list = [mic2, device('default', 'audioinput'), cam1];
      fake.listeners.deviceChange?.();
      await settled((s) => s.context.audioInputId === 'default');
      expect(fake.calls).toContain('openMic default');
    });

    it('unplugging the last camera turns the camera off without an error', async () => {
      const { actor, settled, fake, lastOf } = start();
      await settled((s) => s.matches({ active: { camera: 'on' } }));
      fake.state.list = [mic1, mic2, speaker];
      fake.listeners.deviceChange?.();
      await settled(
        (s) =>
          s.matches({ active: { camera: 'off', list: 'idle' } }) && s.context.devices.length === 3,
      );
      expect(actor.getSnapshot().context.deviceError).toBeNull();
      expect(lastOf('meeting.videoInputChanged')?.stream).toBeNull();
      expect(videoBlockedReason(actor.getSnapshot())).toBe('noDevice');
    });

    it('unplugging the last microphone leaves the meeting listen-only with a message', async () => {
      const { actor, settled, fake, lastOf } = start();
      await settled(active);
      fake.state.list = [cam1, cam2];
      fake.listeners.deviceChange?.();
      await settled((s) => s.context.deviceError !== null);
      expect(actor.getSnapshot().context.micStream).toBeNull();
      expect(lastOf('meeting.audioInputChanged')?.stream).toBeNull();
      expect(lastOf('meeting.micChanged')?.on).toBe(false);
      expect(deviceErrorOf(actor.getSnapshot())).toContain('マイクが見つかりませんでした');
    });
  });

  describe('choices', () => {
    it('choosing a microphone persists it and switches to it', async () => {
      const { actor, settled, persisted, lastOf } = start();
      await settled(active);
      actor.send({ type: 'devices.micChosen', deviceId: 'mic-2' });
      await settled(
        (s) => s.matches({ active: { mic: 'ready' } }) && s.context.audioInputId === 'mic-2',
      );
      expect(persisted).toEqual([{ key: 'audioInputId', deviceId: 'mic-2' }]);
      expect(idsOf(lastOf('meeting.audioInputChanged')?.stream)).toBe('mic-2');
    });

    it('choosing a camera while it is off only remembers it', async () => {
      const { actor, settled, persisted, fake } = start();
      await settled((s) => s.matches({ active: { camera: 'on' } }));
      actor.send({ type: 'devices.videoOff' });
      actor.send({ type: 'devices.cameraChosen', deviceId: 'cam-2' });
      expect(persisted).toEqual([{ key: 'videoInputId', deviceId: 'cam-2' }]);
      expect(fake.calls.filter((c) => c.startsWith('openCamera'))).toEqual([]);
      actor.send({ type: 'devices.videoOn' });
      await settled((s) => s.matches({ active: { camera: 'on' } }));
      expect(fake.calls).toContain('openCamera cam-2');
    });

    it('choosing a speaker persists it and tells the meeting', async () => {
      const { actor, settled, persisted, lastOf } = start();
      await settled(active);
      actor.send({ type: 'devices.speakerChosen', deviceId: 'speaker-1' });
      expect(persisted).toEqual([{ key: 'audioOutputId', deviceId: 'speaker-1' }]);
      expect(lastOf('meeting.audioOutputChanged')).toEqual({
        type: 'meeting.audioOutputChanged',
        deviceId: 'speaker-1',
      });
    });
  });

  describe('permissions and errors', () => {
    it('a denied permission still lets the user join listen-only', async () => {
      const fake = fakeMedia();
      fake.state.openMediaError = new MediaAccessError('deniedByUser', null);
      const { actor, settled } = start({}, fake);
      await settled((s) => s.matches({ unavailable: 'denied' }));
      expect(isListenOnly(actor.getSnapshot())).toBe(true);
      expect(canJoin(actor.getSnapshot())).toBe(true);
      expect(deviceErrorOf(actor.getSnapshot())).toContain('アドレスバー');
    });

    it('a site blocked in the browser is told without asking again', async () => {
      const fake = fakeMedia();
      fake.state.permission = 'denied';
      const { actor, settled } = start({}, fake);
      await settled((s) => s.matches({ unavailable: 'denied' }));
      expect(fake.calls).toEqual([]);
      expect(actor.getSnapshot().context.deviceError).toEqual({
        kind: 'blockedByBrowser',
        device: 'media',
      });
    });

    it('an OS refusal gives the OS settings to change', async () => {
      const fake = fakeMedia();
      fake.state.openMediaError = new MediaAccessError('blockedBySystem', null);
      const { actor, settled } = start({}, fake);
      await settled((s) => s.matches({ unavailable: 'denied' }));
      expect(deviceErrorOf(actor.getSnapshot())).toContain('プライバシーとセキュリティ');
    });

    it('retrying after allowing in the address bar opens the devices', async () => {
      const fake = fakeMedia();
      fake.state.openMediaError = new MediaAccessError('deniedByUser', null);
      const { actor, settled } = start({}, fake);
      await settled((s) => s.matches({ unavailable: 'denied' }));
      fake.state.openMediaError = null;
      actor.send({ type: 'devices.retry' });
      await settled(active);
      expect(actor.getSnapshot().context.deviceError).toBeNull();
    });

    it('with no device it is listen-only, and plugging one in asks again', async () => {
      const fake = fakeMedia();
      fake.state.openMediaError = new MediaAccessError('notFound', null);
      const { actor, settled } = start({}, fake);
      await settled((s) => s.matches({ unavailable: 'noDevice' }));
      expect(isListenOnly(actor.getSnapshot())).toBe(true);
      fake.state.openMediaError = null;
      fake.listeners.deviceChange?.();
      await settled(active);
    });

    it('a camera busy in another app shows a message, and retry opens it', async () => {
      const { actor, settled, fake } = start();
      await settled((s) => s.matches({ active: { camera: 'on' } }));
      actor.send({ type: 'devices.videoOff' });
      fake.state.cameraError = new MediaAccessError('busy', null);
      actor.send({ type: 'devices.videoOn' });
      await settled((s) => s.matches({ active: { camera: 'busy' } }));
      expect(deviceErrorOf(actor.getSnapshot())).toContain('ほかのアプリで使われています');
      fake.state.cameraError = null;
      actor.send({ type: 'devices.retry' });
      await settled((s) => s.matches({ active: { camera: 'on' } }));
      expect(actor.getSnapshot().context.deviceError).toBeNull();
    });

    it('a busy device on the first request is listen-only with retry', async () => {
      const fake = fakeMedia();
      fake.state.openMediaError = new MediaAccessError('busy', null);
      const { actor, settled } = start({}, fake);
      await settled((s) => s.matches({ unavailable: 'busy' }));
      expect(canJoin(actor.getSnapshot())).toBe(true);
    });

    it('cannot join while the browser prompt is open', () => {
      const fake = fakeMedia();
      fake.media.openMedia = () => new Promise(() => {});
      const { actor } = start({}, fake);
      expect(canJoin(actor.getSnapshot())).toBe(false);
    });
  });

  describe('screen sharing', () => {
    it('starts and stops, handing the stream to the meeting and releasing it', async () => {
      const { actor, settled, fake, lastOf } = start();
      await settled(active);
      actor.send({ type: 'devices.screenStart' });
      await settled((s) => s.matches({ active: { screen: 'sharing' } }));
      expect(actor.getSnapshot().context.screenSharing).toBe(true);
      expect(idsOf(lastOf('meeting.contentShareChanged')?.stream)).toBe('screen');
      actor.send({ type: 'devices.screenStop' });
      expect(actor.getSnapshot().context.screenSharing).toBe(false);
      expect(lastOf('meeting.contentShareChanged')?.stream).toBeNull();
      expect(fake.released).toContain('screen');
      expect(fake.listeners.ended).toBeNull();
    });

    it("the browser's own stop button ends the share", async () => {
      const { actor, settled, fake, lastOf } = start();
      await settled(active);
      actor.send({ type: 'devices.screenStart' });
      await settled((s) => s.matches({ active: { screen: 'sharing' } }));
      fake.listeners.ended?.();
      expect(actor.getSnapshot().matches({ active: { screen: 'idle' } })).toBe(true);
      expect(lastOf('meeting.contentShareChanged')?.stream).toBeNull();
    });

    it('a cancelled picker is no error; a refused one is', async () => {
      const { actor, settled, fake } = start();
      await settled(active);
      fake.state.screenError = new MediaAccessError('cancelled', null);
      actor.send({ type: 'devices.screenStart' });
      await settled((s) => s.matches({ active: { screen: 'idle' } }));
      expect(actor.getSnapshot().context.deviceError).toBeNull();
      fake.state.screenError = new MediaAccessError('blockedBySystem', null);
      actor.send({ type: 'devices.screenStart' });
      await settled((s) => s.context.deviceError !== null);
      expect(deviceErrorOf(actor.getSnapshot())).toContain('画面収録');
      actor.send({ type: 'devices.errorDismissed' });
      expect(actor.getSnapshot().context.deviceError).toBeNull();
    });
  });

  it('closing releases every device and stops listening to the browser', async () => {
    const { actor, settled, fake } = start();
    await settled((s) => s.matches({ active: { camera: 'on' } }));
    actor.send({ type: 'devices.screenStart' });
    await settled((s) => s.matches({ active: { screen: 'sharing' } }));
    actor.send({ type: 'devices.close' });
    expect(actor.getSnapshot().status).toBe('done');
    expect([...fake.released].sort()).toEqual(['cam-1', 'mic-1', 'screen']);
    expect(fake.listeners.deviceChange).toBeNull();
    expect(fake.listeners.ended).toBeNull();
  });

  describe('watching the stage (ADR 026)', () => {
    it('lets go of the microphone, camera and screen, and the meeting gets none of them', async () => {
      const { actor, settled, fake, lastOf } = start();
      await settled((s) => s.matches({ active: { camera: 'on' } }));
      actor.send({ type: 'devices.screenStart' });
      await settled((s) => s.matches({ active: { screen: 'sharing' } }));
      actor.send({ type: 'devices.release' });
      expect([...fake.released].sort()).toEqual(['cam-1', 'mic-1', 'screen']);
      expect(lastOf('meeting.audioInputChanged')?.stream).toBeNull();
      expect(lastOf('meeting.videoInputChanged')?.stream).toBeNull();
      expect(lastOf('meeting.contentShareChanged')?.stream).toBeNull();
      expect(lastOf('meeting.micChanged')?.on).toBe(false);
      const snapshot = actor.getSnapshot();
      expect(isReleased(snapshot)).toBe(true);
      expect(isCameraOn(snapshot)).toBe(false);
      expect(previewStream(snapshot)).toBeNull();
      // Still listening for devices plugged in (the page is still open).
      expect(fake.listeners.deviceChange).not.toBeNull();
    });

    it('opens the devices the visitor had chosen again when watching stops, as on entering', async () => {
      const { actor, settled, fake, lastOf } = start();
      await settled((s) => s.matches({ active: { camera: 'on' } }));
      actor.send({ type: 'devices.micChosen', deviceId: 'mic-2' });
      actor.send({ type: 'devices.cameraChosen', deviceId: 'cam-2' });
      await settled(
        (s) =>
          s.matches({ active: { camera: 'on', mic: 'ready' } }) &&
          s.context.videoInputId === 'cam-2',
      );
      actor.send({ type: 'devices.release' });
      fake.state.opened = {
        mic: { stream: stream('mic-2 again'), deviceId: 'mic-2' },
        camera: { stream: stream('cam-2 again'), deviceId: 'cam-2' },
        devices: all,
      };
      fake.calls.length = 0;
      actor.send({ type: 'devices.reopen' });
      await settled((s) => s.matches({ active: { camera: 'on' } }));
      expect(fake.calls).toEqual(['openMedia mic-2 cam-2 true']);
      expect(idsOf(lastOf('meeting.audioInputChanged')?.stream)).toBe('mic-2 again');
      expect(idsOf(lastOf('meeting.videoInputChanged')?.stream)).toBe('cam-2 again');
      expect(lastOf('meeting.micChanged')?.on).toBe(true);
    });

    it('opens the camera again only if it was on', async () => {
      const { actor, settled, fake } = start();
      await settled((s) => s.matches({ active: { camera: 'on' } }));
      actor.send({ type: 'devices.videoOff' });
      actor.send({ type: 'devices.release' });
      fake.calls.length = 0;
      actor.send({ type: 'devices.reopen' });
      await settled((s) => s.matches({ active: { camera: 'off' } }));
      expect(fake.calls).toEqual(['openMedia mic-1 cam-1 false']);
    });

    it('lets go of a camera that opens after watching began', async () => {
      const fake = fakeMedia();
      let opened: (value: { stream: MediaStream; deviceId: string }) => void = () => {};
      fake.media.openCamera = () => new Promise((resolve) => (opened = resolve));
      const { actor, settled } = start({}, fake);
      await settled((s) => s.matches({ active: { camera: 'on' } }));
      actor.send({ type: 'devices.cameraChosen', deviceId: 'cam-2' });
      expect(actor.getSnapshot().matches({ active: { camera: 'opening' } })).toBe(true);
      actor.send({ type: 'devices.release' });
      opened({ stream: stream('cam-2'), deviceId: 'cam-2' });
      await vi.waitFor(() => expect(fake.released).toContain('cam-2'));
    });

    it('lets go of what the prompt grants after watching began', async () => {
      const fake = fakeMedia();
      let granted: (value: OpenedMedia) => void = () => {};
      fake.media.openMedia = () => new Promise((resolve) => (granted = resolve));
      const { actor, settled } = start({}, fake);
      await settled((s) => s.matches('asking'));
      actor.send({ type: 'devices.release' });
      granted(fake.state.opened);
      await vi.waitFor(() => expect([...fake.released].sort()).toEqual(['cam-1', 'mic-1']));
      expect(isReleased(actor.getSnapshot())).toBe(true);
    });

    it('leaves a listen-only visitor as it is (nothing open, nothing asked again)', async () => {
      const fake = fakeMedia();
      fake.state.openMediaError = new MediaAccessError('notFound', null);
      const { actor, settled } = start({}, fake);
      await settled(isListenOnly);
      actor.send({ type: 'devices.release' });
      actor.send({ type: 'devices.reopen' });
      expect(actor.getSnapshot().matches({ unavailable: 'noDevice' })).toBe(true);
    });
  });

  it('an unprovided effect fails loudly, naming itself', async () => {
    const error = vi.fn();
    const actor = createActor(devicesMachine, { input: {} });
    actor.subscribe({ error });
    actor.start();
    await Promise.resolve();
    expect(String(error.mock.calls[0]?.[0])).toContain('devices.machine: "watchDevices"');
  });

  it('an unprovided persistChoice fails loudly', async () => {
    const media = mediaEffects(fakeMedia().media);
    const actor = createActor(
      devicesMachine.provide({ actors: media.actors, actions: media.actions }),
      { input: {} },
    );
    const error = vi.fn();
    actor.subscribe({ error });
    actor.start();
    await waitFor(actor, active);
    actor.send({ type: 'devices.speakerChosen', deviceId: null });
    expect(String(error.mock.calls[0]?.[0])).toContain('persistChoice');
  });
});

describe('devices machine: virtual background (ADR 024)', () => {
  const blur = { kind: 'blur' } as const;
  const videoIds = (emitted: MeetingMediaEvent[]) =>
    emitted
      .filter((e) => e.type === 'meeting.videoInputChanged')
      .map((e) => idsOf((e as { stream: MediaStream | null }).stream));
  const running = (s: DevicesSnapshot) =>
    s.matches({ active: { background: { processing: 'running' } } });

  it('sends only the drawn camera: nothing while it starts, never the room itself', async () => {
    const { settled, emitted } = start({ background: blur });
    await settled(running);
    expect(videoIds(emitted)).toEqual([null, 'background']);
  });

  it('remembers a choice, and gives the plain camera back with none (the drawn one let go)', async () => {
    const { actor, settled, emitted, persisted, fake } = start();
    await settled((s) => s.matches({ active: { camera: 'on' } }));
    actor.send({ type: 'devices.backgroundChosen', choice: blur });
    await settled(running);
    expect(persisted).toContainEqual({ choice: blur });
    actor.send({ type: 'devices.backgroundChosen', choice: { kind: 'none' } });
    expect(fake.released).toContain('background');
    expect(videoIds(emitted).at(-1)).toBe('cam-1');
    expect(backgroundOf(actor.getSnapshot())).toEqual({ kind: 'none' });
  });

  it('falls back to the plain camera with a Japanese message when it cannot start', async () => {
    const { actor, settled, emitted } = start({ background: blur }, fakeMedia(), async () => {
      throw new Error('WebGL 2 or WebAssembly is not available');
    });
    await settled((s) => s.matches({ active: { background: 'plain' } }));
    expect(videoIds(emitted).at(-1)).toBe('cam-1');
    expect(backgroundOf(actor.getSnapshot())).toEqual({ kind: 'none' });
    expect(deviceErrorOf(actor.getSnapshot())).toContain('バーチャル背景を使えません');
  });

  it('falls back when a running background stops drawing', async () => {
    const { actor, settled, emitted, fake } = start({ background: blur });
    await settled(running);
    fake.listeners.ended?.();
    expect(actor.getSnapshot().matches({ active: { background: 'plain' } })).toBe(true);
    expect(videoIds(emitted).at(-1)).toBe('cam-1');
    expect(deviceErrorOf(actor.getSnapshot())).toContain('背景なしのカメラ映像');
  });

  it('stops drawing with the camera off, and draws the camera again when it is back', async () => {
    const { actor, settled, emitted, fake } = start({ background: blur });
    await settled(running);
    actor.send({ type: 'devices.videoOff' });
    expect(fake.released).toEqual(expect.arrayContaining(['cam-1', 'background']));
    expect(videoIds(emitted).at(-1)).toBe(null);
    actor.send({ type: 'devices.videoOn' });
    await settled(running);
    expect(videoIds(emitted).at(-1)).toBe('background');
  });

  it('lets go of a background that arrives after another choice', async () => {
    let finish: (s: MediaStream) => void = () => {};
    const fake = fakeMedia();
    const { actor, settled } = start(
      { background: blur },
      fake,
      () => new Promise<MediaStream>((resolve) => (finish = resolve)),
    );
    await settled((s) => s.matches({ active: { background: { processing: 'starting' } } }));
    actor.send({ type: 'devices.backgroundChosen', choice: { kind: 'none' } });
    finish(stream('late'));
    await vi.waitFor(() => expect(fake.released).toContain('late'));
  });
});
