// The browser's media devices as the device statechart uses them (ADR 010: one statechart opens
// the microphone, camera and screen for both meeting providers). Every failure becomes a
// MediaAccessError whose kind the machine decides on (src/domain/meeting-session.ts).
import type { InputDevice, MediaDeviceKind, MediaErrorKind } from '../../domain/meeting-session';

export type PermissionStateName = 'granted' | 'prompt' | 'denied' | 'unknown';

export class MediaAccessError extends Error {
  override name = 'MediaAccessError';
  constructor(
    readonly kind: MediaErrorKind,
    override readonly cause: unknown,
  ) {
    super(`media access failed: ${kind}`);
  }
}

/** An opened input and the id of the device behind it (to notice when it is unplugged). */
export interface OpenedInput {
  stream: MediaStream;
  deviceId: string | null;
}

/** What the first request opened: the microphone and the camera as separate streams. */
export interface OpenedMedia {
  mic: OpenedInput | null;
  camera: OpenedInput | null;
  devices: InputDevice[];
}

export interface MediaAdapter {
  /** The site's camera and microphone permission: denied when either is denied. */
  permission(): Promise<PermissionStateName>;
  devices(): Promise<InputDevice[]>;
  /**
   * Asks for the microphone and (when `video`) the camera in one prompt. Kinds with no device
   * are left out; with none at all it fails with kind notFound.
   */
  openMedia(request: {
    audioInputId: string | null;
    videoInputId: string | null;
    video: boolean;
  }): Promise<OpenedMedia>;
  /** A chosen device (exactly that one), or the default with null. */
  openMic(deviceId: string | null): Promise<OpenedInput>;
  openCamera(deviceId: string | null): Promise<OpenedInput>;
  /** frameRate: the high frame rate mode's smooth capture (ADR 026); the browser's default without. */
  openScreen(options?: { frameRate?: number }): Promise<MediaStream>;
  /** Stops every track: the camera light goes out, the microphone is released. */
  release(stream: MediaStream): void;
  /** devicechange: a device was plugged in or out. Returns the unsubscribe. */
  onDeviceChange(listener: () => void): () => void;
  /** The stream's video track ended (the browser's own "stop sharing" button). */
  onEnded(stream: MediaStream, listener: () => void): () => void;
}

/** What the adapter needs from the browser; tests pass fakes. */
export interface MediaDeps {
  mediaDevices: Pick<
    MediaDevices,
    | 'getUserMedia'
    | 'enumerateDevices'
    | 'getDisplayMedia'
    | 'addEventListener'
    | 'removeEventListener'
  >;
  permissions?: Pick<Permissions, 'query'> | undefined;
  now: () => number;
  /** new MediaStream(tracks): the microphone and camera of one request become two streams. */
  stream: (tracks: MediaStreamTrack[]) => MediaStream;
}

/** A NotAllowedError sooner than this after asking was not the visitor's answer to a prompt. */
export const PROMPT_ANSWER_MIN_MS = 400;

function errorName(error: unknown): string {
  return typeof error === 'object' &&
    error !== null &&
    typeof (error as { name?: unknown }).name === 'string'
    ? (error as { name: string }).name
    : '';
}

function errorMessage(error: unknown): string {
  return typeof error === 'object' &&
    error !== null &&
    typeof (error as { message?: unknown }).message === 'string'
    ? (error as { message: string }).message
    : '';
}

/**
 * The kind of a getUserMedia / getDisplayMedia failure. `elapsedMs`: how long the request took;
 * `permission`: the permission state before asking ('prompt' means the browser will show one).
 */
export function classifyMediaError(
  error: unknown,
  context: { elapsedMs: number; permission: PermissionStateName; display?: boolean },
): MediaErrorKind {
  if (error instanceof MediaAccessError) return error.kind;
  switch (errorName(error)) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
      // Chrome names the OS refusal in the message; Safari and Firefox do not.
      if (/system/i.test(errorMessage(error))) return 'blockedBySystem';
      // The screen picker's cancel button answers NotAllowedError too.
      if (context.display) return 'cancelled';
      if (context.permission === 'denied') return 'blockedByBrowser';
      // No prompt can be answered this fast: the browser refused on its own.
      return context.elapsedMs < PROMPT_ANSWER_MIN_MS ? 'blockedByBrowser' : 'deniedByUser';
    case 'SecurityError':
      return 'blockedBySystem';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return 'notFound';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'busy';
    default:
      return 'failed';
  }
}

const KINDS: readonly MediaDeviceKind[] = ['audioinput', 'videoinput', 'audiooutput'];

function toDevice(info: MediaDeviceInfo): InputDevice | null {
  const kind = KINDS.find((k) => k === info.kind);
  return kind ? { deviceId: info.deviceId, kind, label: info.label } : null;
}

/** exact for a device the visitor picks; ideal for a remembered one, which may be gone. */
function constraint(
  deviceId: string | null,
  match: 'exact' | 'ideal',
): MediaTrackConstraints | true {
  return deviceId === null ? true : { deviceId: { [match]: deviceId } };
}

function deviceIdOf(tracks: MediaStreamTrack[]): string | null {
  return tracks[0]?.getSettings().deviceId ?? null;
}

export function createMediaAdapter(deps: MediaDeps = browserMediaDeps()): MediaAdapter {
  const { mediaDevices, permissions, now } = deps;

  function opened(tracks: MediaStreamTrack[]): OpenedInput | null {
    return tracks.length > 0 ? { stream: deps.stream(tracks), deviceId: deviceIdOf(tracks) } : null;
  }
  async function openOne(constraints: MediaStreamConstraints): Promise<OpenedInput> {
    const stream = await ask(() => mediaDevices.getUserMedia(constraints));
    return { stream, deviceId: deviceIdOf(stream.getTracks()) };
  }

  async function permission(): Promise<PermissionStateName> {
    if (!permissions) return 'unknown';
    try {
      // 'camera' and 'microphone' are not in every browser's PermissionName (Firefox throws).
      const states = await Promise.all(
        (['camera', 'microphone'] as const).map((name) =>
          permissions.query({ name: name as PermissionName }),
        ),
      );
      if (states.some((s) => s.state === 'denied')) return 'denied';
      return states.every((s) => s.state === 'granted') ? 'granted' : 'prompt';
    } catch {
      return 'unknown';
    }
  }

  async function devices(): Promise<InputDevice[]> {
    const list = await mediaDevices.enumerateDevices();
    return list.map(toDevice).filter((d): d is InputDevice => d !== null);
  }

  async function ask<T>(request: () => Promise<T>, display = false): Promise<T> {
    const before = display ? 'unknown' : await permission();
    const started = now();
    try {
      return await request();
    } catch (error) {
      throw new MediaAccessError(
        classifyMediaError(error, { elapsedMs: now() - started, permission: before, display }),
        error,
      );
    }
  }

  return {
    permission,
    devices,
    async openMedia({ audioInputId, videoInputId, video }) {
      const before = await devices();
      const hasMic = before.some((d) => d.kind === 'audioinput');
      const hasCamera = video && before.some((d) => d.kind === 'videoinput');
      if (!hasMic && !hasCamera) throw new MediaAccessError('notFound', null);
      const stream = await ask(() =>
        mediaDevices.getUserMedia({
          audio: hasMic && constraint(audioInputId, 'ideal'),
          video: hasCamera && constraint(videoInputId, 'ideal'),
        }),
      );
      // Labels and real ids are only listed once permission is granted.
      return {
        mic: opened(stream.getAudioTracks()),
        camera: opened(stream.getVideoTracks()),
        devices: await devices(),
      };
    },
    openMic: (deviceId) => openOne({ audio: constraint(deviceId, 'exact') }),
    openCamera: (deviceId) => openOne({ video: constraint(deviceId, 'exact') }),
    openScreen: (options) =>
      ask(
        () =>
          mediaDevices.getDisplayMedia({
            video: options?.frameRate ? { frameRate: { ideal: options.frameRate } } : true,
            audio: false,
          }),
        true,
      ),
    release(stream) {
      for (const track of stream.getTracks()) track.stop();
    },
    onDeviceChange(listener) {
      mediaDevices.addEventListener('devicechange', listener);
      return () => mediaDevices.removeEventListener('devicechange', listener);
    },
    onEnded(stream, listener) {
      const tracks = stream.getVideoTracks();
      for (const track of tracks) track.addEventListener('ended', listener);
      return () => {
        for (const track of tracks) track.removeEventListener('ended', listener);
      };
    },
  };
}

function browserMediaDeps(): MediaDeps {
  return {
    mediaDevices: navigator.mediaDevices,
    permissions: navigator.permissions,
    now: () => performance.now(),
    stream: (tracks) => new MediaStream(tracks),
  };
}
