import { assign, emit, raise, setup } from 'xstate';
import {
  devicesOf,
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

// The devices machine's setup (devices.machine.ts): its types, effects, actions and guards; its
// regions are built on it (devices.camera.ts, devices.regions.ts).

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
  | { type: 'devices.release' }
  | { type: 'devices.reopen' }
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

export const devicesSetup = setup({
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
    /** Everything was let go (released while watching): nothing open is left in the context. */
    clearStreams: assign({
      micStream: null,
      cameraStream: null,
      screenStream: null,
      screenSharing: false,
    }),
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
});
