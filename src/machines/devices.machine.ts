import type { SnapshotFrom } from 'xstate';
import { defaultDeviceState } from '../domain/meeting-session';
import { NO_BACKGROUND } from '../domain/virtual-background';
import { backgroundRegion, cameraRegion } from './devices.camera';
import { listRegion, micRegion, screenRegion } from './devices.regions';
import { devicesSetup } from './devices.setup';

// The microphone, camera and screen of a meeting, for both providers (ADR 010).
//
// Start: const media = mediaEffects(createMediaAdapter());   (devices.media.ts)
//        createActor(devicesMachine.provide({ actors: media.actors,
//          actions: { ...media.actions, persistChoice, persistBackground } }),
//          { input: { stored: { audioInputId, videoInputId, audioOutputId }, background } })
//
// States: checking (Permissions API) → asking (the browser's prompt) → active, or unavailable
// (denied | noDevice | busy | failed): the visitor may still join listen-only (isListenOnly);
// released while the visitor watches the stage (nothing open; listen-only stays as it is).
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
//   devices.release                        watching the stage (ADR 026): lets go of the microphone,
//                                          camera and screen (from checking, asking, active), keeping
//                                          the choices; the meeting gets none of them
//   devices.reopen                         watching stopped: opens the chosen devices again, as on
//                                          entering (released → checking)
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
// Types, effects, actions and guards: devices.setup.ts; the regions of `active`: devices.camera.ts
// (camera, background) and devices.regions.ts (mic, screen, list).

export {
  micOn,
  videoOut,
  type DevicesEvent,
  type DevicesInput,
  type StoredChoices,
} from './devices.setup';

/**
 * Watching the stage (ADR 026): what is open is let go on leaving the state (the camera light goes
 * off) and the meeting is told it has no microphone, camera or screen; the choices stay.
 */
const release = {
  target: '#devices.released',
  actions: ['clearStreams', 'emitAudio', 'emitVideo', 'emitMic', 'emitScreen'],
} as const;

export const devicesMachine = devicesSetup.createMachine({
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
      on: { 'devices.release': release },
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
      on: { 'devices.release': release },
      invoke: {
        id: 'openMedia',
        src: 'openMedia',
        input: ({ context }) => ({
          audioInputId: context.audioInputId,
          videoInputId: context.videoInputId,
          video: context.videoEnabled && !context.videoForceDisabled,
        }),
        onDone: [
          // docs/product.md §4: forced (or turned) off while the prompt was open, the camera that
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
      on: { 'devices.release': release },
      states: {
        mic: micRegion,
        camera: cameraRegion,
        background: backgroundRegion,
        screen: screenRegion,
        list: listRegion,
      },
    },
    /** Watching the stage: nothing open. Watching stopped, the chosen devices open as on entering. */
    released: { on: { 'devices.reopen': 'checking' } },
    /** The page was left: every device released. */
    closed: {
      type: 'final',
      // The camera, screen and microphone were released on leaving their states.
      entry: 'unwatchAll',
    },
  },
});

export type DevicesSnapshot = SnapshotFrom<typeof devicesMachine>;
