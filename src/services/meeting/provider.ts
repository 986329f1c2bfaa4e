// The one meeting interface, shaped after the Amazon Chime SDK's MeetingSession.audioVideo so
// that the Chime provider is a thin adapter and the local WebRTC mesh behaves the same way.
// The meeting and device statecharts only ever see this interface (ADR 010).
import type { ContentLimits, StatusName } from '../../domain/meeting-session';
import type { components } from '../api/schema';

export type MeetingJoin = components['schemas']['ChimeMeetingJoin'];

/**
 * Why a session stopped or is reconnecting: the names of the Chime SDK's MeetingSessionStatusCode
 * members, listed once in the domain with what each means (the Chime provider maps the SDK's
 * numeric code to its name; the local mesh reports the same names for the same situations).
 */
export type MeetingStatusName = StatusName;

/** A video tile: the local camera, a remote camera, or a content (screen) share. */
export interface VideoTile {
  tileId: number;
  attendeeId: string;
  /** The user behind the attendee (ExternalUserId). */
  userId: string;
  isLocal: boolean;
  isContent: boolean;
  /** False while the remote side has paused or not yet sent frames. */
  active: boolean;
}

export interface AttendeePresence {
  attendeeId: string;
  userId: string;
  present: boolean;
  muted: boolean;
}

/** Callbacks of the Chime SDK's AudioVideoObserver that the product uses. */
export interface MeetingObserver {
  audioVideoDidStartConnecting?(reconnecting: boolean): void;
  audioVideoDidStart?(): void;
  audioVideoDidStop?(status: MeetingStatusName): void;
  videoTileDidUpdate?(tile: VideoTile): void;
  videoTileWasRemoved?(tileId: number): void;
  attendeePresenceDidChange?(presence: AttendeePresence): void;
  /** Another attendee's voice started or stopped (the map's speaking ring). */
  attendeeSpeakingDidChange?(attendeeId: string, speaking: boolean): void;
  connectionDidBecomePoor?(): void;
  contentShareDidStart?(): void;
  /** Also called when the browser's own "stop sharing" button ends the capture. */
  contentShareDidStop?(): void;
}

export interface MeetingSession {
  addObserver(observer: MeetingObserver): void;
  removeObserver(observer: MeetingObserver): void;
  /** Connects; progress and the outcome arrive through the observers. */
  start(): void;
  stop(): void;

  /** The microphone and camera streams come from the device layer (one statechart). */
  startAudioInput(stream: MediaStream | null): Promise<void>;
  startVideoInput(stream: MediaStream | null): Promise<void>;
  chooseAudioOutput(deviceId: string | null): Promise<void>;

  /** Returns false when unmuting is not allowed (realtimeSetCanUnmuteLocalAudio(false)). */
  realtimeMuteLocalAudio(): void;
  realtimeUnmuteLocalAudio(): boolean;
  realtimeSetCanUnmuteLocalAudio(canUnmute: boolean): void;
  realtimeIsLocalAudioMuted(): boolean;

  startLocalVideoTile(): void;
  stopLocalVideoTile(): void;
  bindVideoElement(tileId: number, element: HTMLVideoElement): void;
  unbindVideoElement(tileId: number): void;
  bindAudioElement(element: HTMLAudioElement): Promise<void>;

  /** limits: high frame rate mode's sender limits (ADR 026); null: the browser's own. */
  startContentShare(stream: MediaStream, limits?: ContentLimits | null): Promise<void>;
  stopContentShare(): void;
}

export interface MeetingProvider {
  readonly name: MeetingJoin['provider'];
  /** A session for what joinChimeMeeting answered; start() connects it. */
  createSession(join: MeetingJoin): Promise<MeetingSession>;
}
