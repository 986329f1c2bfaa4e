import { definePaths } from './path-config';
import { recordingMachine } from './recording.machine';
import type { Recording } from '../services/meeting/recordings-api';
import { MeetingApiError } from '../services/meeting/meeting-api';

// Event payloads, actor outcomes, labels and oracles for the generated path tests (tests/paths).

const worldId = '00000000-0000-4000-8000-00000000000a';
const meetingId = '00000000-0000-4000-8000-0000000000d1';
const recording = (
  status: Recording['status'],
  failureReason: string | null = null,
): Recording => ({
  id: '00000000-0000-4000-8000-0000000000e1',
  meetingId,
  spaceId: '00000000-0000-4000-8000-0000000000b1',
  title: 'メインホールの録画',
  status,
  failureReason,
  startedAt: '2026-11-24T10:00:00.000Z',
  endedAt: status === 'recording' ? null : '2026-11-24T10:01:00.000Z',
  durationSeconds: status === 'ready' ? 60 : null,
  byteSize: status === 'ready' ? 1_000_000 : null,
  createdAt: '2026-11-24T10:00:00.000Z',
});
const noMedia = '録画できる映像がありませんでした（カメラも画面共有も届いていません）。';

export const paths = definePaths(recordingMachine, {
  // What a person does and sees (npm run qa:paths), in a world on the media server (MEETING_PROVIDER=sfu).
  manual: {
    setup:
      'MEETING_PROVIDER=sfu で起動し、オーナーでワールドに入場してカメラをオンにする。別のブラウザで一般メンバーも同じスペースに入場しておく。',
    steps: {
      'ミーティングに参加（録画なし）': 'ワールドに入場する（または別のスペースへ移動する）。',
      'ミーティングに参加（録画中）': '録画中のスペースへ入場する。',
      ミーティングを離れた: '退出する。',
      録画が始まった: '別のタブ（スタッフ）で同じミーティングの「録画を開始」を押す。',
      録画が止まった: '別のタブ（スタッフ）で「録画を停止」を押す。',
      録画を開始: '「録画を開始」を押す。',
      録画を停止: '「録画を停止」を押す。',
      閉じる: '録画の結果の表示の「閉じる」を押す。',
      録画を開始できた: '（待つ: 「録画中」の表示が出る）',
      録画を開始できない: {
        do: '別のタブですでに録画しているミーティングで「録画を開始」を押す。',
        see: '「このミーティングはすでに録画中です。」と表示される。',
      },
      録画を停止できた: '（待つ: 「録画ファイルを作成しています…」）',
      録画を停止できない: {
        do: 'DevTools の Network で通信を遮断してから「録画を停止」を押す。',
        see: '通信できなかった旨が表示され、録画中のまま。',
      },
      録画ファイルができた: '（待つ: 「録画ファイルができました。」）',
      録画に失敗した: {
        do: '全員のカメラと画面共有をオフにして録画し、停止する。',
        see: `「録画に失敗しました：${noMedia}」と表示される。`,
      },
      録画の状態を読めない: {
        do: '停止直後に DevTools の Network で通信を遮断する。',
        see: '通信できなかった旨が表示される。',
      },
    },
    states: {
      idle: 'オーナーとスタッフには「録画を開始」ボタン。一般メンバーには何も出ない。',
      starting: '「録画を開始しています…」（ボタンは押せない）。',
      recording:
        '全員に赤い「● 録画中」の表示（読み上げもされる）。オーナーとスタッフには「録画を停止」ボタン。',
      stopping: '「● 録画中」のまま「録画を停止しています…」（ボタンは押せない）。',
      processing: '「録画ファイルを作成しています…」。',
      ready: '「録画ファイルができました。」とマイページの録画一覧へのリンク。',
      failed: '「録画に失敗しました：（理由）」。',
    },
  },
  input: { worldId },
  events: [
    {
      label: 'ミーティングに参加（録画なし）',
      event: { type: 'recording.meetingChanged', meetingId, recording: false },
    },
    {
      label: 'ミーティングに参加（録画中）',
      event: { type: 'recording.meetingChanged', meetingId, recording: true },
    },
    {
      label: 'ミーティングを離れた',
      event: { type: 'recording.meetingChanged', meetingId: null, recording: false },
    },
    { label: '録画が始まった', event: { type: 'recording.observed', meetingId, recording: true } },
    { label: '録画が止まった', event: { type: 'recording.observed', meetingId, recording: false } },
    { label: '録画を開始', event: { type: 'recording.start' } },
    { label: '録画を停止', event: { type: 'recording.stop' } },
    { label: '閉じる', event: { type: 'recording.dismiss' } },
  ],
  outcomes: {
    startRecording: [
      { label: '録画を開始できた', output: recording('recording') },
      {
        label: '録画を開始できない',
        error: new MeetingApiError(409, ['このミーティングはすでに録画中です。']),
      },
    ],
    stopRecording: [
      { label: '録画を停止できた', output: recording('processing') },
      { label: '録画を停止できない', error: new MeetingApiError(0, ['通信できませんでした。']) },
    ],
    watchRecording: [
      { label: '録画ファイルができた', output: recording('ready') },
      { label: '録画に失敗した', output: recording('failed', noMedia) },
      { label: '録画の状態を読めない', error: new MeetingApiError(0, ['通信できませんでした。']) },
    ],
  },
  // No effects of its own (the actors are the server calls): a person expects the screens of the
  // states, and which answer of the server leads where (takenBy).
  oracles: {
    '(start)': {},
    '(root) —recording.meetingChanged→ recording': {
      takenBy: ['ミーティングに参加（録画中）'],
    },
    '(root) —recording.meetingChanged→ idle': {
      takenBy: ['ミーティングに参加（録画なし）', 'ミーティングを離れた'],
    },
    'idle —recording.start→ starting': {},
    'idle —recording.observed→ recording': { takenBy: ['録画が始まった'] },
    'idle —recording.dismiss→ (stays)': {},
    'starting —xstate.done.actor.startRecording→ recording': {},
    'starting —xstate.error.actor.startRecording→ idle': {},
    'recording —recording.stop→ stopping': {},
    'recording —recording.observed→ idle': { takenBy: ['録画が止まった'] },
    'stopping —xstate.done.actor.stopRecording→ processing': {},
    'stopping —xstate.error.actor.stopRecording→ recording': {},
    'processing —recording.observed→ recording': { takenBy: ['録画が始まった'] },
    'processing —xstate.done.actor.watchRecording→ ready': {
      takenBy: ['録画ファイルができた'],
    },
    'processing —xstate.done.actor.watchRecording→ failed': { takenBy: ['録画に失敗した'] },
    'processing —xstate.error.actor.watchRecording→ failed': {},
    'ready —recording.start→ starting': {},
    'ready —recording.observed→ recording': { takenBy: ['録画が始まった'] },
    'ready —recording.dismiss→ idle': {},
    'failed —recording.start→ starting': {},
    'failed —recording.observed→ recording': { takenBy: ['録画が始まった'] },
    'failed —recording.dismiss→ idle': {},
  },
  labels: {
    machine: '録画',
    states: {
      idle: '録画していない',
      starting: '開始中',
      recording: '録画中',
      stopping: '停止中',
      processing: 'ファイル作成中',
      ready: '完成',
      failed: '失敗',
    },
    events: {
      'recording.meetingChanged': 'ミーティングが変わった',
      'recording.observed': '録画の開始・停止の知らせ',
      'recording.start': '録画を開始',
      'recording.stop': '録画を停止',
      'recording.dismiss': '閉じる',
    },
  },
});
