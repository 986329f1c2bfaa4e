import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { MeetingApiError } from '../services/meeting/meeting-api';
import type { Recording } from '../services/meeting/recordings-api';
import { recordingMachine } from './recording.machine';
import {
  canStartRecording,
  canStopRecording,
  isRecordingNow,
  recordingPhase,
  selectFailureReason,
  selectRecordingErrors,
} from './recording.selectors';

const meetingId = '00000000-0000-4000-8000-0000000000d1';
const made = (status: Recording['status'], failureReason: string | null = null) =>
  ({ id: 'r1', meetingId, status, failureReason }) as Recording;

function start(answers: {
  start?: () => Promise<Recording>;
  stop?: () => Promise<Recording>;
  watch?: () => Promise<Recording>;
}) {
  const never = () => new Promise<Recording>(() => {});
  const actor = createActor(
    recordingMachine.provide({
      actors: {
        startRecording: fromPromise(answers.start ?? never),
        stopRecording: fromPromise(answers.stop ?? never),
        watchRecording: fromPromise(answers.watch ?? never),
      },
    }),
    { input: { worldId: 'w' } },
  ).start();
  return actor;
}

describe('recording machine', () => {
  it('cannot start before the visitor is in a meeting', () => {
    const actor = start({});
    expect(canStartRecording(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'recording.meetingChanged', meetingId, recording: false });
    expect(canStartRecording(actor.getSnapshot())).toBe(true);
  });

  it('starts, shows 録画中, stops and follows the file until it fails with the reason', async () => {
    const reason = '録画できる映像がありませんでした（カメラも画面共有も届いていません）。';
    const actor = start({
      start: async () => made('recording'),
      stop: async () => made('processing'),
      watch: async () => made('failed', reason),
    });
    actor.send({ type: 'recording.meetingChanged', meetingId, recording: false });
    actor.send({ type: 'recording.start' });
    await waitFor(actor, (s) => recordingPhase(s) === 'recording');
    expect(isRecordingNow(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'recording.stop' });
    await waitFor(actor, (s) => recordingPhase(s) === 'failed');
    expect(isRecordingNow(actor.getSnapshot())).toBe(false);
    expect(selectFailureReason(actor.getSnapshot())).toBe(reason);
  });

  it('ends ready when the file is made', async () => {
    const actor = start({
      stop: async () => made('processing'),
      watch: async () => made('ready'),
    });
    actor.send({ type: 'recording.meetingChanged', meetingId, recording: true });
    expect(recordingPhase(actor.getSnapshot())).toBe('recording');
    actor.send({ type: 'recording.stop' });
    await waitFor(actor, (s) => recordingPhase(s) === 'ready');
  });

  it('shows the server’s messages when starting or stopping fails, and stays where it was', async () => {
    const actor = start({
      start: async () => {
        throw new MeetingApiError(409, ['このミーティングはすでに録画中です。']);
      },
    });
    actor.send({ type: 'recording.meetingChanged', meetingId, recording: false });
    actor.send({ type: 'recording.start' });
    await waitFor(actor, (s) => selectRecordingErrors(s).length > 0);
    expect(recordingPhase(actor.getSnapshot())).toBe('idle');
    expect(selectRecordingErrors(actor.getSnapshot())).toEqual([
      'このミーティングはすでに録画中です。',
    ]);

    const stopping = start({
      stop: async () => {
        throw new MeetingApiError(0, ['通信できませんでした。']);
      },
    });
    stopping.send({ type: 'recording.meetingChanged', meetingId, recording: true });
    stopping.send({ type: 'recording.stop' });
    await waitFor(stopping, (s) => selectRecordingErrors(s).length > 0);
    expect(recordingPhase(stopping.getSnapshot())).toBe('recording');
    expect(canStopRecording(stopping.getSnapshot())).toBe(true);
  });

  it('follows what others do in the same meeting only', () => {
    const actor = start({});
    actor.send({ type: 'recording.meetingChanged', meetingId, recording: false });
    actor.send({ type: 'recording.observed', meetingId: 'another', recording: true });
    expect(isRecordingNow(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'recording.observed', meetingId, recording: true });
    expect(isRecordingNow(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'recording.observed', meetingId, recording: false });
    expect(isRecordingNow(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'recording.observed', meetingId, recording: true });
    actor.send({ type: 'recording.meetingChanged', meetingId: null, recording: false });
    expect(isRecordingNow(actor.getSnapshot())).toBe(false);
  });
});
