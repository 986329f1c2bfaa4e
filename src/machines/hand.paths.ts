import { ApiError } from '../services/errors/api-error';
import { handMachine, handTexts } from './hand.machine';
import { canRaiseHand, isHandUp, selectHandNotice } from './hand.selectors';
import { definePaths, sees } from './path-config';

// Event payloads, actor outcomes, labels and oracles for the generated path tests (tests/paths).
// Expected results are docs/product.md §4 挙手: a hand goes up only in the space one sits in, goes
// down on leaving it, and giving the floor tells the person so.

const tableA = '00000000-0000-4000-8000-0000000000b1';
const tableB = '00000000-0000-4000-8000-0000000000b2';
const notInSpace = new ApiError(422, ['このスペースにいないため、手を挙げられません。']);
const lost = new ApiError(0, ['通信できませんでした。接続を確かめて、もう一度お試しください。']);

const up = sees('手が挙がっている', isHandUp, true);
const down = sees('手が挙がっている', isHandUp, false);

export const paths = definePaths(handMachine, {
  input: { spaceId: tableA },
  manual: {
    setup:
      'ゲストとしてデモのワールドに入場してテーブルAへ移動する。別のブラウザーで所有者として同じテーブルに入り、「挙手」のパネルを開く。',
    steps: {
      手を挙げる: '下の操作欄の「手を挙げる」を押す。',
      手を下げる: '「手を下げる」を押す。',
      '別のタブで手を挙げた（リアルタイム）': '同じアカウントの別のタブで「手を挙げる」を押す。',
      '手が下げられた（リアルタイム）': '所有者のパネルでその人の「下げる」を押す。',
      '発言を許可された（リアルタイム）': '所有者のパネルでその人の「発言を許可」を押す。',
      同じスペースのまま: '（同じテーブルの中で何もしない）',
      別のスペースへ移動: 'マップでテーブルBへ移動する。',
      スペースを出た: '「退出する」を押す。',
      お知らせを閉じる: 'お知らせの「閉じる」を押す。',
      挙げられた: '（待つ: 「手を下げる」に変わる）',
      'このスペースにいない（422）': {
        do: '別のタブでテーブルBへ移動してから、元のタブで「手を挙げる」を押す。',
        see: '「このスペースにいないため、手を挙げられません。」',
      },
      通信できない: 'DevTools で …/raised_hands をブロックしてから「手を挙げる」。',
      下げられた: '（待つ: 「手を挙げる」に戻る）',
      下げられない: 'DevTools で …/raised_hand をブロックしてから「手を下げる」。',
    },
    states: {
      down: '「手を挙げる」（スペースにいなければ押せない）。',
      raising: '「手を挙げています…」。',
      up: '「手を下げる」（押された状態）。所有者のパネルに名前が並ぶ。',
      lowering: '「手を下げています…」。',
    },
  },
  events: [
    { label: '手を挙げる', event: { type: 'hand.raise' } },
    { label: '手を下げる', event: { type: 'hand.lower' } },
    { label: '別のタブで手を挙げた（リアルタイム）', event: { type: 'hand.raised' } },
    { label: '手が下げられた（リアルタイム）', event: { type: 'hand.lowered', floor: false } },
    { label: '発言を許可された（リアルタイム）', event: { type: 'hand.lowered', floor: true } },
    { label: '同じスペースのまま', event: { type: 'hand.spaceChanged', spaceId: tableA } },
    { label: '別のスペースへ移動', event: { type: 'hand.spaceChanged', spaceId: tableB } },
    { label: 'スペースを出た', event: { type: 'hand.spaceChanged', spaceId: null } },
    { label: 'お知らせを閉じる', event: { type: 'hand.noticeDismissed' } },
  ],
  outcomes: {
    raiseHand: [
      { label: '挙げられた', output: undefined },
      { label: 'このスペースにいない（422）', error: notInSpace },
      { label: '通信できない', error: lost },
    ],
    lowerHand: [
      { label: '下げられた', output: undefined },
      { label: '下げられない', error: lost },
    ],
  },
  oracles: {
    '(root) —hand.noticeDismissed→ (stays)': { see: [sees('お知らせ', selectHandNotice, null)] },
    '(start)': { see: [down, sees('手を挙げられる', canRaiseHand, true)] },
    'down —hand.raise→ raising': { see: [up, sees('お知らせ', selectHandNotice, null)] },
    'down —hand.raised→ up': { see: [up] },
    'down —hand.spaceChanged→ (stays)': (event) => ({
      // Out of every space (watching, leaving) a hand cannot go up.
      see: [down, sees('手を挙げられる', canRaiseHand, event.spaceId !== null)],
    }),
    'raising —xstate.done.actor.raiseHand→ up': { see: [up] },
    'raising —xstate.error.actor.raiseHand→ down': (_, __, step) => ({
      see: [
        down,
        sees(
          'お知らせ',
          selectHandNotice,
          step.label === '通信できない' ? lost.messages[0] : notInSpace.messages[0],
        ),
      ],
    }),
    'raising —hand.spaceChanged→ down': { see: [down] },
    'up —hand.lower→ lowering': { see: [sees('お知らせ', selectHandNotice, null)] },
    'up —hand.lowered→ down': (event) => ({
      see: [
        down,
        sees('お知らせ', selectHandNotice, event.floor ? handTexts.floorGiven : handTexts.lowered),
      ],
    }),
    // A "move" to the space one already sits in is not a move: the hand stays up.
    'up —hand.spaceChanged→ (stays)': (event, _, step) => ({
      takenBy: event.spaceId === step.before.context.spaceId ? [step.label] : [],
      see: [up],
    }),
    'up —hand.spaceChanged→ down': (event, _, step) => ({
      takenBy: event.spaceId !== step.before.context.spaceId ? [step.label] : [],
      see: [down],
    }),
    'lowering —xstate.done.actor.lowerHand→ down': { see: [down] },
    'lowering —xstate.error.actor.lowerHand→ up': {
      see: [up, sees('お知らせ', selectHandNotice, lost.messages[0])],
    },
    'lowering —hand.spaceChanged→ down': { see: [down] },
  },
  labels: {
    machine: '挙手',
    states: {
      down: '手が下がっている',
      raising: '挙げている途中',
      up: '手が挙がっている',
      lowering: '下げている途中',
    },
    events: {
      'hand.raise': '手を挙げる',
      'hand.lower': '手を下げる',
      'hand.raised': '別のタブで手を挙げた',
      'hand.lowered': '手が下げられた',
      'hand.spaceChanged': 'スペースが変わった',
      'hand.noticeDismissed': 'お知らせを閉じる',
    },
  },
});
