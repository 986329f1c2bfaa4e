import { ApiError } from '../services/errors/api-error';
import { definePaths, effect, sees } from './path-config';
import { recordingListMachine, type ListedRecording } from './recording-list.machine';
import {
  isDeletingRecording,
  isRecordingListBusy,
  selectDeleteQuestion,
  selectRecordingErrors,
  selectRecordingFailures,
  selectRecordingNotice,
  selectRenamingId,
} from './recording-list.selectors';

// Event payloads, actor outcomes, labels and oracles for the generated path tests (tests/paths).
// Expected results are docs/product.md §4 Recordings (the list on mypage): a title
// is changed in its field and the list says so (the title trimmed); the owner deletes a ready or
// failed recording after one question; a ready one downloads and the page stays; a refusal is
// shown in the server's words, a refused title keeping its field open; one thing at a time.

const tableA: ListedRecording = {
  id: '00000000-0000-4000-8000-0000000000e1',
  title: 'テーブルAの録画',
  status: 'ready',
};
const stage: ListedRecording = {
  id: '00000000-0000-4000-8000-0000000000e2',
  title: 'ステージの録画',
  status: 'failed',
};
const signedUrl = 'http://localhost:3000/uploads/recordings/e1.webm?expires=900&signature=abc';
const titleBlank = new ApiError(422, ['title: タイトルを入力してください。']);
const gone = new ApiError(404, ['録画が見つかりません。']);
const lost = new ApiError(0, ['通信できませんでした。接続を確かめて、もう一度お試しください。']);

const waiting = sees('ボタンが待っている', isRecordingListBusy, true);
const free = sees('ボタンが待っている', isRecordingListBusy, false);
const noQuestion = sees('削除の確認', selectDeleteQuestion, null);
const fieldClosed = sees('タイトルの欄', selectRenamingId, null);

export const paths = definePaths(recordingListMachine, {
  input: { role: 'owner' },
  manual: {
    setup:
      'demo@example.com（デモのワールドの主催者）でサインインする。あらかじめワールドのページで、4席以上のテーブル「テーブルA」に入り「管理」の「録画を開始」、数秒後に「録画を停止」して完成した録画「テーブルAの録画」を、ステージでカメラとマイクをオフにしたまま同じようにして失敗した録画「ステージの録画」を作っておく。/mypage/worlds/{worldId}?section=recordings を開く。',
    steps: {
      テーブルAのタイトルを変更: '「テーブルAの録画」の「タイトルを変更」を押す。',
      ステージのタイトルを変更: '「ステージの録画」の「タイトルを変更」を押す。',
      やめる: 'タイトルの欄の「やめる」を押す。',
      '「 第1回 」で保存': 'タイトルの欄を「 第1回 」にして「保存」を押す。',
      テーブルAを削除: '「テーブルAの録画」の「削除」を押す。',
      ステージを削除: '「ステージの録画」の「削除」を押す。',
      削除をやめる: 'ダイアログの「やめる」を押す。',
      削除する: 'ダイアログの「削除する」を押す。',
      テーブルAをダウンロード: '「テーブルAの録画」の「ダウンロード」を押す。',
      変更できた: {
        do: '（待つ）',
        see: '「タイトルを「第1回」に変更しました。」が出て、一覧のタイトルが「第1回」になる。',
      },
      空のタイトル: {
        do: 'タイトルの欄を空白だけにして「保存」を押したあと待つ。',
        see: `「操作できませんでした。」の下に「${titleBlank.messages[0]}」。欄は開いたまま。`,
      },
      変更で通信できない: {
        do: '（「保存」を押す前に）DevTools の Network で …/title_update をブロックしておき、「保存」のあと待つ。',
        see: `「${lost.messages[0]}」。欄は開いたままで、入力した文字が残る。`,
      },
      削除できた: {
        do: '（待つ）',
        see: 'ダイアログが閉じ、「「…」を削除しました。」が出て、その録画が一覧から消える。',
      },
      もう削除されていた: {
        do: '（「削除する」を押す前に）別のタブで同じ録画を削除しておき、「削除する」のあと待つ。',
        see: `ダイアログが閉じ、「操作できませんでした。」の下に「${gone.messages[0]}」。`,
      },
      削除で通信できない: {
        do: '（「削除する」を押す前に）DevTools の Network で DELETE …/chime_meeting_recordings/… をブロックしておき、「削除する」のあと待つ。',
        see: `ダイアログが閉じ、「${lost.messages[0]}」。`,
      },
      ダウンロードできた: {
        do: '（待つ）',
        see: 'ブラウザーがファイルを保存し、URL は ?section=recordings のまま。',
      },
      ダウンロードで通信できない: {
        do: '（「ダウンロード」を押す前に）DevTools の Network で …/chime_meeting_recording_urls をブロックしておき、「ダウンロード」のあと待つ。',
        see: `「${lost.messages[0]}」。`,
      },
    },
    states: {
      'browsing.idle': '録画の一覧。どの行にもタイトルの欄は開いていない。',
      'browsing.editing': 'その録画の行に「タイトル」の欄と「保存」「やめる」。',
      saving: '一覧のボタンが押せない。',
      confirmingDelete: 'ダイアログ「「…」を削除しますか？」に「削除する」と「やめる」。',
      deleting: 'ダイアログのボタンが「削除しています…」。',
      downloading: '一覧のボタンが押せない。',
    },
  },
  events: [
    {
      label: 'テーブルAのタイトルを変更',
      event: { type: 'recordingList.renameStarted', recording: tableA },
    },
    {
      label: 'ステージのタイトルを変更',
      event: { type: 'recordingList.renameStarted', recording: stage },
    },
    { label: 'やめる', event: { type: 'recordingList.renameCancelled' } },
    {
      label: '「 第1回 」で保存',
      event: { type: 'recordingList.renameSubmitted', title: ' 第1回 ' },
    },
    { label: 'テーブルAを削除', event: { type: 'recordingList.deleteAsked', recording: tableA } },
    { label: 'ステージを削除', event: { type: 'recordingList.deleteAsked', recording: stage } },
    { label: '削除をやめる', event: { type: 'recordingList.deleteCancelled' } },
    { label: '削除する', event: { type: 'recordingList.deleteConfirmed' } },
    {
      label: 'テーブルAをダウンロード',
      event: { type: 'recordingList.downloadAsked', recording: tableA },
    },
  ],
  outcomes: {
    rename: [
      { label: '変更できた', output: undefined },
      { label: '空のタイトル', error: titleBlank },
      { label: '変更で通信できない', error: lost },
    ],
    remove: [
      { label: '削除できた', output: undefined },
      { label: 'もう削除されていた', error: gone },
      { label: '削除で通信できない', error: lost },
    ],
    downloadUrl: [
      { label: 'ダウンロードできた', output: { url: signedUrl } },
      { label: 'ダウンロードで通信できない', error: lost },
    ],
  },
  // One outcome shown before another send is enough: the rest repeat it.
  filterEvents: (snapshot, event) =>
    !['recordingList.renameSubmitted', 'recordingList.deleteConfirmed'].includes(event.type) &&
    event.type !== 'recordingList.downloadAsked'
      ? true
      : selectRecordingFailures(snapshot) + (selectRecordingNotice(snapshot) ? 1 : 0) < 1,
  oracles: {
    '(start)': {
      see: [free, fieldClosed, noQuestion, sees('お知らせ', selectRecordingNotice, null)],
    },
    // Another action closes an open title field.
    'browsing —recordingList.renameStarted→ browsing.editing': (event) => ({
      see: [free, sees('タイトルの欄', selectRenamingId, (event.recording as ListedRecording).id)],
    }),
    'browsing —recordingList.deleteAsked→ confirmingDelete': (event) => ({
      see: [fieldClosed, sees('削除の確認', selectDeleteQuestion, event.recording)],
    }),
    'browsing —recordingList.downloadAsked→ downloading': { see: [waiting, fieldClosed] },
    'browsing.editing —recordingList.renameCancelled→ browsing.idle': { see: [fieldClosed, free] },
    'browsing.editing —recordingList.renameSubmitted→ saving': (_, __, step) => ({
      see: [waiting, sees('タイトルの欄', selectRenamingId, selectRenamingId(step.before))],
    }),
    'saving —xstate.done.actor.rename→ browsing': {
      effects: ['refreshRecordings'],
      see: [
        free,
        fieldClosed,
        sees('お知らせ', selectRecordingNotice, 'タイトルを「第1回」に変更しました。'),
        sees('エラー', selectRecordingErrors, []),
      ],
    },
    // A refused title keeps its field open (what was typed stays in it).
    'saving —xstate.error.actor.rename→ browsing.editing': (_, __, step) => ({
      see: [
        free,
        sees('タイトルの欄', selectRenamingId, selectRenamingId(step.before)),
        sees('お知らせ', selectRecordingNotice, null),
        sees(
          'エラー',
          selectRecordingErrors,
          step.label === '空のタイトル' ? titleBlank.messages : lost.messages,
        ),
        sees('失敗の回数', selectRecordingFailures, selectRecordingFailures(step.before) + 1),
      ],
    }),
    // Nothing is deleted before the person says 削除する.
    'confirmingDelete —recordingList.deleteCancelled→ browsing': { see: [noQuestion, free] },
    'confirmingDelete —recordingList.deleteConfirmed→ deleting': (_, __, step) => ({
      see: [
        waiting,
        sees('削除しています', isDeletingRecording, true),
        sees('削除の確認', selectDeleteQuestion, selectDeleteQuestion(step.before)),
      ],
    }),
    'deleting —xstate.done.actor.remove→ browsing': (_, __, step) => ({
      effects: ['refreshRecordings'],
      see: [
        free,
        noQuestion,
        sees(
          'お知らせ',
          selectRecordingNotice,
          `「${selectDeleteQuestion(step.before)?.title}」を削除しました。`,
        ),
      ],
    }),
    'deleting —xstate.error.actor.remove→ browsing': (_, __, step) => ({
      see: [
        free,
        noQuestion,
        sees('お知らせ', selectRecordingNotice, null),
        sees(
          'エラー',
          selectRecordingErrors,
          step.label === 'もう削除されていた' ? gone.messages : lost.messages,
        ),
        sees('失敗の回数', selectRecordingFailures, selectRecordingFailures(step.before) + 1),
      ],
    }),
    // The browser saves the file; the page and its notice stay as they were.
    'downloading —xstate.done.actor.downloadUrl→ browsing': (_, __, step) => ({
      effects: [effect('download', { url: signedUrl })],
      see: [free, sees('お知らせ', selectRecordingNotice, selectRecordingNotice(step.before))],
    }),
    'downloading —xstate.error.actor.downloadUrl→ browsing': (_, __, step) => ({
      see: [
        free,
        sees('エラー', selectRecordingErrors, lost.messages),
        sees('失敗の回数', selectRecordingFailures, selectRecordingFailures(step.before) + 1),
      ],
    }),
  },
  labels: {
    machine: '録画の管理',
    states: {
      browsing: '一覧',
      'browsing.idle': '一覧を見ている',
      'browsing.editing': 'タイトルを編集している',
      saving: 'タイトルを保存している',
      confirmingDelete: '削除を確かめている',
      deleting: '削除している',
      downloading: 'ダウンロードを準備している',
    },
    events: {
      'recordingList.renameStarted': '「タイトルを変更」を押す',
      'recordingList.renameCancelled': 'やめる',
      'recordingList.renameSubmitted': '保存',
      'recordingList.deleteAsked': '「削除」を押す',
      'recordingList.deleteCancelled': '削除をやめる',
      'recordingList.deleteConfirmed': '削除する',
      'recordingList.downloadAsked': '「ダウンロード」を押す',
    },
  },
});
