// What the live stream panel reads from the live streaming machine's snapshot.
import type { LiveStreamingSnapshot } from './live-streaming.machine';

export const selectStream = (s: LiveStreamingSnapshot) => s.context.stream;
export const selectErrors = (s: LiveStreamingSnapshot) => s.context.errors;
export const isBusy = (s: LiveStreamingSnapshot) => s.matches('starting') || s.matches('stopping');
/** Start and stop wait until the stream is known (loading takes neither). */
export const canChange = (s: LiveStreamingSnapshot) =>
  s.can({ type: 'streaming.start' }) || s.can({ type: 'streaming.stop' });
export const isLive = (s: LiveStreamingSnapshot) => s.matches('live') || s.matches('stopping');
export const isGone = (s: LiveStreamingSnapshot) => s.matches('gone');
export const selectLoadError = (s: LiveStreamingSnapshot) =>
  s.matches('loadFailed') ? s.context.loadError : null;
