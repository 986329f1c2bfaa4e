// The Amazon Chime provider (ADR 010): a thin adapter from the SDK's audioVideo facade to the
// product's MeetingSession. The SDK is imported lazily, so only world pages download it, and
// only `import type` reaches it from here at build time.
import type {
  AudioVideoFacade,
  AudioVideoObserver,
  ContentShareObserver,
  MeetingSessionStatus,
  VideoTileState,
} from 'amazon-chime-sdk-js';
import { MEETING_STATUS_NAMES } from '../../domain/meeting-session';
import { ObserverSet } from './observers';
import type {
  MeetingJoin,
  MeetingObserver,
  MeetingProvider,
  MeetingSession,
  MeetingStatusName,
  VideoTile,
} from './provider';

type ChimeSdk = typeof import('amazon-chime-sdk-js');
/** The SDK's numeric enum: numbers to names and back (TypeScript's reverse mapping). */
type StatusCodes = Readonly<Record<number, string>>;

const KNOWN = new Set<string>(MEETING_STATUS_NAMES);
/** Content shares join as a second attendee whose ids carry this suffix. */
const CONTENT_SUFFIX = '#content';
/** The SDK's volume indicator (0..1) from which an attendee counts as speaking. */
const CHIME_SPEAKING_VOLUME = 0.2;

/**
 * The name of a MeetingSessionStatusCode number, looked up in the SDK's own enum so that a
 * renumbering between versions cannot shift it; a code the product does not name is 'Unknown'.
 */
export function statusNameOf(code: number, codes: StatusCodes): MeetingStatusName {
  const name = codes[code];
  return name !== undefined && KNOWN.has(name) ? (name as MeetingStatusName) : 'Unknown';
}

/** A Chime tile state as the product's tile; null while the SDK has not bound it to anyone. */
export function tileOf(
  state: Pick<
    VideoTileState,
    | 'tileId'
    | 'boundAttendeeId'
    | 'boundExternalUserId'
    | 'localTile'
    | 'isContent'
    | 'active'
    | 'paused'
  >,
): VideoTile | null {
  if (state.tileId === null || state.boundAttendeeId === null) return null;
  return {
    tileId: state.tileId,
    attendeeId: state.boundAttendeeId,
    userId: (state.boundExternalUserId ?? '').replace(CONTENT_SUFFIX, ''),
    isLocal: state.localTile,
    isContent: state.isContent,
    active: state.active && !state.paused,
  };
}

/** The MeetingSession over one SDK session's audioVideo facade. */
export class ChimeSession implements MeetingSession {
  private readonly observers = new ObserverSet();
  private readonly muted = new Map<string, boolean>();
  private readonly speaking = new Set<string>();
  private subscribed = false;

  constructor(
    private readonly audioVideo: AudioVideoFacade,
    codes: StatusCodes,
  ) {
    const notify = this.observers.notify.bind(this.observers);
    const sdkObserver: AudioVideoObserver = {
      audioVideoDidStartConnecting: (reconnecting) =>
        notify('audioVideoDidStartConnecting', reconnecting),
      audioVideoDidStart: () => notify('audioVideoDidStart'),
      audioVideoDidStop: (status: MeetingSessionStatus) =>
        notify('audioVideoDidStop', statusNameOf(status.statusCode(), codes)),
      videoTileDidUpdate: (state) => {
        const tile = tileOf(state);
        if (tile) notify('videoTileDidUpdate', tile);
      },
      videoTileWasRemoved: (tileId) => notify('videoTileWasRemoved', tileId),
      connectionDidBecomePoor: () => notify('connectionDidBecomePoor'),
    };
    const contentObserver: ContentShareObserver = {
      contentShareDidStart: () => notify('contentShareDidStart'),
      contentShareDidStop: () => notify('contentShareDidStop'),
    };
    audioVideo.addObserver(sdkObserver);
    audioVideo.addContentShareObserver(contentObserver);
  }

  addObserver(observer: MeetingObserver): void {
    this.observers.add(observer);
  }

  removeObserver(observer: MeetingObserver): void {
    this.observers.remove(observer);
  }

  start(): void {
    this.subscribePresence();
    this.audioVideo.start();
  }

  stop(): void {
    this.audioVideo.stop();
  }

  async startAudioInput(stream: MediaStream | null): Promise<void> {
    if (stream) await this.audioVideo.startAudioInput(stream);
    else await this.audioVideo.stopAudioInput();
  }

  async startVideoInput(stream: MediaStream | null): Promise<void> {
    if (stream) await this.audioVideo.startVideoInput(stream);
    else await this.audioVideo.stopVideoInput();
  }

  chooseAudioOutput(deviceId: string | null): Promise<void> {
    return this.audioVideo.chooseAudioOutput(deviceId);
  }

  realtimeMuteLocalAudio(): void {
    this.audioVideo.realtimeMuteLocalAudio();
  }

  realtimeUnmuteLocalAudio(): boolean {
    return this.audioVideo.realtimeUnmuteLocalAudio();
  }

  realtimeSetCanUnmuteLocalAudio(canUnmute: boolean): void {
    this.audioVideo.realtimeSetCanUnmuteLocalAudio(canUnmute);
  }

  realtimeIsLocalAudioMuted(): boolean {
    return this.audioVideo.realtimeIsLocalAudioMuted();
  }

  startLocalVideoTile(): void {
    this.audioVideo.startLocalVideoTile();
  }

  stopLocalVideoTile(): void {
    this.audioVideo.stopLocalVideoTile();
  }

  bindVideoElement(tileId: number, element: HTMLVideoElement): void {
    this.audioVideo.bindVideoElement(tileId, element);
  }

  unbindVideoElement(tileId: number): void {
    this.audioVideo.unbindVideoElement(tileId);
  }

  bindAudioElement(element: HTMLAudioElement): Promise<void> {
    return this.audioVideo.bindAudioElement(element).then(() => undefined);
  }

  async startContentShare(stream: MediaStream): Promise<void> {
    await this.audioVideo.startContentShare(stream);
  }

  stopContentShare(): void {
    this.audioVideo.stopContentShare();
  }

  /** The SDK's volume (0..1, null: unknown) as speaking or not, told when it changes. */
  private reportSpeaking(attendeeId: string, volume: number | null) {
    if (volume === null) return;
    const speaking = volume >= CHIME_SPEAKING_VOLUME;
    if (speaking === this.speaking.has(attendeeId)) return;
    if (speaking) this.speaking.add(attendeeId);
    else this.speaking.delete(attendeeId);
    this.observers.notify('attendeeSpeakingDidChange', attendeeId, speaking);
  }

  /** Presence and mute come from the SDK's realtime channel, one subscription per attendee. */
  private subscribePresence() {
    if (this.subscribed) return;
    this.subscribed = true;
    this.audioVideo.realtimeSubscribeToAttendeeIdPresence((attendeeId, present, externalUserId) => {
      if (attendeeId.endsWith(CONTENT_SUFFIX)) return;
      const userId = externalUserId ?? '';
      const report = () =>
        this.observers.notify('attendeePresenceDidChange', {
          attendeeId,
          userId,
          present,
          muted: this.muted.get(attendeeId) ?? false,
        });
      if (!present) {
        report();
        this.reportSpeaking(attendeeId, 0);
        this.audioVideo.realtimeUnsubscribeFromVolumeIndicator(attendeeId);
        this.muted.delete(attendeeId);
        return;
      }
      report();
      this.audioVideo.realtimeSubscribeToVolumeIndicator(attendeeId, (_id, volume, muted) => {
        this.reportSpeaking(attendeeId, volume);
        if (muted === null || muted === this.muted.get(attendeeId)) return;
        this.muted.set(attendeeId, muted);
        report();
      });
    });
  }
}

export interface ChimeProviderOptions {
  /** Default: import('amazon-chime-sdk-js'), a chunk of its own. */
  loadSdk?: () => Promise<ChimeSdk>;
}

export function createChimeProvider({
  loadSdk = () => import('amazon-chime-sdk-js'),
}: ChimeProviderOptions = {}): MeetingProvider {
  return {
    name: 'chime',
    async createSession(join: MeetingJoin) {
      const sdk = await loadSdk();
      const logger = new sdk.ConsoleLogger('meeting', sdk.LogLevel.WARN);
      const deviceController = new sdk.DefaultDeviceController(logger);
      const configuration = new sdk.MeetingSessionConfiguration(
        { Meeting: join.meeting },
        { Attendee: join.attendee },
      );
      const session = new sdk.DefaultMeetingSession(configuration, logger, deviceController);
      return new ChimeSession(
        session.audioVideo,
        sdk.MeetingSessionStatusCode as unknown as StatusCodes,
      );
    },
  };
}
