import type { RealtimeServerMessage } from '../domain/realtime';
import type { MeetingSnapshot } from './meeting.machine';
import type { RecordingEvent, RecordingSnapshot } from './recording.machine';

export type RecordingPhase =
  'idle' | 'starting' | 'recording' | 'stopping' | 'processing' | 'ready' | 'failed';

export const recordingPhase = (snapshot: RecordingSnapshot) => snapshot.value as RecordingPhase;

/** 録画中 is shown to everyone while the meeting records (stopping included: it still does). */
export const isRecordingNow = (snapshot: RecordingSnapshot) =>
  snapshot.matches('recording') || snapshot.matches('stopping');

export const canStartRecording = (snapshot: RecordingSnapshot) =>
  snapshot.can({ type: 'recording.start' });
export const canStopRecording = (snapshot: RecordingSnapshot) =>
  snapshot.can({ type: 'recording.stop' });
export const selectRecordingErrors = (snapshot: RecordingSnapshot) => snapshot.context.errors;
export const selectFailureReason = (snapshot: RecordingSnapshot) => snapshot.context.failureReason;

/** The meeting the visitor is in and whether it was recorded when they joined (the join answer). */
export const selectRecordingOnJoin = (snapshot: MeetingSnapshot) => ({
  meetingId: snapshot.context.join?.id ?? null,
  recording: snapshot.context.join?.recording ?? false,
});

/** The mesh's media never reaches a server: its meetings cannot be recorded (ADR 025). */
export const isRecordable = (snapshot: MeetingSnapshot) =>
  (snapshot.context.join?.provider ?? 'local') !== 'local';

export function recordingEventFromRealtime(message: RealtimeServerMessage): RecordingEvent | null {
  return message.type === 'meeting.recording'
    ? { type: 'recording.observed', meetingId: message.meetingId, recording: message.recording }
    : null;
}
