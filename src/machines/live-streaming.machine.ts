import { assign, setup, type SnapshotFrom } from 'xstate';
import { toApiError } from '../services/errors/api-error';
import type { LiveStreaming, LiveStreamingUpdate } from '../services/meeting/meeting-api';
import { unprovidedActor } from './unprovided';

// The stage's live stream as its owner (or staff) runs it (ADR 026): load it, start it (with
// AWS, to the RTMP(S) URL entered), stop it. A start the media service refuses ends in `failed`
// with the reason; a refusal of the request itself (a URL that is not RTMP(S), nobody on the
// stage) goes back with the server's message. Everyone's view follows liveStreaming.changed.
//
// Start: createActor(liveStreamingMachine.provide({ actors: { loadStreaming, updateStreaming } }))
//   loadStreaming({ stageId }): GET live_streamings/{stage}; updateStreaming({ stageId, body }):
//   PATCH it. One actor for the world (src/app/actors/world-media-actors.ts), told its stage.
// States: noStage (until streaming.stageChanged) → loading → idle | live | failed (by the answer's
// status) | gone (404: the stage was taken out of the layout; the panel shows nothing until the
// layout read again drops it) | loadFailed (anything else: the reason and a retry); idle/failed
// —start→ starting → live | failed | idle (refused, or stopped meanwhile); live —stop→ stopping →
// idle | live (refused).
// Accepts: streaming.stageChanged {stageId} (the layout's stage, from any state: another stage
// is read from scratch, the same one again changes nothing), streaming.start {destinationUrl?},
// streaming.stop, streaming.changed (realtime: read again, not while a change is on its way),
// streaming.viewers {viewerCount} (realtime: only the watcher count changed, taken as told while
// live; told while a read is on its way, it wins over the read's answer, which may be older: the
// server tells every change after it is made, so the last told is never behind),
// streaming.retry (from loadFailed).

export type LiveStreamingEvent =
  | { type: 'streaming.stageChanged'; stageId: string }
  | { type: 'streaming.start'; destinationUrl?: string }
  | { type: 'streaming.stop' }
  | { type: 'streaming.changed' }
  | { type: 'streaming.viewers'; viewerCount: number }
  | { type: 'streaming.retry' };

export interface LiveStreamingContext {
  /** The stage whose stream this is (null until told). */
  stageId: string | null;
  stream: LiveStreaming | null;
  /** The server's refusal or failure, shown until the next change. */
  errors: string[];
  /** The watcher count last told while the stream was being read (streaming.viewers). */
  toldViewers: number | null;
  /** Why the stream could not be read (loadFailed). */
  loadError: unknown;
}

export const liveStreamingMachine = setup({
  types: {} as { context: LiveStreamingContext; events: LiveStreamingEvent },
  actors: {
    loadStreaming: unprovidedActor<LiveStreaming, { stageId: string }>(
      'live-streaming',
      'loadStreaming',
    ),
    updateStreaming: unprovidedActor<LiveStreaming, { stageId: string; body: LiveStreamingUpdate }>(
      'live-streaming',
      'updateStreaming',
    ),
  },
  actions: {
    changeStage: assign((_, params: { stageId: string }) => ({
      stageId: params.stageId,
      stream: null,
      errors: [],
      loadError: null,
    })),
    setStream: assign(({ context }, params: { stream: LiveStreaming }) => ({
      stream:
        context.toldViewers !== null && params.stream.status === 'live'
          ? { ...params.stream, viewerCount: context.toldViewers }
          : params.stream,
      errors: params.stream.failureReason ? [params.stream.failureReason] : [],
      toldViewers: null,
    })),
    setErrors: assign((_, params: { error: unknown }) => ({
      errors: toApiError(params.error).messages,
    })),
    clearErrors: assign({ errors: [] }),
    setLoadError: assign((_, params: { error: unknown }) => ({ loadError: params.error })),
    setViewerCount: assign(({ context }, params: { viewerCount: number }) => ({
      stream: context.stream && { ...context.stream, viewerCount: params.viewerCount },
    })),
    rememberViewers: assign((_, params: { viewerCount: number }) => ({
      toldViewers: params.viewerCount,
    })),
  },
  guards: {
    isOtherStage: ({ context }, params: { stageId: string }) => params.stageId !== context.stageId,
    isLive: (_, params: { stream: LiveStreaming }) => params.stream.status === 'live',
    isFailed: (_, params: { stream: LiveStreaming }) => params.stream.status === 'failed',
    isGone: (_, params: { error: unknown }) => toApiError(params.error).status === 404,
  },
}).createMachine({
  id: 'liveStreaming',
  context: { stageId: null, stream: null, errors: [], toldViewers: null, loadError: null },
  initial: 'noStage',
  on: {
    'streaming.stageChanged': {
      guard: { type: 'isOtherStage', params: ({ event }) => ({ stageId: event.stageId }) },
      target: '.loading',
      actions: { type: 'changeStage', params: ({ event }) => ({ stageId: event.stageId }) },
    },
  },
  states: {
    noStage: {},
    loading: {
      invoke: {
        id: 'loadStreaming',
        src: 'loadStreaming',
        input: ({ context }) => ({ stageId: context.stageId! }),
        onDone: [
          {
            guard: { type: 'isLive', params: ({ event }) => ({ stream: event.output }) },
            target: 'live',
            actions: { type: 'setStream', params: ({ event }) => ({ stream: event.output }) },
          },
          {
            guard: { type: 'isFailed', params: ({ event }) => ({ stream: event.output }) },
            target: 'failed',
            actions: { type: 'setStream', params: ({ event }) => ({ stream: event.output }) },
          },
          {
            target: 'idle',
            actions: { type: 'setStream', params: ({ event }) => ({ stream: event.output }) },
          },
        ],
        onError: [
          {
            guard: { type: 'isGone', params: ({ event }) => ({ error: event.error }) },
            target: 'gone',
          },
          {
            target: 'loadFailed',
            actions: { type: 'setLoadError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
      entry: assign({ toldViewers: null }),
      on: {
        'streaming.viewers': {
          actions: {
            type: 'rememberViewers',
            params: ({ event }) => ({ viewerCount: event.viewerCount }),
          },
        },
      },
    },
    loadFailed: { on: { 'streaming.retry': 'loading' } },
    gone: { on: { 'streaming.changed': 'loading' } },
    idle: {
      on: {
        'streaming.start': { target: 'starting', actions: 'clearErrors' },
        'streaming.changed': 'loading',
      },
    },
    failed: {
      on: {
        'streaming.start': { target: 'starting', actions: 'clearErrors' },
        'streaming.changed': 'loading',
      },
    },
    starting: {
      invoke: {
        id: 'updateStreaming',
        src: 'updateStreaming',
        input: ({ context, event }) => ({
          stageId: context.stageId!,
          body: {
            status: 'live' as const,
            ...(event.type === 'streaming.start' && event.destinationUrl
              ? { destinationUrl: event.destinationUrl }
              : {}),
          },
        }),
        onDone: [
          {
            guard: { type: 'isFailed', params: ({ event }) => ({ stream: event.output }) },
            target: 'failed',
            actions: { type: 'setStream', params: ({ event }) => ({ stream: event.output }) },
          },
          {
            guard: { type: 'isLive', params: ({ event }) => ({ stream: event.output }) },
            target: 'live',
            actions: { type: 'setStream', params: ({ event }) => ({ stream: event.output }) },
          },
          // Stopped meanwhile by someone else: as the server says.
          {
            target: 'idle',
            actions: { type: 'setStream', params: ({ event }) => ({ stream: event.output }) },
          },
        ],
        onError: {
          target: 'idle',
          actions: { type: 'setErrors', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    live: {
      on: {
        'streaming.stop': { target: 'stopping', actions: 'clearErrors' },
        'streaming.changed': 'loading',
        'streaming.viewers': {
          actions: {
            type: 'setViewerCount',
            params: ({ event }) => ({ viewerCount: event.viewerCount }),
          },
        },
      },
    },
    stopping: {
      invoke: {
        id: 'updateStreaming',
        src: 'updateStreaming',
        input: ({ context }) => ({
          stageId: context.stageId!,
          body: { status: 'ended' as const },
        }),
        onDone: {
          target: 'idle',
          actions: { type: 'setStream', params: ({ event }) => ({ stream: event.output }) },
        },
        onError: {
          target: 'live',
          actions: { type: 'setErrors', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});

export type LiveStreamingSnapshot = SnapshotFrom<typeof liveStreamingMachine>;
