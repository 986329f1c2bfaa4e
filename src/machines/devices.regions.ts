import { fallbackDevice } from '../domain/meeting-session';
import { devicesSetup } from './devices.setup';

// The microphone, the screen share and the device list: regions of the devices machine's `active`
// (devices.machine.ts).

/** The microphone: ready, or switching to another one. */
export const micRegion = devicesSetup.createStateConfig({
  initial: 'ready',
  states: {
    ready: {
      on: {
        'devices.micChosen': {
          target: 'switching',
          actions: [
            {
              type: 'choose',
              params: ({ event }) => ({ key: 'audioInputId', deviceId: event.deviceId }),
            },
            {
              type: 'persistChoice',
              params: ({ event }) => ({ key: 'audioInputId', deviceId: event.deviceId }),
            },
          ],
        },
        'devices.listUpdated': [
          {
            guard: {
              type: 'unplugged',
              params: ({ context }) => ({
                kind: 'audioinput',
                active: context.audioInputId,
              }),
            },
            target: 'switching',
            actions: {
              type: 'choose',
              params: ({ context }) => ({
                key: 'audioInputId',
                deviceId: fallbackDevice(context.devices, 'audioinput', null),
              }),
            },
          },
        ],
      },
    },
    switching: {
      invoke: {
        id: 'openMic',
        src: 'openMic',
        input: ({ context }) => ({ deviceId: context.audioInputId }),
        onDone: {
          target: 'ready',
          actions: [
            { type: 'release', params: ({ context }) => ({ stream: context.micStream }) },
            { type: 'setMic', params: ({ event }) => ({ opened: event.output }) },
            'emitAudio',
            'emitMic',
          ],
        },
        // Nothing left to hear from (the last one was unplugged): listen-only from here.
        onError: {
          target: 'ready',
          actions: [
            { type: 'release', params: ({ context }) => ({ stream: context.micStream }) },
            { type: 'setMic', params: { opened: null } },
            {
              type: 'setError',
              params: ({ event }) => ({ error: event.error, device: 'mic' }),
            },
            'emitAudio',
            'emitMic',
          ],
        },
      },
    },
  },
});

/** The screen share: idle, choosing (the browser's picker), sharing. */
export const screenRegion = devicesSetup.createStateConfig({
  initial: 'idle',
  states: {
    idle: { on: { 'devices.screenStart': { target: 'choosing', actions: 'clearError' } } },
    choosing: {
      invoke: {
        id: 'openScreen',
        src: 'openScreen',
        onDone: {
          target: 'sharing',
          actions: [
            { type: 'setScreen', params: ({ event }) => ({ stream: event.output }) },
            { type: 'watchScreen', params: ({ event }) => ({ stream: event.output }) },
            'emitScreen',
          ],
        },
        onError: [
          {
            guard: {
              type: 'isKind',
              params: ({ event }) => ({ error: event.error, kinds: ['cancelled'] }),
            },
            target: 'idle',
          },
          {
            target: 'idle',
            actions: {
              type: 'setError',
              params: ({ event }) => ({ error: event.error, device: 'screen' }),
            },
          },
        ],
      },
    },
    sharing: {
      exit: [
        'unwatchScreen',
        { type: 'release', params: ({ context }) => ({ stream: context.screenStream }) },
      ],
      on: {
        'devices.screenStop': {
          target: 'idle',
          actions: [{ type: 'setScreen', params: { stream: null } }, 'emitScreen'],
        },
        'devices.screenEnded': {
          target: 'idle',
          actions: [{ type: 'setScreen', params: { stream: null } }, 'emitScreen'],
        },
      },
    },
  },
});

/** The list of devices, enumerated again on devicechange. */
export const listRegion = devicesSetup.createStateConfig({
  initial: 'idle',
  states: {
    idle: { on: { 'devices.changed': 'enumerating' } },
    enumerating: {
      on: { 'devices.changed': { target: 'enumerating', reenter: true } },
      invoke: {
        id: 'listDevices',
        src: 'listDevices',
        onDone: {
          target: 'idle',
          actions: [
            { type: 'setDevices', params: ({ event }) => ({ devices: event.output }) },
            'listUpdated',
          ],
        },
        onError: 'idle',
      },
    },
  },
});
