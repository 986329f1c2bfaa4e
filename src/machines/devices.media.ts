import { fromPromise, type AnyActorRef } from 'xstate';
import type { MediaAdapter } from '../services/meeting/devices';
import { subscribe } from './actor-subscriptions';

// The browser's media effects of the devices machine, for .provide() (the one way machines get
// their effects, src/machines/README.md):
//   const media = mediaEffects(createMediaAdapter());
//   devicesMachine.provide({ actors: media.actors, actions: { ...media.actions, persistChoice } })

export function mediaEffects(media: MediaAdapter) {
  return {
    actors: {
      checkPermission: fromPromise(() => media.permission()),
      openMedia: fromPromise(
        ({
          input,
        }: {
          input: { audioInputId: string | null; videoInputId: string | null; video: boolean };
        }) => media.openMedia(input),
      ),
      openMic: fromPromise(({ input }: { input: { deviceId: string | null } }) =>
        media.openMic(input.deviceId),
      ),
      openCamera: fromPromise(({ input }: { input: { deviceId: string | null } }) =>
        media.openCamera(input.deviceId),
      ),
      openScreen: fromPromise(() => media.openScreen()),
      listDevices: fromPromise(() => media.devices()),
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
    },
  };
}
