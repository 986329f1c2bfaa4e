import { assign, emit, fromPromise, setup, type AnyActorRef, type DoneActorEvent } from 'xstate';
import {
  CONNECT_TIMEOUT_MS,
  contentLimitsOf,
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
  MeetingObserver,
  MeetingProvider,
  MeetingSession,
  MeetingStatusName,
} from '../services/meeting/provider';
import { listeningTexts } from '../domain/listening';
import { subscribe, unsubscribe } from './actor-subscriptions';
import { unprovidedAction, unprovidedActor } from './unprovided';

// The meeting machine's setup (meeting.machine.ts): its types, effects, actions and guards; its
// session state is built on it (meeting.session.ts).

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

export interface MeetingContext extends MeetingSessionState {
  worldId: string;
  provider: MeetingProvider;
  spaceId: string | null;
  /** The space being moved to (session.moving). */
  movingTo: string | null;
  /** The move is to watching the stage (meeting.watch) rather than attending. */
  movingToWatch: boolean;
  /** The move is to listening to a table (meeting.listen). */
  movingToListen: boolean;
  /** The table listened to, receive-only (hearingTable, ADR 038); null when not listening. */
  hearingTable: string | null;
  /** The space listening started from, where meeting.stopListening goes back to. */
  listenedFrom: string | null;
  join: MeetingJoin | null;
  session: MeetingSession | null;
  /** The last stop status, for the failed screen. */
  status: MeetingStatusName | null;
  /** What to show: the server's message when full, ours otherwise. */
  message: string | null;
  // Media from the device machine, kept so that a session started later gets them.
  audioStream: MediaStream | null;
  videoStream: MediaStream | null;
  contentStream: MediaStream | null;
  micOn: boolean;
  canUnmute: boolean;
  audioOutputId: string | null;
}

/** The session's callbacks as this machine's events. */
function observerFor(self: AnyActorRef): MeetingObserver {
  return {
    audioVideoDidStartConnecting: (reconnecting) =>
      self.send({ type: 'meeting.sessionConnecting', reconnecting }),
    audioVideoDidStart: () => self.send({ type: 'meeting.sessionStarted' }),
    audioVideoDidStop: (status) => self.send({ type: 'meeting.sessionStopped', status }),
  };
}

/**
 * A media call of the session that failed (a device the session could not use) becomes
 * meeting.mediaFailed: shown, never reported (docs/product.md §8: audio device failure).
 */
function settle(promise: Promise<void>, self: AnyActorRef) {
  promise.catch(() => self.send({ type: 'meeting.mediaFailed' }));
}

/** Watching the stage or listening to a table: the session sends nothing (ADR 026, 038). */
const receivesOnly = (context: MeetingContext) =>
  context.watchingLiveMode === 'watching' || context.hearingTable !== null;

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
    // Effects on the session.
    startSession: ({ context, self }) => {
      const session = context.session;
      if (!session) return;
      const observer = observerFor(self);
      session.addObserver(observer);
      subscribe(self, 'session', () => session.removeObserver(observer));
      // A watcher or listener sends nothing (ADR 026, 038); what the devices send meanwhile
      // waits in the context.
      const sends = !receivesOnly(context);
      // Chime chooses inputs before start; the local mesh accepts them either way.
      settle(session.startAudioInput(sends ? context.audioStream : null), self);
      settle(session.startVideoInput(sends ? context.videoStream : null), self);
      if (context.audioOutputId !== null)
        settle(session.chooseAudioOutput(context.audioOutputId), self);
      session.realtimeSetCanUnmuteLocalAudio(sends && context.canUnmute);
      if (sends && context.micOn) session.realtimeUnmuteLocalAudio();
      else session.realtimeMuteLocalAudio();
      session.start();
      if (sends && context.videoStream) session.startLocalVideoTile();
      if (sends && context.contentStream)
        settle(session.startContentShare(context.contentStream, contentLimitsOf(context)), self);
    },
    restartSession: ({ context }) => context.session?.start(),
    stopSession: ({ context, self }) => {
      unsubscribe(self, 'session');
      context.session?.stop();
    },
    applyAudio: ({ context, self }) => {
      if (context.session) settle(context.session.startAudioInput(context.audioStream), self);
    },
    applyVideo: ({ context, self }) => {
      const session = context.session;
      if (!session) return;
      settle(session.startVideoInput(context.videoStream), self);
      if (context.videoStream) session.startLocalVideoTile();
      else session.stopLocalVideoTile();
    },
    applyMic: ({ context }) => {
      const session = context.session;
      if (!session) return;
      session.realtimeSetCanUnmuteLocalAudio(context.canUnmute);
      if (context.micOn) session.realtimeUnmuteLocalAudio();
      else session.realtimeMuteLocalAudio();
    },
    applyContent: ({ context, self }) => {
      const session = context.session;
      if (!session) return;
      if (context.contentStream)
        settle(session.startContentShare(context.contentStream, contentLimitsOf(context)), self);
      else session.stopContentShare();
    },
    applyOutput: ({ context, self }) => {
      if (context.session) settle(context.session.chooseAudioOutput(context.audioOutputId), self);
    },
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
