import {
  assign,
  emit,
  enqueueActions,
  fromPromise,
  setup,
  type AnyActorRef,
  type SnapshotFrom,
} from 'xstate';
import {
  CONNECT_TIMEOUT_MS,
  contentLimitsOf,
  defaultMeetingState,
  isReportedStatus,
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

// One meeting of a space, for both providers (ADR 010).
//
// Start: createActor(meetingMachine.provide({ actors: { joinMeeting }, actions: { leaveMeeting, reportError } }),
//          { input: { worldId, provider } })
//   joinMeeting: fromPromise(({ input: { worldId, spaceId, watching } }) => joinChimeMeeting, or
//     updateWatchingStreaming {mode: watching} when `watching`), answering the ChimeMeetingJoin,
//     or throwing an object with `status` and `messages` (or the body's `errors`);
//   leaveMeeting({ worldId, meetingId }): POST .../chime_meetings/{id}/leave, fire and forget;
//   reportError({ error }): to error reporting; only failures not excluded by docs/product.md §8 come here.
// The machine itself creates the session with input.provider, observes it and starts it, and
// gives it the media the device machine emits: the page forwards them as they are,
// `devices.on('*', (event) => meeting.send(event))`.
//
// States: gate → joining (server) → starting (provider.createSession) → session.connecting →
// session.connected ⇄ session.reconnecting (fails after RECONNECT_TIMEOUT_MS), then left | ended |
// kicked | joinedElsewhere | full (the server's message in `message`) | failed (retry → joining).
// Moving to another space (the map, ADR 015): session.connected → session.moving, where the
// current session goes on while the server joins the next space's meeting (its join replaces the
// attendance here and keeps its forced flags); joined → starting the new session with the same
// media; refused (a full table) → back to session.connected with the server's message.
// Watching mode (ADR 026): meeting.watch joins the stage's meeting receive-only (from the gate,
// like a join, or from a meeting, like a move); the session then gets no microphone, camera or
// screen, and turning one on is refused with a message (what it is given is kept for later; the
// page lets go of the devices meanwhile: releasesDevices in meeting.selectors.ts).
// meeting.attend, while watching, joins the stage as an attendee again (a move to the same
// space: a seat if one is free, the media as before); refused → still watching, told why.
// Listening in (hearingTable, ADR 038): meeting.listen, from a meeting, is a move to the table's
// meeting receive-only (audio only; no seat); the session sends nothing, as a watcher's, but the
// devices stay open. meeting.stopListening moves back to the space listened from; a move to any
// space (the table too) also ends it.
//
// Accepts:
//   meeting.join {spaceId}                 from gate, left, ended
//   meeting.watch {spaceId}                from gate, left, ended, session.connected (the stage)
//   meeting.attend                         from session.connected while watching
//   meeting.listen {spaceId}               from session.connected (not watching), another space
//   meeting.stopListening                  from session.connected while listening
//   meeting.move {spaceId}                 from session.connected, to another space than this one
//   meeting.leave                          the visitor leaves
//   meeting.retry                          from failed, full, joinedElsewhere
//   meeting.settingsChanged {settings}     map view, watching mode, board, … (session state, docs/product.md §3)
//   meeting.ended / meeting.kicked / meeting.joinedElsewhere: the realtime messages of the same
//     names, as they are (meetingEventFromRealtime in meeting.selectors.ts picks them out)
//   meeting.attendanceEnded {meetingId}    the server ended this attendance while the visitor was
//     away longer than the absence window (ADR 016): rejoin the same space rather than stay in a
//     dead meeting (src/app finds it out when the realtime socket comes back)
//   MeetingMediaEvent (src/domain/meeting-session.ts): meeting.audioInputChanged,
//     meeting.videoInputChanged, meeting.micChanged, meeting.contentShareChanged,
//     meeting.audioOutputChanged — kept at any time, applied to the session while there is one.
// Sent by the session's observer (the machine's own): meeting.sessionConnecting {reconnecting},
// meeting.sessionStarted, meeting.sessionStopped {status}, meeting.mediaFailed (a stream the
// session could not use: the message is shown, not reported).
// Emits: devices.forced {device, disabled} twice after joining, the flags the server kept for
// this attendee: `meeting.on('devices.forced', (event) => devices.send(event))`.
// context.session is the running MeetingSession: the page binds video tiles with it.

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

const hasOutcome = (outcome: MeetingOutcome) => ({
  type: 'hasOutcome' as const,
  params: ({ event }: { event: MeetingEvent }) => ({
    status: event.type === 'meeting.sessionStopped' ? event.status : ('Unknown' as const),
    outcome,
  }),
});

export const meetingMachine = setup({
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
}).createMachine({
  id: 'meeting',
  context: ({ input }) => ({
    ...defaultMeetingState(),
    ...input.settings,
    worldId: input.worldId,
    provider: input.provider,
    spaceId: null,
    movingTo: null,
    movingToWatch: false,
    movingToListen: false,
    hearingTable: null,
    listenedFrom: null,
    join: null,
    session: null,
    status: null,
    message: null,
    audioStream: null,
    videoStream: null,
    contentStream: null,
    micOn: false,
    canUnmute: true,
    audioOutputId: null,
  }),
  on: {
    'meeting.audioInputChanged': { actions: 'keepMedia' },
    'meeting.videoInputChanged': { actions: 'keepMedia' },
    'meeting.micChanged': { actions: 'keepMedia' },
    'meeting.contentShareChanged': { actions: 'keepMedia' },
    'meeting.audioOutputChanged': { actions: 'keepMedia' },
    'meeting.settingsChanged': {
      actions: { type: 'setSettings', params: ({ event }) => ({ settings: event.settings }) },
    },
  },
  initial: 'gate',
  states: {
    /** The device check happens here (device machine); joining is the visitor's choice. */
    gate: {
      on: {
        'meeting.join': {
          target: 'joining',
          actions: { type: 'setSpace', params: ({ event }) => event },
        },
        'meeting.watch': {
          target: 'joining',
          actions: { type: 'setWatchingSpace', params: ({ event }) => event },
        },
      },
    },
    joining: {
      invoke: {
        id: 'joinMeeting',
        src: 'joinMeeting',
        input: ({ context }) => ({
          worldId: context.worldId,
          spaceId: context.spaceId ?? '',
          watching: context.watchingLiveMode === 'watching',
          listening: context.hearingTable !== null,
        }),
        onDone: {
          target: 'starting',
          actions: [
            { type: 'setJoin', params: ({ event }) => ({ join: event.output }) },
            { type: 'forwardMicForced', params: ({ event }) => ({ join: event.output }) },
            { type: 'forwardVideoForced', params: ({ event }) => ({ join: event.output }) },
          ],
        },
        onError: [
          {
            guard: { type: 'isFull', params: ({ event }) => ({ error: event.error }) },
            target: 'full',
            actions: { type: 'setJoinFailure', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'failed',
            actions: { type: 'setJoinFailure', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    starting: {
      invoke: {
        id: 'createSession',
        src: 'createSession',
        input: ({ context }) => ({ provider: context.provider, join: context.join as MeetingJoin }),
        onDone: {
          target: 'session',
          actions: { type: 'setSession', params: ({ event }) => ({ session: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: [
            { type: 'setStatus', params: { status: null, message: MEETING_MESSAGES.failed } },
            {
              type: 'reportError',
              params: ({ event }) => ({
                error: event.error instanceof Error ? event.error : new Error(String(event.error)),
              }),
            },
          ],
        },
      },
    },
    session: {
      entry: 'startSession',
      exit: ['stopSession', 'endSession'],
      on: {
        'meeting.audioInputChanged': [
          { guard: 'receivesOnly', actions: 'keepMedia' },
          { actions: ['keepMedia', 'applyAudio'] },
        ],
        'meeting.videoInputChanged': [
          { guard: 'receivesOnly', actions: ['keepMedia', 'refuseWhileWatching'] },
          { actions: ['keepMedia', 'applyVideo'] },
        ],
        'meeting.micChanged': [
          { guard: 'receivesOnly', actions: ['keepMedia', 'refuseWhileWatching'] },
          { actions: ['keepMedia', 'applyMic'] },
        ],
        'meeting.contentShareChanged': [
          { guard: 'receivesOnly', actions: ['keepMedia', 'refuseWhileWatching'] },
          { actions: ['keepMedia', 'applyContent'] },
        ],
        'meeting.audioOutputChanged': { actions: ['keepMedia', 'applyOutput'] },
        'meeting.mediaFailed': {
          actions: {
            type: 'setStatus',
            params: ({ context }) => ({
              status: context.status,
              message: MEETING_MESSAGES.mediaFailed,
            }),
          },
        },
        'meeting.leave': {
          target: 'left',
          actions: {
            type: 'leaveMeeting',
            params: ({ context }) => ({
              worldId: context.worldId,
              meetingId: context.join?.id ?? '',
            }),
          },
        },
        'meeting.ended': {
          guard: { type: 'isOurs', params: ({ event }) => event },
          target: 'ended',
        },
        'meeting.kicked': {
          guard: { type: 'isOurs', params: ({ event }) => event },
          target: 'kicked',
        },
        'meeting.joinedElsewhere': {
          guard: { type: 'isReplaced', params: ({ event }) => event },
          target: 'joinedElsewhere',
        },
        // Nothing to leave: the server already ended it. The same space, joined anew.
        'meeting.attendanceEnded': {
          guard: { type: 'isOurs', params: ({ event }) => event },
          target: 'joining',
        },
        'meeting.sessionStopped': [
          { guard: hasOutcome('left'), target: 'left' },
          { guard: hasOutcome('reconnect'), target: '.reconnecting', actions: 'restartSession' },
          { guard: hasOutcome('ended'), target: 'ended' },
          { guard: hasOutcome('kicked'), target: 'kicked' },
          { guard: hasOutcome('joinedElsewhere'), target: 'joinedElsewhere' },
          {
            guard: hasOutcome('full'),
            target: 'full',
            actions: {
              type: 'setStatus',
              params: ({ event }) => ({ status: event.status, message: MEETING_MESSAGES.full }),
            },
          },
          {
            target: 'failed',
            actions: [
              {
                type: 'setStatus',
                params: ({ event }) => ({ status: event.status, message: MEETING_MESSAGES.failed }),
              },
              // Only the statuses docs/product.md §8 does not exclude reach error reporting.
              enqueueActions(({ enqueue, event }) => {
                if (event.type !== 'meeting.sessionStopped' || !isReportedStatus(event.status))
                  return;
                const error = new Error(`meeting stopped: ${event.status}`);
                error.name = 'MeetingStatusError';
                enqueue({ type: 'reportError', params: { error } });
              }),
            ],
          },
        ],
      },
      initial: 'connecting',
      states: {
        connecting: {
          on: { 'meeting.sessionStarted': 'connected' },
          after: {
            connectTimeout: {
              target: '#meeting.failed',
              actions: {
                type: 'setStatus',
                params: { status: null, message: MEETING_MESSAGES.connectTimedOut },
              },
            },
          },
        },
        connected: {
          on: {
            'meeting.move': {
              guard: { type: 'mayMoveTo', params: ({ event }) => event },
              target: 'moving',
              actions: { type: 'setMovingTo', params: ({ event }) => event },
            },
            'meeting.listen': {
              guard: { type: 'mayListenTo', params: ({ event }) => event },
              target: 'moving',
              actions: {
                type: 'setMovingTo',
                params: ({ event }) => ({ spaceId: event.spaceId, listening: true }),
              },
            },
            // One action back to where listening started (a move there: a seat if one is free).
            'meeting.stopListening': {
              guard: 'isListening',
              target: 'moving',
              actions: {
                type: 'setMovingTo',
                params: ({ context }) => ({ spaceId: context.listenedFrom ?? '' }),
              },
            },
            'meeting.watch': {
              target: 'moving',
              actions: {
                type: 'setMovingTo',
                params: ({ event }) => ({ spaceId: event.spaceId, watching: true }),
              },
            },
            // Back to attending the stage being watched: a move to the same space.
            'meeting.attend': {
              guard: 'isWatching',
              target: 'moving',
              actions: {
                type: 'setMovingTo',
                params: ({ context }) => ({ spaceId: context.spaceId ?? '' }),
              },
            },
            'meeting.sessionConnecting': {
              guard: { type: 'isReconnecting', params: ({ event }) => event },
              target: 'reconnecting',
            },
          },
        },
        /**
         * Joining the next space's meeting while this one goes on. The server's join ends the
         * attendance here, so this session's own stop (and the joinedElsewhere the server sends
         * about it) is the move, not an outcome.
         */
        moving: {
          on: {
            'meeting.sessionStopped': {},
            'meeting.sessionConnecting': {},
            'meeting.joinedElsewhere': {},
          },
          invoke: {
            id: 'joinMeeting',
            src: 'joinMeeting',
            input: ({ context }) => ({
              worldId: context.worldId,
              spaceId: context.movingTo ?? '',
              watching: context.movingToWatch,
              listening: context.movingToListen,
            }),
            onDone: [
              {
                guard: 'isMovingToListen',
                target: '#meeting.starting',
                actions: [
                  'setListening',
                  { type: 'setJoin', params: ({ event }) => ({ join: event.output }) },
                  { type: 'forwardMicForced', params: ({ event }) => ({ join: event.output }) },
                  { type: 'forwardVideoForced', params: ({ event }) => ({ join: event.output }) },
                ],
              },
              {
                target: '#meeting.starting',
                actions: [
                  {
                    type: 'setSpace',
                    params: ({ context }) => ({ spaceId: context.movingTo ?? '' }),
                  },
                  { type: 'setJoin', params: ({ event }) => ({ join: event.output }) },
                  { type: 'forwardMicForced', params: ({ event }) => ({ join: event.output }) },
                  { type: 'forwardVideoForced', params: ({ event }) => ({ join: event.output }) },
                ],
              },
            ],
            // Refused (a full table): nothing changed on the server, the visitor stays here.
            onError: {
              target: 'connected',
              actions: { type: 'setJoinFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        /** The connection dropped; the session tries to come back on its own, for a bounded time. */
        reconnecting: {
          on: { 'meeting.sessionStarted': 'connected' },
          after: {
            reconnectTimeout: {
              target: '#meeting.failed',
              actions: {
                type: 'setStatus',
                params: {
                  status: 'ConnectionHealthReconnect',
                  message: MEETING_MESSAGES.reconnectTimedOut,
                },
              },
            },
          },
        },
      },
    },
    left: {
      on: {
        'meeting.join': {
          target: 'joining',
          actions: { type: 'setSpace', params: ({ event }) => event },
        },
        'meeting.watch': {
          target: 'joining',
          actions: { type: 'setWatchingSpace', params: ({ event }) => event },
        },
      },
    },
    ended: {
      on: {
        'meeting.join': {
          target: 'joining',
          actions: { type: 'setSpace', params: ({ event }) => event },
        },
        'meeting.watch': {
          target: 'joining',
          actions: { type: 'setWatchingSpace', params: ({ event }) => event },
        },
      },
    },
    kicked: {},
    /** This tab gave way to another; "join here" takes the meeting back. */
    joinedElsewhere: { on: { 'meeting.retry': { target: 'joining', actions: 'clearStatus' } } },
    full: { on: { 'meeting.retry': { target: 'joining', actions: 'clearStatus' } } },
    failed: { on: { 'meeting.retry': { target: 'joining', actions: 'clearStatus' } } },
  },
});

export type MeetingSnapshot = SnapshotFrom<typeof meetingMachine>;
