// Pure rules of a meeting session: the session state of docs/product.md §3 with its defaults, what
// each of the provider's status names means for the visitor (and whether it is reported,
// docs/product.md §8), the kinds of media error with their Japanese guidance, and the device choices
// after a hot-plug. The meeting and device statecharts decide with these, so that a rule lives
// in one place and is unit-tested without a browser.

/** Values of the watching live mode: only notWatching is named by docs/product.md §4. */
type WatchingLiveMode = 'notWatching' | 'watching';

/** Session state fields of the device statechart (docs/product.md §3). */
export interface DeviceSessionState {
  videoEnabled: boolean;
  micEnabled: boolean;
  /** Owner or staff forced the camera off (docs/product.md §4). */
  videoForceDisabled: boolean;
  micForceDisabled: boolean;
  /** Chosen input and output ids; null means the browser's default. */
  audioInputId: string | null;
  videoInputId: string | null;
  audioOutputId: string | null;
  screenSharing: boolean;
  deviceError: DeviceError | null;
}

/** Session state fields of the meeting statechart (docs/product.md §3). */
export interface MeetingSessionState {
  currentTableSpaceId: string | null;
  mapViewMode: boolean;
  watchingLiveMode: WatchingLiveMode;
  informationBoardVisible: boolean;
  photographDisabled: boolean;
  stageReverbFormDisabled: boolean;
  highFrameRateMode: boolean;
  /** kbps. */
  highFrameRateBandwidth: number;
}

export type SessionState = DeviceSessionState & MeetingSessionState;

const DEFAULT_HIGH_FRAME_RATE_BANDWIDTH = 5000;
/** The smooth frame rate of a screen share in high frame rate mode (ADR 026). */
const HIGH_FRAME_RATE_FPS = 30;

/** The limits of the screen share's sender: high frame rate mode's, or none (the browser's). */
export interface ContentLimits {
  maxBitrateKbps: number;
  maxFramerate: number;
}

export function contentLimitsOf(
  state: Pick<MeetingSessionState, 'highFrameRateMode' | 'highFrameRateBandwidth'>,
): ContentLimits | null {
  return state.highFrameRateMode
    ? { maxBitrateKbps: state.highFrameRateBandwidth, maxFramerate: HIGH_FRAME_RATE_FPS }
    : null;
}

/** How to capture the screen: at the smooth frame rate in high frame rate mode. */
export const screenCaptureOf = (state: Pick<MeetingSessionState, 'highFrameRateMode'>) =>
  state.highFrameRateMode ? { frameRate: HIGH_FRAME_RATE_FPS } : {};

/** The defaults of docs/product.md §3, defined once: the device statechart's part… */
const DEFAULT_DEVICE_STATE: Readonly<DeviceSessionState> = {
  videoEnabled: true,
  micEnabled: true,
  videoForceDisabled: false,
  micForceDisabled: false,
  audioInputId: null,
  videoInputId: null,
  audioOutputId: null,
  screenSharing: false,
  deviceError: null,
};

/** …and the meeting statechart's part. */
const DEFAULT_MEETING_STATE: Readonly<MeetingSessionState> = {
  currentTableSpaceId: null,
  mapViewMode: false,
  watchingLiveMode: 'notWatching',
  informationBoardVisible: false,
  photographDisabled: false,
  stageReverbFormDisabled: false,
  highFrameRateMode: false,
  highFrameRateBandwidth: DEFAULT_HIGH_FRAME_RATE_BANDWIDTH,
};

export const DEFAULT_SESSION_STATE: Readonly<SessionState> = {
  ...DEFAULT_DEVICE_STATE,
  ...DEFAULT_MEETING_STATE,
};

export const defaultDeviceState = (): DeviceSessionState => ({ ...DEFAULT_DEVICE_STATE });

export const defaultMeetingState = (): MeetingSessionState => ({ ...DEFAULT_MEETING_STATE });

// ---------------------------------------------------------------------------------------------
// Meeting outcomes

/**
 * The names of the Chime SDK's MeetingSessionStatusCode members that the meeting provider
 * reports (src/services/meeting/provider.ts names this type MeetingStatusName). Names, not the
 * SDK's numbers: numbering differs between SDK versions; 'Unknown' is a code no version here names.
 */
export const MEETING_STATUS_NAMES = [
  'OK',
  'Left',
  'AudioJoinedFromAnotherDevice',
  'AudioAuthenticationRejected',
  'AudioCallAtCapacity',
  'MeetingEnded',
  'AudioAttendeeRemoved',
  'AudioInternalServerError',
  'AudioServiceUnavailable',
  'AudioDisconnected',
  'SignalingBadRequest',
  'SignalingInternalServerError',
  'SignalingRequestFailed',
  'ConnectionHealthReconnect',
  'RealtimeApiFailed',
  'TaskFailed',
  'ICEGatheringTimeoutWorkaround',
  'NoAttendeePresent',
  'TURNCredentialsForbidden',
  'Unknown',
] as const;
export type StatusName = (typeof MEETING_STATUS_NAMES)[number];

/** Where a stopped (or reconnecting) session leaves the visitor. */
export type MeetingOutcome =
  'left' | 'reconnect' | 'ended' | 'kicked' | 'joinedElsewhere' | 'full' | 'failed';

/**
 * Why a status is not reported to error reporting (docs/product.md §8): the visitor's network,
 * device or a normal end, not our defect. null: reported.
 */
type NotReportedBecause =
  'left' | 'disconnected' | 'failedToConnect' | 'meetingEnded' | 'removed' | 'capacity' | null;

export interface StatusRule {
  outcome: MeetingOutcome;
  notReportedBecause: NotReportedBecause;
}

/** Every status name of the provider, mapped once (a new name fails to compile until it is here). */
export const MEETING_STATUS_RULES: Readonly<Record<StatusName, StatusRule>> = {
  OK: { outcome: 'left', notReportedBecause: 'left' },
  Left: { outcome: 'left', notReportedBecause: 'left' },
  AudioJoinedFromAnotherDevice: { outcome: 'joinedElsewhere', notReportedBecause: 'removed' },
  AudioAuthenticationRejected: { outcome: 'failed', notReportedBecause: null },
  AudioCallAtCapacity: { outcome: 'full', notReportedBecause: 'capacity' },
  MeetingEnded: { outcome: 'ended', notReportedBecause: 'meetingEnded' },
  AudioAttendeeRemoved: { outcome: 'kicked', notReportedBecause: 'removed' },
  AudioInternalServerError: { outcome: 'failed', notReportedBecause: null },
  AudioServiceUnavailable: { outcome: 'failed', notReportedBecause: 'failedToConnect' },
  AudioDisconnected: { outcome: 'failed', notReportedBecause: 'disconnected' },
  SignalingBadRequest: { outcome: 'failed', notReportedBecause: null },
  SignalingInternalServerError: { outcome: 'failed', notReportedBecause: null },
  SignalingRequestFailed: { outcome: 'failed', notReportedBecause: 'failedToConnect' },
  ConnectionHealthReconnect: { outcome: 'reconnect', notReportedBecause: 'failedToConnect' },
  RealtimeApiFailed: { outcome: 'failed', notReportedBecause: null },
  TaskFailed: { outcome: 'failed', notReportedBecause: 'failedToConnect' },
  ICEGatheringTimeoutWorkaround: { outcome: 'failed', notReportedBecause: 'failedToConnect' },
  NoAttendeePresent: { outcome: 'ended', notReportedBecause: 'meetingEnded' },
  TURNCredentialsForbidden: { outcome: 'failed', notReportedBecause: null },
  Unknown: { outcome: 'failed', notReportedBecause: null },
};

export function statusOutcome(status: StatusName): MeetingOutcome {
  return (MEETING_STATUS_RULES[status] ?? MEETING_STATUS_RULES.Unknown).outcome;
}

export function isReportedStatus(status: StatusName): boolean {
  return (MEETING_STATUS_RULES[status] ?? MEETING_STATUS_RULES.Unknown).notReportedBecause === null;
}

/** How long a dropped session may try to come back before the meeting is given up. */
export const RECONNECT_TIMEOUT_MS = 60_000;
/** How long the first connection may take. */
export const CONNECT_TIMEOUT_MS = 30_000;

export const MEETING_MESSAGES = {
  failed: '会議に接続できませんでした。通信環境を確かめて「もう一度参加する」を押してください。',
  reconnectTimedOut:
    '会議との接続が切れました。通信環境を確かめて「もう一度参加する」を押してください。',
  connectTimedOut:
    '会議への接続に時間がかかっています。通信環境を確かめて「もう一度参加する」を押してください。',
  full: '会議の参加人数が上限に達しています。しばらくしてからもう一度お試しください。',
  mediaFailed: 'マイクまたはカメラを会議で使えませんでした。デバイスを選び直してください。',
  watcherCannotSend:
    '視聴中はマイク・カメラ・画面共有を使えません。使うには「参加に切り替える」を押してください。',
} as const;

/** A join the server refused, as the provided joinMeeting actor throws it. */
export interface JoinFailure {
  /** 422: the world is at capacity. */
  full: boolean;
  /** The server's message (Japanese), or ours when it gave none. */
  message: string;
}

function messagesIn(error: object): string[] {
  for (const key of ['messages', 'errors'] as const) {
    const value: unknown = (error as Record<string, unknown>)[key];
    if (Array.isArray(value)) {
      const strings = value.filter((m): m is string => typeof m === 'string' && m !== '');
      if (strings.length > 0) return strings;
    }
  }
  return [];
}

/**
 * Reads what joinChimeMeeting's failure carries: `status` and the server's `messages` (or its
 * body's `errors`). A 422 means the world is at capacity; its message is kept for display.
 */
export function joinFailureOf(error: unknown): JoinFailure {
  if (typeof error !== 'object' || error === null)
    return { full: false, message: MEETING_MESSAGES.failed };
  const status = (error as { status?: unknown }).status;
  const [message] = messagesIn(error);
  if (status === 422) return { full: true, message: message ?? MEETING_MESSAGES.full };
  return { full: false, message: message ?? MEETING_MESSAGES.failed };
}

// ---------------------------------------------------------------------------------------------
// Media errors

/**
 * - deniedByUser: NotAllowedError after the browser's prompt was shown (the visitor chose block);
 * - blockedByBrowser: the site's permission is "denied" (Permissions API, or NotAllowedError at
 *   once with no prompt): fixed in the address bar's site settings;
 * - blockedBySystem: the OS refuses the browser (Chrome's "Permission denied by system") or the
 *   page is not allowed to ask (SecurityError: policy, insecure context);
 * - notFound: no such device (NotFoundError, OverconstrainedError, or an empty list);
 * - busy: another application holds the device (NotReadableError, AbortError);
 * - cancelled: the visitor cancelled the screen picker (not an error to show);
 * - backgroundFailed: the virtual background could not run (no WebGL or WebAssembly, the model
 *   did not load): the plain camera is sent instead;
 * - failed: anything else.
 */
export type MediaErrorKind =
  | 'deniedByUser'
  | 'blockedByBrowser'
  | 'blockedBySystem'
  | 'notFound'
  | 'busy'
  | 'cancelled'
  | 'backgroundFailed'
  | 'failed';

export type MediaDeviceRole = 'media' | 'mic' | 'camera' | 'screen';

export interface DeviceError {
  kind: MediaErrorKind;
  /** Which device it concerns: media = the first request for microphone and camera together. */
  device: MediaDeviceRole;
}

const LISTEN_ONLY = 'マイクとカメラなしで、聞くだけで参加することもできます。';
const ADDRESS_BAR =
  'アドレスバーの左にある鍵（またはカメラ）のアイコンを押して、カメラとマイクを「許可」にしてから「もう一度試す」を押してください。';
const OS_SETTINGS =
  'パソコンやスマートフォンの設定でブラウザーを許可してから、ブラウザーを再起動してください（Windows:「設定 > プライバシーとセキュリティ > カメラ／マイク」、Mac:「システム設定 > プライバシーとセキュリティ > カメラ／マイク」、iPhone・iPad:「設定 > お使いのブラウザー」）。';

const NAMES: Record<MediaDeviceRole, string> = {
  media: 'カメラとマイク',
  mic: 'マイク',
  camera: 'カメラ',
  screen: '画面の共有',
};

/** The Japanese message for a device error, with how to fix it. Null for a cancelled picker. */
export function deviceErrorMessage(error: DeviceError): string | null {
  const name = NAMES[error.device];
  const screen = error.device === 'screen';
  switch (error.kind) {
    case 'cancelled':
      return null;
    case 'deniedByUser':
      return screen
        ? '画面の共有が許可されませんでした。共有するときは、表示される画面で共有する画面を選んでください。'
        : `${name}の使用が許可されませんでした。${ADDRESS_BAR}${LISTEN_ONLY}`;
    case 'blockedByBrowser':
      return screen
        ? '画面の共有がブラウザーでブロックされています。ブラウザーの設定で画面の共有を許可してください。'
        : `このサイトでの${name}の使用がブラウザーでブロックされています。${ADDRESS_BAR}${LISTEN_ONLY}`;
    case 'blockedBySystem':
      return screen
        ? `画面の共有がOSの設定で許可されていません。Mac は「システム設定 > プライバシーとセキュリティ > 画面収録」でブラウザーを許可してください。`
        : `${name}の使用がOSの設定で許可されていません。${OS_SETTINGS}${LISTEN_ONLY}`;
    case 'notFound':
      return `${name}が見つかりませんでした。接続を確かめてください。${screen ? '' : LISTEN_ONLY}`;
    case 'busy':
      return `${name}がほかのアプリで使われています。ビデオ会議アプリなどを閉じてから「もう一度試す」を押してください。`;
    case 'backgroundFailed':
      return 'このブラウザーではバーチャル背景を使えません（WebGL または WebAssembly が使えないか、背景の処理を読み込めませんでした）。背景なしのカメラ映像を使っています。';
    case 'failed':
      return `${name}を開けませんでした。「もう一度試す」を押してください。`;
  }
}

/** A permission refusal: the meeting is still open to the visitor, listen-only. */
export function isPermissionError(kind: MediaErrorKind): boolean {
  return kind === 'deniedByUser' || kind === 'blockedByBrowser' || kind === 'blockedBySystem';
}

// ---------------------------------------------------------------------------------------------
// Devices

export type MediaDeviceKind = 'audioinput' | 'videoinput' | 'audiooutput';

export interface InputDevice {
  deviceId: string;
  kind: MediaDeviceKind;
  label: string;
}

export function devicesOf(devices: readonly InputDevice[], kind: MediaDeviceKind): InputDevice[] {
  return devices.filter((device) => device.kind === kind && device.deviceId !== '');
}

/** The chosen id when that device is still there; else null (the browser's default). */
export function restoredChoice(
  devices: readonly InputDevice[],
  kind: MediaDeviceKind,
  stored: string | null,
): string | null {
  return stored !== null && devicesOf(devices, kind).some((device) => device.deviceId === stored)
    ? stored
    : null;
}

/**
 * After the list changed: the active device when it is still present; else the "default"
 * device, else the first remaining one; null when none of that kind is left.
 */
export function fallbackDevice(
  devices: readonly InputDevice[],
  kind: MediaDeviceKind,
  active: string | null,
): string | null {
  const present = devicesOf(devices, kind);
  if (active !== null && present.some((device) => device.deviceId === active)) return active;
  return (present.find((device) => device.deviceId === 'default') ?? present[0])?.deviceId ?? null;
}

/** True when the device in use is gone from the list (it was unplugged). */
export function isUnplugged(
  devices: readonly InputDevice[],
  kind: MediaDeviceKind,
  active: string | null,
): boolean {
  return active !== null && !devicesOf(devices, kind).some((device) => device.deviceId === active);
}

// ---------------------------------------------------------------------------------------------
// Between the device statechart and the meeting statechart

/**
 * Owner or staff forced a device off (disabled) or released it: the realtime meeting.forceDevice,
 * and the flags of the join answer (a rejoining attendee stays forced). The meeting machine emits
 * it after joining; the device machine accepts it.
 */
export type DeviceForcedEvent = {
  type: 'devices.forced';
  device: 'mic' | 'video';
  disabled: boolean;
};

/**
 * What the device machine emits and the meeting machine accepts, event for event: the page
 * forwards them with `devices.on('*', (event) => meeting.send(event))`.
 */
export type MeetingMediaEvent =
  /** The microphone to send; null: none (listen-only, or unplugged with nothing left). */
  | { type: 'meeting.audioInputChanged'; stream: MediaStream | null }
  /** The camera to send; null while the camera is off. */
  | { type: 'meeting.videoInputChanged'; stream: MediaStream | null }
  /** on: the microphone is heard; canUnmute false while an owner or staff forces it off. */
  | { type: 'meeting.micChanged'; on: boolean; canUnmute: boolean }
  /** The screen being shared; null when sharing stopped. */
  | { type: 'meeting.contentShareChanged'; stream: MediaStream | null }
  | { type: 'meeting.audioOutputChanged'; deviceId: string | null };
