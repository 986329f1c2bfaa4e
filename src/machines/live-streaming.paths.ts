import { ApiError } from '../services/errors/api-error';
import type { LiveStreaming } from '../services/meeting/meeting-api';
import { liveStreamingMachine } from './live-streaming.machine';
import { selectStream } from './live-streaming.selectors';
import { definePaths, sees } from './path-config';

// Event payloads, actor outcomes, labels and oracles for the generated path tests (tests/paths).

const stage = '00000000-0000-4000-8000-0000000000b3';
const otherStage = '00000000-0000-4000-8000-0000000000b4';
const stream = (status: LiveStreaming['status'], failureReason: string | null = null) =>
  ({
    id: stage,
    worldId: '00000000-0000-4000-8000-00000000000a',
    spaceId: stage,
    title: 'ステージのライブ配信',
    status,
    destinationUrlRequired: true,
    failureReason,
    playbackUrl: null,
    viewerCount: 0,
    startedAt: status === 'live' ? '2026-01-01T00:00:00.000Z' : null,
    endedAt: null,
    endsAt: null,
  }) satisfies LiveStreaming;
const notRtmp = new ApiError(422, [
  '配信先のURLは rtmp:// または rtmps:// で始まるURLを入力してください。',
]);
const lost = new ApiError(0, ['通信できませんでした。接続を確かめて、もう一度お試しください。']);
const removed = new ApiError(404, ['ステージが見つかりません。']);

export const paths = definePaths(liveStreamingMachine, {
  // What a person does and sees (npm run qa:paths): the world's page as its owner, a stage in the
  // layout, someone on the stage (ADR 026).
  manual: {
    setup:
      'demo@example.com / demo-password でログインし、ステージのあるデモのワールドに入場してステージへ移動する。AWS では配信先（YouTube Live などの rtmps:// URL）を用意する。',
    steps: {
      ステージが分かった: '（会議ページを開く: レイアウトが読まれる）',
      ステージが置き換わった:
        '別のブラウザーで所有者としてレイアウトのステージを外し、別のスペースをステージにして保存する。',
      配信を開始: '「ライブ配信」の欄で（AWS では配信先のURLを入れて）「配信を開始」を押す。',
      配信を停止: '「配信を停止」を押す。',
      '配信の状態が変わった（リアルタイム）': '別のブラウザーで所有者として配信を開始・停止する。',
      '視聴者数が変わった（リアルタイム）':
        '別のブラウザーでゲストとしてゲートの「ステージの配信を視聴する」を押す（視聴中の人数が1人増える）。',
      もう一度読み込む: '「もう一度読み込む」を押す。',
      配信していない: '（待つ: 「配信を開始」が出る）',
      配信中: '（待つ: 「配信中」が出る）',
      前回の開始に失敗していた: '（AWS の権限がない状態で開始したあと、ページを開き直す）',
      読み込めない: 'DevTools の Network で …/live_streamings をブロックしてページを開く。',
      'ステージが外された（404）': {
        do: '別のブラウザーで所有者としてレイアウトからステージを外して保存する。',
        see: '「ライブ配信」の欄が消える（「ステージが見つかりません。」は出ない）。',
      },
      配信を始められた: '（待つ: 「配信中」と視聴者数が出る）',
      配信サービスが開始を拒んだ: {
        do: 'AWS で、メディアパイプラインの権限のない認証情報のまま開始する。',
        see: '「配信を開始できませんでした（…）。」と「配信を開始」。',
      },
      'URLがRTMP(S)でない（422）': {
        do: '配信先に https://… を入れて開始する。',
        see: '「配信先のURLは rtmp:// または rtmps:// で始まるURLを入力してください。」',
      },
      停止できた: '（待つ: 「配信を開始」に戻り、視聴者は視聴をやめる）',
      停止できない: 'DevTools で停止の要求をブロックしてから「配信を停止」。',
    },
    states: {
      noStage: '「ライブ配信」の欄は出ない（レイアウトを読み込み中）。',
      loading: '「ライブ配信の状態を読み込み中…」。',
      loadFailed: '「ライブ配信の状態を読み込めませんでした。」と理由、「もう一度読み込む」。',
      gone: '「ライブ配信」の欄は出ない。',
      idle: '「配信を開始」（AWS では配信先URLの入力欄も）。',
      failed: '開始できなかった理由と「配信を開始」。',
      starting: '「配信を開始しています…」（ボタンが押せない）。',
      live: '「配信中」と視聴者数、「配信を停止」。',
      stopping: '「配信を停止しています…」（ボタンが押せない）。',
    },
  },
  events: [
    { label: 'ステージが分かった', event: { type: 'streaming.stageChanged', stageId: stage } },
    {
      label: 'ステージが置き換わった',
      event: { type: 'streaming.stageChanged', stageId: otherStage },
    },
    {
      label: '配信を開始',
      event: { type: 'streaming.start', destinationUrl: 'rtmps://live.example/app/key' },
    },
    { label: '配信を停止', event: { type: 'streaming.stop' } },
    { label: '配信の状態が変わった（リアルタイム）', event: { type: 'streaming.changed' } },
    {
      label: '視聴者数が変わった（リアルタイム）',
      event: { type: 'streaming.viewers', viewerCount: 3 },
    },
    { label: 'もう一度読み込む', event: { type: 'streaming.retry' } },
  ],
  outcomes: {
    loadStreaming: [
      { label: '配信していない', output: stream('idle') },
      { label: '配信中', output: stream('live') },
      {
        label: '前回の開始に失敗していた',
        output: stream('failed', '配信を開始できませんでした（ForbiddenException）。'),
      },
      { label: '読み込めない', error: lost },
      { label: 'ステージが外された（404）', error: removed },
    ],
    updateStreaming: [
      { label: '配信を始められた', output: stream('live') },
      {
        label: '配信サービスが開始を拒んだ',
        output: stream('failed', '配信を開始できませんでした（ForbiddenException）。'),
      },
      { label: 'URLがRTMP(S)でない（422）', error: notRtmp },
      { label: '停止できた', output: stream('ended') },
      { label: '停止できない', error: lost },
    ],
  },
  // The owner expects the screen of the answer: live when the server says live, the reason when
  // the media service refused, the form again (with the message) when the request was refused.
  oracles: {
    '(start)': {},
    // Another stage is read from scratch: nothing of the previous one stays on the screen.
    '(root) —streaming.stageChanged→ loading': {
      see: [sees('配信の状態', selectStream, null)],
    },
    'loading —xstate.done.actor.loadStreaming→ live': { takenBy: ['配信中'] },
    'loading —xstate.done.actor.loadStreaming→ failed': {
      takenBy: ['前回の開始に失敗していた'],
    },
    'loading —xstate.done.actor.loadStreaming→ idle': { takenBy: ['配信していない'] },
    'loading —xstate.error.actor.loadStreaming→ gone': {
      takenBy: ['ステージが外された（404）'],
    },
    'loading —xstate.error.actor.loadStreaming→ loadFailed': { takenBy: ['読み込めない'] },
    'gone —streaming.changed→ loading': {},
    'loading —streaming.viewers→ (stays)': {},
    'loadFailed —streaming.retry→ loading': {},
    'idle —streaming.start→ starting': {},
    'idle —streaming.changed→ loading': {},
    'failed —streaming.start→ starting': {},
    'failed —streaming.changed→ loading': {},
    'starting —xstate.done.actor.updateStreaming→ failed': {
      takenBy: ['配信サービスが開始を拒んだ'],
    },
    'starting —xstate.done.actor.updateStreaming→ live': {
      takenBy: ['配信を始められた'],
    },
    'starting —xstate.done.actor.updateStreaming→ idle': { takenBy: ['停止できた'] },
    'starting —xstate.error.actor.updateStreaming→ idle': {
      takenBy: ['URLがRTMP(S)でない（422）', '停止できない'],
    },
    'live —streaming.stop→ stopping': {},
    'live —streaming.changed→ loading': {},
    'live —streaming.viewers→ (stays)': {},
    'stopping —xstate.done.actor.updateStreaming→ idle': {},
    'stopping —xstate.error.actor.updateStreaming→ live': {},
  },
  labels: {
    machine: 'ライブ配信',
    states: {
      noStage: 'ステージを待っている',
      loading: '読み込み中',
      loadFailed: '読み込みに失敗',
      gone: 'ステージがない',
      idle: '配信していない',
      failed: '開始に失敗',
      starting: '開始中',
      live: '配信中',
      stopping: '停止中',
    },
    events: {
      'streaming.stageChanged': 'ステージが分かった',
      'streaming.start': '配信を開始',
      'streaming.stop': '配信を停止',
      'streaming.changed': '配信の状態が変わった',
      'streaming.viewers': '視聴者数が変わった',
      'streaming.retry': 'もう一度読み込む',
    },
  },
});
