import { assign, emit, raise, setup, type SnapshotFrom } from 'xstate';
import {
  defaultDeviceState,
  devicesOf,
  fallbackDevice,
  isPermissionError,
  isUnplugged,
  restoredChoice,
  type DeviceError,
  type DeviceForcedEvent,
  type DeviceSessionState,
  type InputDevice,
  type MediaDeviceKind,
  type MediaDeviceRole,
  type MediaErrorKind,
  type MeetingMediaEvent,
} from '../domain/meeting-session';
import {
  NO_BACKGROUND,
  type BackgroundChoice,
  type VisibleBackground,
} from '../domain/virtual-background';
import type { OpenedInput, OpenedMedia, PermissionStateName } from '../services/meeting/devices';
import { unsubscribe } from './actor-subscriptions';
import { unprovidedAction, unprovidedActor } from './unprovided';

// The microphone, camera and screen of a meeting, for both providers (ADR 010).
//
// Start: const media = mediaEffects(createMediaAdapter());   (devices.media.ts)
//        createActor(devicesMachine.provide({ actors: media.actors,
//          actions: { ...media.actions, persistChoice, persistBackground } }),
//          { input: { stored: { audioInputId, videoInputId, audioOutputId }, background } })
//
// States: checking (Permissions API) → asking (the browser's prompt) → active, or unavailable
// (denied | noDevice | busy | failed): the visitor may still join listen-only (isListenOnly).
// active runs five regions: mic (ready | switching), camera (off | opening | on | busy),
// background (deciding | plain | processing.starting | processing.running: the virtual
// background, ADR 024),
// screen (idle | choosing | sharing) and list (idle | enumerating, on devicechange).
//
// Accepts (from the page):
//   devices.retry                          unavailable → ask again; camera busy → open again
//   devices.micOn / devices.micOff         while mic force-disabled, micOn keeps it off
//   devices.videoOn / devices.videoOff     while video force-disabled, videoOn keeps it off
//   devices.forced {device, disabled}      the realtime meeting.forceDevice (devicesEventFromRealtime),
//                                          and what the meeting machine emits after joining
//   devices.micChosen / devices.cameraChosen / devices.speakerChosen {deviceId}
//   devices.screenStart / devices.screenStop
//   devices.backgroundChosen {choice}       none | blur | an image; remembered (persistBackground)
//   devices.errorDismissed                 hides deviceError
//   devices.close                          leaving the page: releases everything
// Sent by the machine itself: devices.changed (devicechange), devices.screenEnded (the browser's
// own "stop sharing"), devices.listUpdated (after re-enumerating), devices.cameraUpdated (the
// camera's stream changed), devices.backgroundFailed (a running background stopped drawing).
// A background that cannot start or stops shows backgroundFailed and falls back to the camera.
//
// Emits (MeetingMediaEvent, for the meeting machine as they are):
//   meeting.audioInputChanged {stream}, meeting.videoInputChanged {stream} (the processed camera
//   with a background, null while it starts), meeting.micChanged
//   {on, canUnmute}, meeting.contentShareChanged {stream}, meeting.audioOutputChanged {deviceId}.
// Selectors (devices.selectors.ts): isListenOnly, canJoin, micBlockedReason, videoBlockedReason,
// isMicOn, deviceErrorOf, backgroundOf, isBackgroundStarting, previewStream, and
// devicesEventFromRealtime.

export type DeviceKindForced = DeviceForcedEvent['device'];

export type DevicesEvent =
  | { type: 'devices.retry' }
  | { type: 'devices.micOn' }
  | { type: 'devices.micOff' }
  | { type: 'devices.videoOn' }
  | { type: 'devices.videoOff' }
  | DeviceForcedEvent
  | { type: 'devices.micChosen'; deviceId: string }
  | { type: 'devices.cameraChosen'; deviceId: string }
  | { type: 'devices.speakerChosen'; deviceId: string | null }
  | { type: 'devices.screenStart' }
  | { type: 'devices.screenStop' }
  | { type: 'devices.screenEnded' }
  | { type: 'devices.changed' }
  | { type: 'devices.listUpdated' }
  | { type: 'devices.errorDismissed' }
  | { type: 'devices.backgroundChosen'; choice: BackgroundChoice }
  | { type: 'devices.backgroundFailed' }
  | { type: 'devices.cameraUpdated' }
  | { type: 'devices.close' };

export interface StoredChoices {
  audioInputId: string | null;
  videoInputId: string | null;
  audioOutputId: string | null;
}

export interface DevicesInput {
  stored?: Partial<StoredChoices>;
  /** The forced flags the server recorded (a reconnecting attendee stays forced). */
  forced?: { mic?: boolean; video?: boolean };
  /** The virtual background chosen on an earlier visit. */
  background?: BackgroundChoice;
}

export interface DevicesContext extends DeviceSessionState {
  /** The choices remembered from an earlier visit, restored when the device is still there. */
  stored: StoredChoices;
  devices: InputDevice[];
  micStream: MediaStream | null;
  cameraStream: MediaStream | null;
  screenStream: MediaStream | null;
  background: BackgroundChoice;
  /** The camera drawn with the background, once startBackground has it running. */
  backgroundStream: MediaStream | null;
}

type ChoiceKey = keyof StoredChoices;

const mediaErrorKind = (error: unknown): MediaErrorKind =>
  typeof error === 'object' &&
  error !== null &&
  typeof (error as { kind?: unknown }).kind === 'string'
    ? (error as { kind: MediaErrorKind }).kind
    : 'failed';

/** The microphone is heard: on, not forced off, and open. */
export const micOn = (c: DevicesContext) =>
  c.micEnabled && !c.micForceDisabled && c.micStream !== null;

/** What the meeting sends and the preview shows: with a background, only the processed camera. */
export const videoOut = (c: DevicesContext) =>
  c.background.kind === 'none' ? c.cameraStream : c.backgroundStream;

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

export const devicesMachine = setup({
  types: {} as {
    context: DevicesContext;
    events: DevicesEvent;
    input: DevicesInput;
    emitted: MeetingMediaEvent;
  },
  // Effects on the browser, provided by the app with .provide(mediaEffects(createMediaAdapter()))
  // (devices.media.ts); tests provide their own.
  actors: {
    checkPermission: unprovidedActor<PermissionStateName>('devices', 'checkPermission'),
    openMedia: unprovidedActor<
      OpenedMedia,
      { audioInputId: string | null; videoInputId: string | null; video: boolean }
    >('devices', 'openMedia'),
    openMic: unprovidedActor<OpenedInput, { deviceId: string | null }>('devices', 'openMic'),
    openCamera: unprovidedActor<OpenedInput, { deviceId: string | null }>('devices', 'openCamera'),
    openScreen: unprovidedActor<MediaStream>('devices', 'openScreen'),
    listDevices: unprovidedActor<InputDevice[]>('devices', 'listDevices'),
    /** The camera drawn with the background: its stream, drawn until its track is released. */
    startBackground: unprovidedActor<
      MediaStream,
      { stream: MediaStream; choice: VisibleBackground }
    >('devices', 'startBackground'),
  },
  actions: {
    /** Remember a choice for the next visit. */
    persistChoice: unprovidedAction<{ key: ChoiceKey; deviceId: string | null }>(
      'devices',
      'persistChoice',
    ),
    persistBackground: unprovidedAction<{ choice: BackgroundChoice }>(
      'devices',
      'persistBackground',
    ),
    /** Stops every track of the stream (null: nothing open). */
    release: unprovidedAction<{ stream: MediaStream | null }>('devices', 'release'),
    /** Listens to devicechange, sending devices.changed, until unwatchAll. */
    watchDevices: unprovidedAction('devices', 'watchDevices'),
    /** Listens to the shared screen's end (the browser's own button), sending devices.screenEnded. */
    watchScreen: unprovidedAction<{ stream: MediaStream }>('devices', 'watchScreen'),
    unwatchScreen: ({ self }) => unsubscribe(self, 'screen'),
    /** Listens to the background's end after it ran (a frame failed), sending
     * devices.backgroundFailed, until unwatchBackground. */
    watchBackground: unprovidedAction<{ stream: MediaStream }>('devices', 'watchBackground'),
    unwatchBackground: ({ self }) => unsubscribe(self, 'background'),
    unwatchAll: ({ self }) => {
      unsubscribe(self, 'screen');
      unsubscribe(self, 'devices');
    },
    // Context.
    setError: assign((_, params: { error: unknown; device: MediaDeviceRole }) => ({
      deviceError: {
        kind: mediaErrorKind(params.error),
        device: params.device,
      } satisfies DeviceError,
    })),
    setDeviceError: assign((_, params: { error: DeviceError | null }) => ({
      deviceError: params.error,
    })),
    clearError: assign({ deviceError: null }),
    opened: assign(({ context }, params: { opened: OpenedMedia }) => ({
      devices: params.opened.devices,
      micStream: params.opened.mic?.stream ?? null,
      cameraStream: params.opened.camera?.stream ?? null,
      audioInputId: params.opened.mic?.deviceId ?? null,
      videoInputId:
        params.opened.camera?.deviceId ??
        restoredChoice(params.opened.devices, 'videoinput', context.stored.videoInputId),
      audioOutputId: restoredChoice(
        params.opened.devices,
        'audiooutput',
        context.stored.audioOutputId,
      ),
      deviceError: null,
    })),
    setMic: assign((_, params: { opened: OpenedInput | null }) => ({
      micStream: params.opened?.stream ?? null,
      audioInputId: params.opened?.deviceId ?? null,
    })),
    setCamera: assign((_, params: { opened: OpenedInput | null }) => ({
      cameraStream: params.opened?.stream ?? null,
      videoInputId: params.opened?.deviceId ?? null,
      deviceError: null,
    })),
    choose: assign((_, params: { key: ChoiceKey; deviceId: string | null }) => ({
      [params.key]: params.deviceId,
    })),
    setDevices: assign((_, params: { devices: InputDevice[] }) => ({ devices: params.devices })),
    setMicEnabled: assign((_, params: { enabled: boolean }) => ({ micEnabled: params.enabled })),
    setVideoEnabled: assign((_, params: { enabled: boolean }) => ({
      videoEnabled: params.enabled,
    })),
    /** docs/product.md §4: forcing a device disabled also turns it off; releasing leaves it off. */
    force: assign((_, params: { device: DeviceKindForced; disabled: boolean }) =>
      params.device === 'mic'
        ? { micForceDisabled: params.disabled, ...(params.disabled ? { micEnabled: false } : {}) }
        : {
            videoForceDisabled: params.disabled,
            ...(params.disabled ? { videoEnabled: false } : {}),
          },
    ),
    clearCamera: assign({ cameraStream: null }),
    setScreen: assign((_, params: { stream: MediaStream | null }) => ({
      screenStream: params.stream,
      screenSharing: params.stream !== null,
    })),
    emitAudio: emit(({ context }) => ({
      type: 'meeting.audioInputChanged' as const,
      stream: context.micStream,
    })),
    emitVideo: emit(({ context }) => ({
      type: 'meeting.videoInputChanged' as const,
      stream: videoOut(context),
    })),
    cameraUpdated: raise({ type: 'devices.cameraUpdated' }),
    setBackground: assign((_, params: { choice: BackgroundChoice }) => ({
      background: params.choice,
    })),
    /** The background could not run: back to the plain camera, and the visitor is told why. */
    fellBack: assign({
      background: NO_BACKGROUND,
      deviceError: { kind: 'backgroundFailed', device: 'camera' } satisfies DeviceError,
    }),
    setBackgroundStream: assign((_, params: { stream: MediaStream | null }) => ({
      backgroundStream: params.stream,
    })),
    emitMic: emit(({ context }) => ({
      type: 'meeting.micChanged' as const,
      on: micOn(context),
      canUnmute: !context.micForceDisabled,
    })),
    emitScreen: emit(({ context }) => ({
      type: 'meeting.contentShareChanged' as const,
      stream: context.screenStream,
    })),
    emitSpeaker: emit(({ context }) => ({
      type: 'meeting.audioOutputChanged' as const,
      deviceId: context.audioOutputId,
    })),
    listUpdated: raise({ type: 'devices.listUpdated' }),
  },
  guards: {
    denied: (_, params: { permission: PermissionStateName }) => params.permission === 'denied',
    isKind: (_, params: { error: unknown; kinds: readonly MediaErrorKind[] }) =>
      params.kinds.includes(mediaErrorKind(params.error)),
    isPermissionError: (_, params: { error: unknown }) =>
      isPermissionError(mediaErrorKind(params.error)),
    micForced: ({ context }) => context.micForceDisabled,
    videoForced: ({ context }) => context.videoForceDisabled,
    forcesVideoOff: (_, params: { device: DeviceKindForced; disabled: boolean }) =>
      params.device === 'video' && params.disabled,
    hasCamera: ({ context }) => context.cameraStream !== null,
    unplugged: ({ context }, params: { kind: MediaDeviceKind; active: string | null }) =>
      isUnplugged(context.devices, params.kind, params.active),
    anyLeft: ({ context }, params: { kind: MediaDeviceKind }) =>
      devicesOf(context.devices, params.kind).length > 0,
    lostAll: ({ context }, params: { kind: MediaDeviceKind; active: string | null }) =>
      isUnplugged(context.devices, params.kind, params.active) &&
      devicesOf(context.devices, params.kind).length === 0,
    cameraUnwanted: ({ context }) => !context.videoEnabled || context.videoForceDisabled,
    wantsBackground: ({ context }) =>
      context.background.kind !== 'none' && context.cameraStream !== null,
    unwantedCamera: ({ context }, params: { opened: OpenedMedia }) =>
      params.opened.camera !== null && (!context.videoEnabled || context.videoForceDisabled),
  },
}).createMachine({
  id: 'devices',
  context: ({ input }) => ({
    ...defaultDeviceState(),
    micForceDisabled: input.forced?.mic ?? false,
    micEnabled: !(input.forced?.mic ?? false),
    videoForceDisabled: input.forced?.video ?? false,
    videoEnabled: !(input.forced?.video ?? false),
    audioInputId: input.stored?.audioInputId ?? null,
    videoInputId: input.stored?.videoInputId ?? null,
    stored: {
      audioInputId: input.stored?.audioInputId ?? null,
      videoInputId: input.stored?.videoInputId ?? null,
      audioOutputId: input.stored?.audioOutputId ?? null,
    },
    devices: [],
    micStream: null,
    cameraStream: null,
    screenStream: null,
    background: input.background ?? NO_BACKGROUND,
    backgroundStream: null,
  }),
  entry: 'watchDevices',
  // In `active`, XState consults these only when no region takes the event: a region that takes
  // one of them does the same context work itself.
  on: {
    'devices.micOn': [
      { guard: 'micForced' },
      { actions: [{ type: 'setMicEnabled', params: { enabled: true } }, 'emitMic'] },
    ],
    'devices.micOff': {
      actions: [{ type: 'setMicEnabled', params: { enabled: false } }, 'emitMic'],
    },
    'devices.videoOn': [
      { guard: 'videoForced' },
      { actions: { type: 'setVideoEnabled', params: { enabled: true } } },
    ],
    'devices.videoOff': { actions: { type: 'setVideoEnabled', params: { enabled: false } } },
    'devices.forced': { actions: [{ type: 'force', params: ({ event }) => event }, 'emitMic'] },
    'devices.speakerChosen': {
      actions: [
        {
          type: 'choose',
          params: ({ event }) => ({ key: 'audioOutputId', deviceId: event.deviceId }),
        },
        {
          type: 'persistChoice',
          params: ({ event }) => ({ key: 'audioOutputId', deviceId: event.deviceId }),
        },
        'emitSpeaker',
      ],
    },
    'devices.errorDismissed': { actions: 'clearError' },
    'devices.close': '.closed',
  },
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        id: 'checkPermission',
        src: 'checkPermission',
        onDone: [
          {
            guard: { type: 'denied', params: ({ event }) => ({ permission: event.output }) },
            target: 'unavailable.denied',
            actions: {
              type: 'setDeviceError',
              params: { error: { kind: 'blockedByBrowser', device: 'media' } },
            },
          },
          { target: 'asking' },
        ],
        // No Permissions API answer: the prompt will tell.
        onError: 'asking',
      },
    },
    asking: {
      invoke: {
        id: 'openMedia',
        src: 'openMedia',
        input: ({ context }) => ({
          audioInputId: context.audioInputId,
          videoInputId: context.videoInputId,
          video: context.videoEnabled && !context.videoForceDisabled,
        }),
        onDone: [
          // Spec section 4: forced (or turned) off while the prompt was open, the camera that
          // was granted is let go at once; the meeting never gets it.
          {
            guard: { type: 'unwantedCamera', params: ({ event }) => ({ opened: event.output }) },
            target: 'active',
            actions: [
              {
                type: 'release',
                params: ({ event }) => ({ stream: event.output.camera?.stream ?? null }),
              },
              {
                type: 'opened',
                params: ({ event }) => ({ opened: { ...event.output, camera: null } }),
              },
            ],
          },
          {
            target: 'active',
            actions: { type: 'opened', params: ({ event }) => ({ opened: event.output }) },
          },
        ],
        onError: [
          {
            guard: { type: 'isPermissionError', params: ({ event }) => ({ error: event.error }) },
            target: 'unavailable.denied',
            actions: {
              type: 'setError',
              params: ({ event }) => ({ error: event.error, device: 'media' }),
            },
          },
          {
            guard: {
              type: 'isKind',
              params: ({ event }) => ({ error: event.error, kinds: ['notFound'] }),
            },
            target: 'unavailable.noDevice',
            actions: {
              type: 'setError',
              params: ({ event }) => ({ error: event.error, device: 'media' }),
            },
          },
          {
            guard: {
              type: 'isKind',
              params: ({ event }) => ({ error: event.error, kinds: ['busy'] }),
            },
            target: 'unavailable.busy',
            actions: {
              type: 'setError',
              params: ({ event }) => ({ error: event.error, device: 'media' }),
            },
          },
          {
            target: 'unavailable.failed',
            actions: {
              type: 'setError',
              params: ({ event }) => ({ error: event.error, device: 'media' }),
            },
          },
        ],
      },
    },
    /** Listen-only: the meeting can be joined without microphone and camera. */
    unavailable: {
      on: { 'devices.retry': { target: 'checking', actions: 'clearError' } },
      // Always entered at a named child; the initial one is only XState's requirement.
      initial: 'failed',
      states: {
        denied: {},
        /** Plugging a device in asks again. */
        noDevice: {
          on: { 'devices.changed': { target: '#devices.checking', actions: 'clearError' } },
        },
        busy: {},
        failed: {},
      },
    },
    active: {
      type: 'parallel',
      // The meeting gets what was opened and the speaker restored from the last visit (the video
      // from the background region's entry).
      entry: ['emitAudio', 'emitMic', 'emitSpeaker'],
      exit: { type: 'release', params: ({ context }) => ({ stream: context.micStream }) },
      states: {
        mic: {
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
        },
        camera: {
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
              exit: [
                { type: 'release', params: ({ context }) => ({ stream: context.cameraStream }) },
              ],
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
        },
        background: {
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
        },
        screen: {
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
        },
        list: {
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
        },
      },
    },
    /** The page was left: every device released. */
    closed: {
      type: 'final',
      // The camera, screen and microphone were released on leaving their states.
      entry: 'unwatchAll',
    },
  },
});

export type DevicesSnapshot = SnapshotFrom<typeof devicesMachine>;
