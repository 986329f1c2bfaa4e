// What the live stream panel reads from the live streaming machine's snapshot.
import type { RealtimeServerMessage } from '../domain/realtime';
import type { LiveStreamingEvent, LiveStreamingSnapshot } from './live-streaming.machine';

/** The stage the stream is of (null until the layout told it). */
export const selectStageId = (s: LiveStreamingSnapshot) => s.context.stageId;

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

/** The realtime message about the stage `stageId`'s stream as the machine's event (null: not for it). */
export function liveStreamingEventFromRealtime(
  message: RealtimeServerMessage,
  stageId: string | null,
): LiveStreamingEvent | null {
  if (message.type === 'liveStreaming.changed' && message.spaceId === stageId)
    return { type: 'streaming.changed' };
  if (message.type === 'liveStreaming.viewers' && message.spaceId === stageId)
    return { type: 'streaming.viewers', viewerCount: message.viewerCount };
  return null;
}
