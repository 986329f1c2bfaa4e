import type { LiveStreamingSnapshot } from './live-streaming.machine';

/** The stream as last read (or told), null before the first answer. */
export const selectStream = (s: LiveStreamingSnapshot) => s.context.stream;
/** The server's refusal or failure of a start or stop. */
export const selectErrors = (s: LiveStreamingSnapshot) => s.context.errors;
export const selectBusy = (s: LiveStreamingSnapshot) =>
  s.matches('starting') || s.matches('stopping');
/** Start and stop wait until the stream is known (loading takes neither). */
export const selectCanChange = (s: LiveStreamingSnapshot) =>
  s.can({ type: 'streaming.start' }) || s.can({ type: 'streaming.stop' });
export const selectLive = (s: LiveStreamingSnapshot) => s.matches('live') || s.matches('stopping');
/** The stage was taken out of the layout (404): nothing to show. */
export const selectGone = (s: LiveStreamingSnapshot) => s.matches('gone');
/** Why the stream could not be read, while that is so. */
export const selectLoadError = (s: LiveStreamingSnapshot) =>
  s.matches('loadFailed') ? s.context.loadError : null;
/** How many watch, as last read or told. */
export const selectViewerCount = (s: LiveStreamingSnapshot) => s.context.stream?.viewerCount ?? 0;
