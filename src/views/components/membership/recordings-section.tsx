import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { formatDateTime } from '../../../domain/time-zone';
import {
  isDeletingRecording,
  isRecordingListBusy,
  offersDelete,
  selectDeleteQuestion,
  selectRecordingErrors,
  selectRecordingFailures,
  selectRecordingNotice,
  selectRenamingId,
} from '../../../machines/recording-list.selectors';
import type { components } from '../../../services/api/schema';
import { useQueryApi } from '../../hooks/use-api-query';
import { ConfirmDialog } from '../confirm-dialog';
import { PagedListState } from '../query-state';
import type { World } from '../worlds/world-format';
import { recordingListActor } from './recording-list-actor';
import { SectionOutcome } from './section-outcome';
import { recordingQueries } from '../../../services/api/recordings-queries';
import './membership.css';

type Recording = components['schemas']['ChimeMeetingRecording'];

const PER_PAGE = 20;
const statusLabels: Record<Recording['status'], string> = {
  recording: '録画中',
  processing: 'ファイル作成中',
  ready: '完成',
  failed: '失敗',
};

/** "1時間2分3秒", "45秒". */
function durationLabel(seconds: number | null): string {
  if (seconds === null) return '—';
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${h ? `${h}時間` : ''}${h || m ? `${m}分` : ''}${s}秒`;
}

/** "12.3 MB", "850 KB". */
function sizeLabel(bytes: number | null): string {
  if (bytes === null) return '—';
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * 録画: the world's recordings, newest first; retitle, download, delete (owner): the recording
 * list machine (ADR 025, ADR 043).
 */
export function RecordingsSection({ world }: { world: World }) {
  const [page, setPage] = useState(1);
  const recordings = useQuery({
    ...recordingQueries.list(useQueryApi(), world.id, { page, perPage: PER_PAGE }),
    // A recording being made changes state on its own: look again until none is.
    refetchInterval: (query) =>
      query.state.data?.items.some((r) => r.status === 'recording' || r.status === 'processing')
        ? 3000
        : false,
  });
  const useRecordingList = recordingListActor.useProvided();
  const list = useRecordingList(world);
  const editingId = useSelector(list, selectRenamingId);
  const deleting = useSelector(list, selectDeleteQuestion);
  const removing = useSelector(list, isDeletingRecording);
  const busy = useSelector(list, isRecordingListBusy);
  const outcome = {
    done: useSelector(list, selectRecordingNotice),
    errors: useSelector(list, selectRecordingErrors),
    failures: useSelector(list, selectRecordingFailures),
  };

  const rename = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const title = String(new FormData(event.currentTarget).get('title') ?? '');
    list.send({ type: 'recordingList.renameSubmitted', title });
  };

  return (
    <section aria-labelledby="recordings-heading" className="membership-section">
      <h2 id="recordings-heading">録画</h2>
      <p>
        ワールドの中のミーティングで録画したものです（新しい順）。ダウンロード用のURLは15分間有効です。
      </p>
      <SectionOutcome outcome={outcome} />
      <PagedListState
        query={recordings}
        what="録画"
        empty="録画はまだありません。"
        pagerLabel="録画のページ"
        onPage={setPage}
      >
        {(data) => (
          <ul className="membership-list" aria-label="録画">
            {data.items.map((recording) => (
              <li key={recording.id} className="membership-item">
                {editingId === recording.id ? (
                  <form onSubmit={rename}>
                    <label htmlFor={`title-${recording.id}`}>タイトル</label>
                    <input
                      id={`title-${recording.id}`}
                      name="title"
                      defaultValue={recording.title}
                      maxLength={100}
                      required
                    />
                    <button type="submit" className="button button-primary" disabled={busy}>
                      保存
                    </button>
                    <button
                      type="button"
                      className="button"
                      onClick={() => list.send({ type: 'recordingList.renameCancelled' })}
                    >
                      やめる
                    </button>
                  </form>
                ) : (
                  <span className="membership-item-name">{recording.title}</span>
                )}
                <p className="membership-item-meta">
                  {statusLabels[recording.status]}・
                  {formatDateTime(recording.startedAt, world.timeZone)}
                  ・長さ {durationLabel(recording.durationSeconds)}・サイズ{' '}
                  {sizeLabel(recording.byteSize)}
                </p>
                {recording.failureReason && (
                  <p className="membership-item-meta">失敗の理由：{recording.failureReason}</p>
                )}
                <div className="membership-item-actions">
                  {recording.status === 'ready' && (
                    <button
                      type="button"
                      className="button button-primary"
                      disabled={busy}
                      aria-label={`「${recording.title}」をダウンロード`}
                      onClick={() => list.send({ type: 'recordingList.downloadAsked', recording })}
                    >
                      ダウンロード
                    </button>
                  )}
                  <button
                    type="button"
                    className="button"
                    disabled={busy}
                    aria-label={`「${recording.title}」のタイトルを変更`}
                    onClick={() => list.send({ type: 'recordingList.renameStarted', recording })}
                  >
                    タイトルを変更
                  </button>
                  {offersDelete(world.role, recording) && (
                    <button
                      type="button"
                      className="button button-danger"
                      disabled={busy}
                      aria-label={`「${recording.title}」を削除`}
                      onClick={() => list.send({ type: 'recordingList.deleteAsked', recording })}
                    >
                      削除
                    </button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </PagedListState>
      <ConfirmDialog
        open={deleting !== null}
        title={`「${deleting?.title ?? ''}」を削除しますか？`}
        confirmLabel="削除する"
        busyLabel="削除しています…"
        busy={removing}
        onConfirm={() => list.send({ type: 'recordingList.deleteConfirmed' })}
        onCancel={() => list.send({ type: 'recordingList.deleteCancelled' })}
      >
        <p>録画ファイルも消え、元に戻せません。発行済みのダウンロード用URLも使えなくなります。</p>
      </ConfirmDialog>
    </section>
  );
}
