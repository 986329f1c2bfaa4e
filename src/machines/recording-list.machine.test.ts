import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../services/errors/api-error';
import { recordingListMachine, type ListedRecording } from './recording-list.machine';
import {
  isRecordingListBusy,
  offersDelete,
  selectDeleteQuestion,
  selectRecordingErrors,
  selectRecordingNotice,
  selectRenamingId,
} from './recording-list.selectors';

// docs/product.md §4 Recordings: titles 1–100 characters; the owner deletes a
// ready or failed recording after confirming; a refusal is shown in the server's words.
const ready: ListedRecording = { id: 'r1', title: 'テーブルAの録画', status: 'ready' };
const inProgress: ListedRecording = { id: 'r2', title: 'ステージの録画', status: 'recording' };
const titleBlank = 'title: タイトルを入力してください。';

function start(
  role: 'owner' | 'staff',
  calls: Partial<Record<'rename' | 'remove', () => unknown>> = {},
) {
  const rename = vi.fn<(args: { input: { id: string; title: string } }) => Promise<void>>(
    async () => {
      await calls.rename?.();
    },
  );
  const remove = vi.fn<(args: { input: { id: string } }) => Promise<void>>(async () => {
    await calls.remove?.();
  });
  const effects = { refreshRecordings: vi.fn(), download: vi.fn() };
  const actor = createActor(
    recordingListMachine.provide({
      actors: {
        rename: fromPromise(rename),
        remove: fromPromise(remove),
        downloadUrl: fromPromise(async () => ({ url: 'https://files.example/r1.webm' })),
      },
      actions: {
        refreshRecordings: () => effects.refreshRecordings(),
        download: (_, params) => effects.download(params),
      },
    }),
    { input: { role } },
  ).start();
  return { actor, rename, remove, effects };
}

describe('recording list machine', () => {
  it('renames with the typed title, says so with the title trimmed and reads the list again', async () => {
    const { actor, rename, effects } = start('staff');
    actor.send({ type: 'recordingList.renameStarted', recording: ready });
    expect(selectRenamingId(actor.getSnapshot())).toBe('r1');

    actor.send({ type: 'recordingList.renameSubmitted', title: '  第1回の録画 ' });
    expect(isRecordingListBusy(actor.getSnapshot())).toBe(true);
    await waitFor(actor, (s) => !isRecordingListBusy(s));

    expect(rename.mock.calls[0]?.[0].input).toEqual({ id: 'r1', title: '  第1回の録画 ' });
    expect(selectRecordingNotice(actor.getSnapshot())).toBe(
      'タイトルを「第1回の録画」に変更しました。',
    );
    expect(selectRenamingId(actor.getSnapshot())).toBeNull();
    expect(effects.refreshRecordings).toHaveBeenCalledOnce();
  });

  it("keeps the title field open with the server's refusal", async () => {
    const { actor, effects } = start('staff', {
      rename: () => Promise.reject(new ApiError(422, [titleBlank])),
    });
    actor.send({ type: 'recordingList.renameStarted', recording: ready });
    actor.send({ type: 'recordingList.renameSubmitted', title: '   ' });
    await waitFor(actor, (s) => !isRecordingListBusy(s));

    expect(selectRecordingErrors(actor.getSnapshot())).toEqual([titleBlank]);
    expect(selectRenamingId(actor.getSnapshot())).toBe('r1');
    expect(effects.refreshRecordings).not.toHaveBeenCalled();
  });

  it('lets only the owner delete, and only a ready or failed recording', () => {
    expect(offersDelete('owner', ready)).toBe(true);
    expect(offersDelete('owner', { ...ready, status: 'failed' })).toBe(true);
    expect(offersDelete('owner', inProgress)).toBe(false);
    expect(offersDelete('owner', { ...ready, status: 'processing' })).toBe(false);
    expect(offersDelete('staff', ready)).toBe(false);

    const { actor } = start('staff');
    actor.send({ type: 'recordingList.deleteAsked', recording: ready });
    expect(selectDeleteQuestion(actor.getSnapshot())).toBeNull();
  });

  it('asks once before deleting; cancelling sends nothing', async () => {
    const { actor, remove, effects } = start('owner');
    actor.send({ type: 'recordingList.deleteAsked', recording: ready });
    expect(selectDeleteQuestion(actor.getSnapshot())).toEqual(ready);
    actor.send({ type: 'recordingList.deleteCancelled' });
    expect(selectDeleteQuestion(actor.getSnapshot())).toBeNull();
    expect(remove).not.toHaveBeenCalled();

    actor.send({ type: 'recordingList.deleteAsked', recording: ready });
    actor.send({ type: 'recordingList.deleteConfirmed' });
    await waitFor(actor, (s) => !isRecordingListBusy(s));
    expect(remove.mock.calls[0]?.[0].input).toEqual({ id: 'r1' });
    expect(selectRecordingNotice(actor.getSnapshot())).toBe('「テーブルAの録画」を削除しました。');
    expect(effects.refreshRecordings).toHaveBeenCalledOnce();
  });

  it('downloads a ready recording through its signed URL, and only a ready one', async () => {
    const { actor, effects } = start('staff');
    actor.send({ type: 'recordingList.downloadAsked', recording: inProgress });
    expect(isRecordingListBusy(actor.getSnapshot())).toBe(false);

    actor.send({ type: 'recordingList.downloadAsked', recording: ready });
    await waitFor(actor, (s) => !isRecordingListBusy(s));
    expect(effects.download).toHaveBeenCalledWith({ url: 'https://files.example/r1.webm' });
  });
});
