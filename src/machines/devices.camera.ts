import { fallbackDevice } from '../domain/meeting-session';
import type { BackgroundChoice, VisibleBackground } from '../domain/virtual-background';
import { devicesSetup } from './devices.setup';

// The camera and its virtual background (ADR 024), two regions of the devices machine's `active`
// (devices.machine.ts).

/**
 * The background region's answer to a new choice or a new camera stream, from each of its states
 * (on the region itself, re-entering would re-enter every region of the parallel `active`).
 */
const startOver = {
  'devices.backgroundChosen': {
    target: 'deciding',
    actions: [
      {
        type: 'setBackground',
        params: ({ event }: { event: { choice: BackgroundChoice } }) => ({ choice: event.choice }),
      },
      {
        type: 'persistBackground',
        params: ({ event }: { event: { choice: BackgroundChoice } }) => ({ choice: event.choice }),
      },
    ],
  },
  'devices.cameraUpdated': { target: 'deciding' },
} as const;

/** The camera: off, opening, on, or busy (another application holds it). */
export const cameraRegion = devicesSetup.createStateConfig({
  initial: 'starting',
  states: {
    starting: { always: [{ guard: 'hasCamera', target: 'on' }, { target: 'off' }] },
    off: {
      on: {
        'devices.videoOn': [
          { guard: 'videoForced' },
          {
            guard: { type: 'anyLeft', params: { kind: 'videoinput' } },
            target: 'opening',
            actions: { type: 'setVideoEnabled', params: { enabled: true } },
          },
        ],
        'devices.cameraChosen': {
          actions: [
            {
              type: 'choose',
              params: ({ event }) => ({ key: 'videoInputId', deviceId: event.deviceId }),
            },
            {
              type: 'persistChoice',
              params: ({ event }) => ({ key: 'videoInputId', deviceId: event.deviceId }),
            },
          ],
        },
      },
    },
    opening: {
      invoke: {
        id: 'openCamera',
        src: 'openCamera',
        input: ({ context }) => ({ deviceId: context.videoInputId }),
        onDone: [
          // Forced off (or turned off) while the camera was opening: it stays off.
          {
            guard: 'cameraUnwanted',
            target: 'off',
            actions: {
              type: 'release',
              params: ({ event }) => ({ stream: event.output.stream }),
            },
          },
          {
            target: 'on',
            actions: [
              { type: 'setCamera', params: ({ event }) => ({ opened: event.output }) },
              'cameraUpdated',
            ],
          },
        ],
        onError: [
          {
            guard: {
              type: 'isKind',
              params: ({ event }) => ({ error: event.error, kinds: ['busy'] }),
            },
            target: 'busy',
            actions: {
              type: 'setError',
              params: ({ event }) => ({ error: event.error, device: 'camera' }),
            },
          },
          {
            target: 'off',
            actions: [
              { type: 'setVideoEnabled', params: { enabled: false } },
              {
                type: 'setError',
                params: ({ event }) => ({ error: event.error, device: 'camera' }),
              },
            ],
          },
        ],
      },
    },
    on: {
      exit: [{ type: 'release', params: ({ context }) => ({ stream: context.cameraStream }) }],
      on: {
        'devices.videoOff': {
          target: 'off',
          actions: [
            { type: 'setVideoEnabled', params: { enabled: false } },
            'clearCamera',
            'cameraUpdated',
          ],
        },
        'devices.forced': {
          guard: { type: 'forcesVideoOff', params: ({ event }) => event },
          target: 'off',
          actions: [
            { type: 'force', params: ({ event }) => event },
            'clearCamera',
            'cameraUpdated',
          ],
        },
        'devices.cameraChosen': {
          target: 'opening',
          actions: [
            {
              type: 'choose',
              params: ({ event }) => ({ key: 'videoInputId', deviceId: event.deviceId }),
            },
            {
              type: 'persistChoice',
              params: ({ event }) => ({ key: 'videoInputId', deviceId: event.deviceId }),
            },
            'clearCamera',
            'cameraUpdated',
          ],
        },
        'devices.listUpdated': [
          {
            guard: {
              type: 'lostAll',
              params: ({ context }) => ({
                kind: 'videoinput',
                active: context.videoInputId,
              }),
            },
            target: 'off',
            actions: ['clearCamera', 'cameraUpdated'],
          },
          {
            guard: {
              type: 'unplugged',
              params: ({ context }) => ({
                kind: 'videoinput',
                active: context.videoInputId,
              }),
            },
            target: 'opening',
            actions: [
              {
                type: 'choose',
                params: ({ context }) => ({
                  key: 'videoInputId',
                  deviceId: fallbackDevice(context.devices, 'videoinput', null),
                }),
              },
              'clearCamera',
              'cameraUpdated',
            ],
          },
        ],
      },
    },
    /** NotReadableError: another application holds the camera. */
    busy: {
      on: {
        'devices.retry': { target: 'opening', actions: 'clearError' },
        'devices.videoOff': {
          target: 'off',
          actions: [{ type: 'setVideoEnabled', params: { enabled: false } }, 'clearError'],
        },
        'devices.forced': {
          guard: { type: 'forcesVideoOff', params: ({ event }) => event },
          target: 'off',
          actions: [{ type: 'force', params: ({ event }) => event }, 'clearError'],
        },
      },
    },
  },
});

/** The virtual background drawn on the camera (ADR 024). */
export const backgroundRegion = devicesSetup.createStateConfig({
  initial: 'deciding',
  states: {
    /** The meeting gets the camera as it now is (plain, or nothing until processed). */
    deciding: {
      entry: 'emitVideo',
      always: [{ guard: 'wantsBackground', target: 'processing' }, { target: 'plain' }],
    },
    /** No background, or no camera to draw it on. */
    plain: { on: startOver },
    processing: {
      // A new choice or a new camera stream starts over (a running background stops).
      on: startOver,
      initial: 'starting',
      states: {
        /** The model loads; the meeting has no video meanwhile (the room stays hidden). */
        starting: {
          invoke: {
            id: 'startBackground',
            src: 'startBackground',
            input: ({ context }) => ({
              stream: context.cameraStream!,
              choice: context.background as VisibleBackground,
            }),
            onDone: {
              target: 'running',
              actions: [
                {
                  type: 'setBackgroundStream',
                  params: ({ event }) => ({ stream: event.output }),
                },
                {
                  type: 'watchBackground',
                  params: ({ event }) => ({ stream: event.output }),
                },
                'emitVideo',
              ],
            },
            // No WebGL or wasm, the model did not load: the plain camera, never black.
            onError: { target: '#devices.active.background.deciding', actions: 'fellBack' },
          },
        },
        running: {
          exit: [
            'unwatchBackground',
            {
              type: 'release',
              params: ({ context }) => ({ stream: context.backgroundStream }),
            },
            { type: 'setBackgroundStream', params: { stream: null } },
          ],
          on: {
            'devices.backgroundFailed': {
              target: '#devices.active.background.deciding',
              actions: 'fellBack',
            },
          },
        },
      },
    },
  },
});
