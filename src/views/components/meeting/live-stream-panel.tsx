import { useSelector } from '@xstate/react';
import { useId, useState, type FormEvent } from 'react';
import {
  canChange as canChangeStream,
  isBusy,
  isGone,
  isLive,
  selectErrors as selectStreamErrors,
  selectLoadError,
  selectStream,
} from '../../../machines/live-streaming.selectors';
import {
  canAttend,
  canWatch,
  isWatching,
  selectCurrentSpaceId,
  selectMessage,
} from '../../../machines/meeting.selectors';
import { LoadFailure } from '../load-failure';
import { useStreamStage } from './use-stream-stage';
import type { WorldActors } from './world-actors';

/** What a stream panel is for: watching (everyone, over the map) or managing (the 管理 panel). */
type Part = 'watch' | 'manage';

/**
 * The stage's live stream (ADR 026): everyone sees whether it is on ("配信中") and how many
 * watch; anyone may watch it (receive only, no seat) and go back to attending (part watch); owner
 * and staff start and stop it (with AWS, to the RTMP(S) URL they enter) from the 管理 panel
 * (part manage, ADR 040). Nothing without a stage. The stream is the world's actor
 * (src/app/actors/world-media-actors.ts), told the layout's stage by useStreamStage.
 */
export function LiveStreamPanel({ world, part }: { world: WorldActors; part: Part }) {
  const stageId = useStreamStage(world);
  if (!stageId) return null;
  return <StagePanel key={stageId} world={world} stageId={stageId} part={part} />;
}

function StagePanel({ world, stageId, part }: { world: WorldActors; stageId: string; part: Part }) {
  const canManage = part === 'manage';
  const streaming = world.liveStream;
  const stream = useSelector(streaming, selectStream);
  const errors = useSelector(streaming, selectStreamErrors);
  const busy = useSelector(streaming, isBusy);
  const canChange = useSelector(streaming, canChangeStream);
  const live = useSelector(streaming, isLive);
  const gone = useSelector(streaming, isGone);
  const loadError = useSelector(streaming, selectLoadError);
  const titleId = useId();
  // The stage was taken out of the layout: the layout read again drops this panel.
  if (gone) return null;

  return (
    <section className="live-stream" aria-labelledby={titleId}>
      <div className="live-stream-head">
        {canManage ? <h3 id={titleId}>ライブ配信の操作</h3> : <h2 id={titleId}>ライブ配信</h2>}
        <p aria-live="polite" className="live-stream-status">
          {live ? (
            <>
              <span className="live-badge">配信中</span>
              <span>視聴中 {stream?.viewerCount ?? 0}人</span>
            </>
          ) : stream ? (
            '配信していません'
          ) : (
            !loadError && 'ライブ配信の状態を読み込み中…'
          )}
        </p>
      </div>
      {loadError !== null && (
        <LoadFailure
          error={loadError}
          what="ライブ配信の状態"
          onRetry={() => streaming.send({ type: 'streaming.retry' })}
        />
      )}
      {live && stream?.endsAt && <EmptyStageNotice endsAt={stream.endsAt} canManage={canManage} />}
      {!canManage && <WatchControls world={world} stageId={stageId} live={live} />}
      {canManage && (
        <StreamControls
          live={live}
          busy={busy}
          disabled={!canChange}
          needsUrl={stream?.destinationUrlRequired ?? false}
          onStart={(destinationUrl) => streaming.send({ type: 'streaming.start', destinationUrl })}
          onStop={() => streaming.send({ type: 'streaming.stop' })}
        />
      )}
      {canManage && errors.length > 0 && (
        <div role="alert" className="device-error">
          {errors.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}
    </section>
  );
}

/** 視聴する while the stream is live (but not for those on the stage), 参加に切り替える while watching. */
function WatchControls({
  world,
  stageId,
  live,
}: {
  world: WorldActors;
  stageId: string;
  live: boolean;
}) {
  const { meeting } = world;
  const watching = useSelector(meeting, isWatching);
  const meetingMessage = useSelector(meeting, selectMessage);
  // Those on the stage are what is streamed: nothing to watch from there.
  const onStage = useSelector(meeting, selectCurrentSpaceId) === stageId && !watching;
  const mayWatch = useSelector(meeting, canWatch(stageId));
  const mayAttend = useSelector(meeting, canAttend);
  return (
    <>
      {watching && (
        <p className="questionnaire-note">
          視聴中です。カメラとマイクは止めています。画面共有も使えません（席は取っていません）。
        </p>
      )}
      {watching && meetingMessage && <p role="alert">{meetingMessage}</p>}
      <div className="button-row">
        {live && !watching && !onStage && (
          <button
            type="button"
            className="button button-primary"
            disabled={!mayWatch}
            onClick={() => meeting.send({ type: 'meeting.watch', spaceId: stageId })}
          >
            視聴する
          </button>
        )}
        {watching && (
          <button
            type="button"
            className="button"
            disabled={!mayAttend}
            onClick={() => meeting.send({ type: 'meeting.attend' })}
          >
            参加に切り替える
          </button>
        )}
      </div>
    </>
  );
}

/**
 * Nobody is on the stage (ADR 026): watchers wait for a speaker; owner and staff learn when the
 * stream ends by itself if nobody comes back.
 */
function EmptyStageNotice({ endsAt, canManage }: { endsAt: string; canManage: boolean }) {
  const time = new Date(endsAt).toLocaleTimeString('ja-JP', { hour: '2-digit', minute: '2-digit' });
  return (
    <p role="status" className="questionnaire-note">
      配信者がいません。まもなく再開します。
      {canManage && `（${time}までに誰もステージに戻らなければ、配信は自動で終了します）`}
    </p>
  );
}

function StreamControls({
  live,
  busy,
  disabled,
  needsUrl,
  onStart,
  onStop,
}: {
  live: boolean;
  busy: boolean;
  disabled: boolean;
  needsUrl: boolean;
  onStart: (destinationUrl?: string) => void;
  onStop: () => void;
}) {
  const [url, setUrl] = useState('');
  const urlId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onStart(needsUrl ? url.trim() : undefined);
  };
  if (live)
    return (
      <button type="button" className="button button-danger" disabled={disabled} onClick={onStop}>
        {busy ? '配信を停止しています…' : '配信を停止'}
      </button>
    );
  return (
    <form className="live-stream-form" onSubmit={submit}>
      {needsUrl && (
        <div className="field">
          <label className="field-label" htmlFor={urlId}>
            配信先のURL（rtmp:// または rtmps://、ストリームキーを含む）
          </label>
          <input
            id={urlId}
            className="field-control"
            type="text"
            inputMode="url"
            autoComplete="off"
            required
            maxLength={2048}
            value={url}
            onChange={(e) => setUrl(e.target.value)}
          />
        </div>
      )}
      <button type="submit" className="button button-primary" disabled={disabled}>
        {busy ? '配信を開始しています…' : '配信を開始'}
      </button>
    </form>
  );
}
