import { assign, setup, type SnapshotFrom } from 'xstate';
import type { Recording } from '../services/meeting/recordings-api';
import { unprovidedActor } from './unprovided';

// A meeting's recording as the meeting page sees it (docs/product.md §4, ADR 025). Everyone in
// the meeting sees 録画中 while it records (the join answer, then meeting.recording on the
// socket); owner and staff start and stop it, then follow the file until it is ready or failed.
//
//   idle —start→ starting —done→ recording —stop→ stopping —done→ processing —done→ ready|failed
//   starting/stopping —error→ back, with the server's messages
//   recording.observed: someone else started or stopped it (another tab, another staff member)
//   recording.meetingChanged: the visitor is in another meeting now (or none): start over

export interface RecordingContext {
  worldId: string;
  meetingId: string | null;
  /** Known when this page started or stopped it; null when only observed. */
  recordingId: string | null;
  /** The last failed call's messages (Japanese, from the server). */
  errors: string[];
  /** Why the recording failed (the server's failureReason). */
  failureReason: string | null;
}

export type RecordingEvent =
  | { type: 'recording.meetingChanged'; meetingId: string | null; recording: boolean }
  | { type: 'recording.observed'; meetingId: string; recording: boolean }
  | { type: 'recording.start' }
  | { type: 'recording.stop' }
  | { type: 'recording.dismiss' };

type Ids = { worldId: string; meetingId: string; recordingId: string | null };

const messagesOf = (error: unknown) =>
  error instanceof Error && 'messages' in error
    ? (error as { messages: string[] }).messages
    : ['録画の操作に失敗しました。もう一度お試しください。'];

export const recordingMachine = setup({
  types: {} as {
    context: RecordingContext;
    events: RecordingEvent;
    input: { worldId: string };
  },
  actors: {
    startRecording: unprovidedActor<Recording, Ids>('recording', 'startRecording'),
    stopRecording: unprovidedActor<Recording, Ids>('recording', 'stopRecording'),
    /** Resolves once the recording is ready or failed. */
    watchRecording: unprovidedActor<Recording, Ids>('recording', 'watchRecording'),
  },
  guards: {
    hasMeeting: ({ context }) => context.meetingId !== null,
    startedHere: ({ context, event }) =>
      event.type === 'recording.observed' &&
      event.meetingId === context.meetingId &&
      event.recording,
    stoppedElsewhere: ({ context, event }) =>
      event.type === 'recording.observed' &&
      event.meetingId === context.meetingId &&
      !event.recording,
    alreadyRecording: ({ event }) =>
      event.type === 'recording.meetingChanged' && event.meetingId !== null && event.recording,
    isReady: ({ event }) => (event as unknown as { output: Recording }).output.status === 'ready',
  },
  actions: {
    changeMeeting: assign(({ event }) =>
      event.type === 'recording.meetingChanged'
        ? { meetingId: event.meetingId, recordingId: null, errors: [], failureReason: null }
        : {},
    ),
    forget: assign({ recordingId: null, errors: [], failureReason: null }),
    clearErrors: assign({ errors: [] }),
  },
}).createMachine({
  id: 'recording',
  context: ({ input }) => ({
    worldId: input.worldId,
    meetingId: null,
    recordingId: null,
    errors: [],
    failureReason: null,
  }),
  initial: 'idle',
  on: {
    'recording.meetingChanged': [
      { guard: 'alreadyRecording', target: '.recording', actions: 'changeMeeting' },
      { target: '.idle', actions: 'changeMeeting' },
    ],
  },
  states: {
    idle: {
      on: {
        'recording.start': { guard: 'hasMeeting', target: 'starting', actions: 'clearErrors' },
        'recording.observed': { guard: 'startedHere', target: 'recording', actions: 'forget' },
        'recording.dismiss': { actions: 'clearErrors' },
      },
    },
    starting: {
      invoke: {
        id: 'startRecording',
        src: 'startRecording',
        input: ({ context }) => ({ ...context, meetingId: context.meetingId! }),
        onDone: {
          target: 'recording',
          actions: assign(({ event }) => ({ recordingId: event.output.id })),
        },
        onError: {
          target: 'idle',
          actions: assign(({ event }) => ({ errors: messagesOf(event.error) })),
        },
      },
    },
    recording: {
      on: {
        'recording.stop': { target: 'stopping', actions: 'clearErrors' },
        'recording.observed': { guard: 'stoppedElsewhere', target: 'idle', actions: 'forget' },
      },
    },
    stopping: {
      invoke: {
        id: 'stopRecording',
        src: 'stopRecording',
        input: ({ context }) => ({ ...context, meetingId: context.meetingId! }),
        onDone: {
          target: 'processing',
          actions: assign(({ event }) => ({ recordingId: event.output.id })),
        },
        onError: {
          target: 'recording',
          actions: assign(({ event }) => ({ errors: messagesOf(event.error) })),
        },
      },
    },
    processing: {
      invoke: {
        id: 'watchRecording',
        src: 'watchRecording',
        input: ({ context }) => ({ ...context, meetingId: context.meetingId! }),
        onDone: [
          { guard: 'isReady', target: 'ready' },
          {
            target: 'failed',
            actions: assign(({ event }) => ({ failureReason: event.output.failureReason })),
          },
        ],
        onError: {
          target: 'failed',
          actions: assign(({ event }) => ({ errors: messagesOf(event.error) })),
        },
      },
      on: {
        'recording.observed': { guard: 'startedHere', target: 'recording', actions: 'forget' },
      },
    },
    ready: {
      on: {
        'recording.start': { guard: 'hasMeeting', target: 'starting', actions: 'forget' },
        'recording.observed': { guard: 'startedHere', target: 'recording', actions: 'forget' },
        'recording.dismiss': { target: 'idle', actions: 'forget' },
      },
    },
    failed: {
      on: {
        'recording.start': { guard: 'hasMeeting', target: 'starting', actions: 'forget' },
        'recording.observed': { guard: 'startedHere', target: 'recording', actions: 'forget' },
        'recording.dismiss': { target: 'idle', actions: 'forget' },
      },
    },
  },
});

export type RecordingSnapshot = SnapshotFrom<typeof recordingMachine>;
