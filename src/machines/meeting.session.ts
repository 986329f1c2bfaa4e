import { enqueueActions } from 'xstate';
import { isReportedStatus, MEETING_MESSAGES, type MeetingOutcome } from '../domain/meeting-session';
import { meetingSetup, takeJoin, type MeetingEvent } from './meeting.setup';

// The running session of the meeting machine (meeting.machine.ts): connecting, connected,
// reconnecting, and moving to another space's meeting (a move, watching, attending, listening).

const hasOutcome = (outcome: MeetingOutcome) => ({
  type: 'hasOutcome' as const,
  params: ({ event }: { event: MeetingEvent }) => ({
    status: event.type === 'meeting.sessionStopped' ? event.status : ('Unknown' as const),
    outcome,
  }),
});

/** A session of the provider, started on entry and stopped on leaving it. */
export const sessionState = meetingSetup.createStateConfig({
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
            if (event.type !== 'meeting.sessionStopped' || !isReportedStatus(event.status)) return;
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
            actions: ['setListening', ...takeJoin],
          },
          {
            target: '#meeting.starting',
            actions: [
              {
                type: 'setSpace',
                params: ({ context }) => ({ spaceId: context.movingTo ?? '' }),
              },
              ...takeJoin,
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
});
