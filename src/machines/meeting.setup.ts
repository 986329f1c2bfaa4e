import { assign, emit, fromPromise, setup, type DoneActorEvent } from 'xstate';
import {
  CONNECT_TIMEOUT_MS,
  joinFailureOf,
  MEETING_MESSAGES,
  RECONNECT_TIMEOUT_MS,
  statusOutcome,
  type DeviceForcedEvent,
  type MeetingMediaEvent,
  type MeetingOutcome,
  type MeetingSessionState,
} from '../domain/meeting-session';
import type {
  MeetingJoin,
  MeetingProvider,
  MeetingSession,
  MeetingStatusName,
} from '../services/meeting/provider';
import { listeningTexts } from '../domain/listening';
import { receivesOnly, sessionActions, type SessionMedia } from './meeting.session-actions';
import { unprovidedAction, unprovidedActor } from './unprovided';

// The meeting machine's setup (meeting.machine.ts): its types, effects, actions and guards; its
// session state is built on it (meeting.session.ts), and its effects on the provider's session
// are in meeting.session-actions.ts.

export type MeetingSettings = Partial<Omit<MeetingSessionState, 'currentTableSpaceId'>>;

export type MeetingEvent =
  | { type: 'meeting.join'; spaceId: string }
  | { type: 'meeting.move'; spaceId: string }
  | { type: 'meeting.watch'; spaceId: string }
  | { type: 'meeting.attend' }
  | { type: 'meeting.listen'; spaceId: string }
  | { type: 'meeting.stopListening' }
  | { type: 'meeting.leave' }
  | { type: 'meeting.retry' }
  | { type: 'meeting.settingsChanged'; settings: MeetingSettings }
  | { type: 'meeting.ended'; meetingId: string }
  | { type: 'meeting.kicked'; meetingId: string | null }
  | { type: 'meeting.attendanceEnded'; meetingId: string }
  /** attendeeId: the replaced attendee; every tab of the user hears it, only that one's tab stops. */
  | { type: 'meeting.joinedElsewhere'; meetingId: string; attendeeId?: string }
  | { type: 'meeting.sessionConnecting'; reconnecting: boolean }
  | { type: 'meeting.sessionStarted' }
  | { type: 'meeting.sessionStopped'; status: MeetingStatusName }
  | { type: 'meeting.mediaFailed' }
  | MeetingMediaEvent;

export interface MeetingInput {
  worldId: string;
  provider: MeetingProvider;
  /** Session state kept from an earlier visit (the map shown or hidden). */
  settings?: MeetingSettings;
}

/** The machine's context; what its session is started and kept with: SessionMedia. */
export interface MeetingContext extends SessionMedia {
  worldId: string;
  provider: MeetingProvider;
  spaceId: string | null;
  /** The space being moved to (session.moving). */
  movingTo: string | null;
  /** The move is to watching the stage (meeting.watch) rather than attending. */
  movingToWatch: boolean;
  /** The move is to listening to a table (meeting.listen). */
  movingToListen: boolean;
  /** The space listening started from, where meeting.stopListening goes back to. */
  listenedFrom: string | null;
  join: MeetingJoin | null;
  /** The last stop status, for the failed screen. */
  status: MeetingStatusName | null;
  /** What to show: the server's message when full, ours otherwise. */
  message: string | null;
}

const joinOf = ({ event }: { event: DoneActorEvent<MeetingJoin> }) => ({ join: event.output });

/** The server's join (joining, moving): kept, and the forced flags it kept passed to the devices. */
export const takeJoin = [
  { type: 'setJoin', params: joinOf },
  { type: 'forwardMicForced', params: joinOf },
  { type: 'forwardVideoForced', params: joinOf },
] as const;

export const meetingSetup = setup({
  types: {} as {
    context: MeetingContext;
    events: MeetingEvent;
    input: MeetingInput;
    emitted: DeviceForcedEvent;
  },
  actors: {
    joinMeeting: unprovidedActor<
      MeetingJoin,
      { worldId: string; spaceId: string; watching: boolean; listening: boolean }
    >('meeting', 'joinMeeting'),
    createSession: fromPromise<MeetingSession, { provider: MeetingProvider; join: MeetingJoin }>(
      ({ input }) => input.provider.createSession(input.join),
    ),
  },
  delays: {
    connectTimeout: CONNECT_TIMEOUT_MS,
    reconnectTimeout: RECONNECT_TIMEOUT_MS,
  },
  actions: {
    // Effects, provided by the app.
    leaveMeeting: unprovidedAction<{ worldId: string; meetingId: string }>(
      'meeting',
      'leaveMeeting',
    ),
    reportError: unprovidedAction<{ error: Error }>('meeting', 'reportError'),
    // Effects on the session (meeting.session-actions.ts).
    ...sessionActions,
    // Context.
    keepMedia: assign(({ event }) => {
      switch (event.type) {
        case 'meeting.audioInputChanged':
          return { audioStream: event.stream };
        case 'meeting.videoInputChanged':
          return { videoStream: event.stream };
        case 'meeting.micChanged':
          return { micOn: event.on, canUnmute: event.canUnmute };
        case 'meeting.contentShareChanged':
          return { contentStream: event.stream };
        case 'meeting.audioOutputChanged':
          return { audioOutputId: event.deviceId };
        default:
          return {};
      }
    }),
    setSpace: assign((_, params: { spaceId: string }) => ({
      spaceId: params.spaceId,
      currentTableSpaceId: params.spaceId,
      watchingLiveMode: 'notWatching' as const,
      hearingTable: null,
      listenedFrom: null,
      status: null,
      message: null,
    })),
    setMovingTo: assign(
      (_, params: { spaceId: string; watching?: boolean; listening?: boolean }) => ({
        movingTo: params.spaceId,
        movingToWatch: params.watching ?? false,
        movingToListen: params.listening ?? false,
        message: null,
      }),
    ),
    setWatchingSpace: assign((_, params: { spaceId: string }) => ({
      spaceId: params.spaceId,
      currentTableSpaceId: params.spaceId,
      watchingLiveMode: 'watching' as const,
      hearingTable: null,
      listenedFrom: null,
      status: null,
      message: null,
    })),
    // Listening sits nowhere: the map shows no current space; going back returns to the first
    // space listened from.
    setListening: assign(({ context }) => ({
      spaceId: context.movingTo,
      currentTableSpaceId: null,
      watchingLiveMode: 'notWatching' as const,
      hearingTable: context.movingTo,
      listenedFrom: context.hearingTable === null ? context.spaceId : context.listenedFrom,
      status: null,
      message: null,
    })),
    // A receive-only join is watching, unless it is of the table listened to.
    setJoin: assign(({ context }, params: { join: MeetingJoin }) => ({
      join: params.join,
      watchingLiveMode:
        params.join.watching && context.hearingTable === null
          ? ('watching' as const)
          : ('notWatching' as const),
    })),
    // Turning a device on while watching or listening: kept for later, refused now (ADR 026, 038).
    refuseWhileWatching: assign(({ context, event }) => {
      const turningOn =
        (event.type === 'meeting.micChanged' && event.on) ||
        ((event.type === 'meeting.videoInputChanged' ||
          event.type === 'meeting.contentShareChanged') &&
          event.stream !== null);
      if (!turningOn) return {};
      return {
        message:
          context.hearingTable === null
            ? MEETING_MESSAGES.watcherCannotSend
            : listeningTexts.cannotSend,
      };
    }),
    // The server keeps the forced flags: a rejoining (or moving) attendee stays forced off.
    forwardMicForced: emit((_, params: { join: MeetingJoin }) => ({
      type: 'devices.forced' as const,
      device: 'mic' as const,
      disabled: params.join.micForceDisabled,
    })),
    forwardVideoForced: emit((_, params: { join: MeetingJoin }) => ({
      type: 'devices.forced' as const,
      device: 'video' as const,
      disabled: params.join.videoForceDisabled,
    })),
    setSession: assign((_, params: { session: MeetingSession }) => ({ session: params.session })),
    // join stays: the meeting just left, until the next join replaces it.
    endSession: assign({ session: null }),
    setSettings: assign((_, params: { settings: MeetingSettings }) => params.settings),
    setStatus: assign(
      (_, params: { status: MeetingStatusName | null; message: string | null }) => params,
    ),
    clearStatus: assign({ status: null, message: null }),
    setJoinFailure: assign((_, params: { error: unknown }) => ({
      status: null,
      message: joinFailureOf(params.error).message,
    })),
  },
  guards: {
    hasOutcome: (_, params: { status: MeetingStatusName; outcome: MeetingOutcome }) =>
      statusOutcome(params.status) === params.outcome,
    isReconnecting: (_, params: { reconnecting: boolean }) => params.reconnecting,
    isFull: (_, params: { error: unknown }) => joinFailureOf(params.error).full,
    isOtherSpace: ({ context }, params: { spaceId: string }) => params.spaceId !== context.spaceId,
    /** Another space, or any while listening (moving to the table listened to sits there). */
    mayMoveTo: ({ context }, params: { spaceId: string }) =>
      params.spaceId !== context.spaceId || context.hearingTable !== null,
    mayListenTo: ({ context }, params: { spaceId: string }) =>
      params.spaceId !== context.spaceId && context.watchingLiveMode === 'notWatching',
    isWatching: ({ context }) => context.watchingLiveMode === 'watching',
    isListening: ({ context }) => context.hearingTable !== null,
    receivesOnly: ({ context }) => receivesOnly(context),
    isMovingToListen: ({ context }) => context.movingToListen,
    /** A realtime message about this meeting; a kick with no meeting is from all of the world's. */
    isOurs: ({ context }, params: { meetingId: string | null }) =>
      params.meetingId === null || params.meetingId === context.join?.id,
    // Without an attendee named (an older server), any tab in that meeting is the replaced one.
    isReplaced: ({ context }, params: { meetingId: string; attendeeId?: string }) =>
      params.meetingId === context.join?.id &&
      (params.attendeeId === undefined || params.attendeeId === context.join.attendee.AttendeeId),
  },
});
