import { useSelector } from '@xstate/react';
import { Link } from 'react-router';
import {
  canStartRecording,
  canStopRecording,
  isRecordable,
  isRecordingNow,
  recordingPhase,
  selectFailureReason,
  selectRecordingErrors,
} from '../../../machines/recording.selectors';
import { ErrorSummary } from '../form/error-summary';
import type { WorldActors } from './world-actors';

// Recording the meeting (ADR 025), its flow the recording machine's (the world's actor, fed by
// the meeting: src/app/actors/world-media-actors.ts): everyone in it sees 録画中
// (RecordingIndicator, in the page's head); owner and staff start and stop it and see the file
// being made (RecordingControls, in the 管理 panel, ADR 040).

/** 録画中 while the meeting is recorded, announced (role="status"). */
export function RecordingIndicator({ world }: { world: WorldActors }) {
  const on = useSelector(world.recording, isRecordingNow);
  return (
    <p role="status" className="recording-indicator">
      {on && (
        <span className="recording-badge">
          <span aria-hidden="true">● </span>録画中
        </span>
      )}
    </p>
  );
}

/** 録画を開始 and 録画を停止, and the file being made, for owner and staff. */
export function RecordingControls({ world }: { world: WorldActors }) {
  const { recording: actor } = world;
  const recordable = useSelector(world.meeting, isRecordable);
  const phase = useSelector(actor, recordingPhase);
  const recording = useSelector(actor, isRecordingNow);
  const canStart = useSelector(actor, canStartRecording);
  const canStop = useSelector(actor, canStopRecording);
  const errors = useSelector(actor, selectRecordingErrors);
  const reason = useSelector(actor, selectFailureReason);

  if (!recordable)
    return <p className="questionnaire-note">このスペースの会議は録画できません。</p>;
  return (
    <div className="recording-control">
      {errors.length > 0 && (
        <ErrorSummary messages={errors} focusKey={0} title="録画を操作できませんでした。" />
      )}
      {recording ? (
        <button
          type="button"
          className="button"
          disabled={!canStop}
          onClick={() => actor.send({ type: 'recording.stop' })}
        >
          {phase === 'stopping' ? '録画を停止しています…' : '録画を停止'}
        </button>
      ) : (
        <button
          type="button"
          className="button"
          disabled={!canStart}
          onClick={() => actor.send({ type: 'recording.start' })}
        >
          {phase === 'starting' ? '録画を開始しています…' : '録画を開始'}
        </button>
      )}
      <div role="status" className="recording-outcome">
        {phase === 'processing' && <p>録画ファイルを作成しています…</p>}
        {phase === 'ready' && (
          <p>
            録画ファイルができました。
            <Link to={`/mypage/worlds/${world.worldId}?section=recordings`}>録画の一覧</Link>
          </p>
        )}
        {phase === 'failed' && <p>録画に失敗しました：{reason ?? errors.join(' ')}</p>}
      </div>
    </div>
  );
}
