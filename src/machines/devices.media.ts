import { fromPromise, type AnyActorRef } from 'xstate';
import type { VisibleBackground } from '../domain/virtual-background';
import type { MediaAdapter } from '../services/meeting/devices';
import { subscribe } from './actor-subscriptions';

// The browser's media effects of the devices machine, for .provide() (the one way machines get
// their effects, src/machines/README.md):
//   const media = mediaEffects(createMediaAdapter());
//   devicesMachine.provide({ actors: media.actors, actions: { ...media.actions, persistChoice } })

/** Draws the camera with a virtual background (src/services/meeting/virtual-background.ts). */
export type StartBackground = (
  camera: MediaStream,
  choice: VisibleBackground,
) => Promise<MediaStream>;

/** The app's: the segmenter's module is imported only when a background is first chosen. */
const startBackgroundLazily: StartBackground = async (camera, choice) =>
  (await import('../services/meeting/virtual-background')).startVirtualBackground(camera, choice);

export function mediaEffects(
  media: MediaAdapter,
  options: {
    /** How to capture the screen now (the meeting's high frame rate mode, ADR 026). */
    screenOptions?: () => { frameRate?: number };
    startBackground?: StartBackground;
  } = {},
) {
  const { screenOptions, startBackground = startBackgroundLazily } = options;
  /**
   * A device that opened after the machine stopped waiting for it (released for watching, the
   * page left, another device chosen): nobody holds it, so it is let go (the camera light off).
   */
  const unlessAborted = <T extends { stream: MediaStream } | null>(
    opened: T,
    signal: AbortSignal,
  ) => {
    if (opened && signal.aborted) media.release(opened.stream);
    return opened;
  };
  return {
    actors: {
      checkPermission: fromPromise(() => media.permission()),
      openMedia: fromPromise(
        async ({
          input,
          signal,
        }: {
          input: { audioInputId: string | null; videoInputId: string | null; video: boolean };
          signal: AbortSignal;
        }) => {
          const opened = await media.openMedia(input);
          unlessAborted(opened.mic, signal);
          unlessAborted(opened.camera, signal);
          return opened;
        },
      ),
      openMic: fromPromise(
        async ({ input, signal }: { input: { deviceId: string | null }; signal: AbortSignal }) =>
          unlessAborted(await media.openMic(input.deviceId), signal),
      ),
      openCamera: fromPromise(
        async ({ input, signal }: { input: { deviceId: string | null }; signal: AbortSignal }) =>
          unlessAborted(await media.openCamera(input.deviceId), signal),
      ),
      openScreen: fromPromise(() => media.openScreen(screenOptions?.())),
      listDevices: fromPromise(() => media.devices()),
      startBackground: fromPromise(
        async ({
          input,
          signal,
        }: {
          input: { stream: MediaStream; choice: VisibleBackground };
          signal: AbortSignal;
        }) => {
          const stream = await startBackground(input.stream, input.choice);
          // Chosen otherwise (or the camera changed) while it started: not drawn for anyone.
          if (signal.aborted) media.release(stream);
          return stream;
        },
      ),
    },
    actions: {
      release: (_: unknown, { stream }: { stream: MediaStream | null }) => {
        if (stream) media.release(stream);
      },
      watchDevices: ({ self }: { self: AnyActorRef }) =>
        subscribe(
          self,
          'devices',
          media.onDeviceChange(() => self.send({ type: 'devices.changed' })),
        ),
      watchScreen: ({ self }: { self: AnyActorRef }, { stream }: { stream: MediaStream }) =>
        subscribe(
          self,
          'screen',
          media.onEnded(stream, () => self.send({ type: 'devices.screenEnded' })),
        ),
      watchBackground: ({ self }: { self: AnyActorRef }, { stream }: { stream: MediaStream }) =>
        subscribe(
          self,
          'background',
          media.onEnded(stream, () => self.send({ type: 'devices.backgroundFailed' })),
        ),
    },
  };
}
