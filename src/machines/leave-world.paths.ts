import { ApiError } from '../services/errors/api-error';
import { leaveWorldMachine } from './leave-world.machine';
import {
  isAskingToLeave,
  isLeaving,
  selectLeaveErrors,
  selectLeaveFailures,
} from './leave-world.selectors';
import { definePaths, effect, sees } from './path-config';

// Event payloads, actor outcomes, labels and oracles for the generated path tests (tests/paths).
// Expected results are docs/product.md §2 Leaving a world: asked once; leaving goes to the
// list of one's worlds saying so, and the world is no longer in it; the last owner stays, told
// why in the server's words, with the dialog closed.

const worldName = 'デモのワールド';
const lastOwner = new ApiError(422, [
  'オーナーが1人だけのため、このオーナーを外すことはできません。先に別のメンバーをオーナーにしてください。',
]);
const lost = new ApiError(0, ['通信できませんでした。接続を確かめて、もう一度お試しください。']);

const asking = sees('確認のダイアログ', isAskingToLeave, true);
const notAsking = sees('確認のダイアログ', isAskingToLeave, false);

export const paths = definePaths(leaveWorldMachine, {
  input: { worldName },
  manual: {
    setup:
      'demo@example.com（デモのワールドの主催者）でサインインし、「メンバー」の「共同主催者を追加」で別のアカウントを共同主催者にしておく。その人も別のブラウザーでサインインしておく。demo@example.com のブラウザーで /mypage/worlds/{worldId}?section=members を開く。',
    steps: {
      抜けるを押す: '「このワールドから抜ける」を押す。',
      やめる: 'ダイアログの「やめる」を押す。',
      抜ける: 'ダイアログの「抜ける」を押す。',
      抜けられた: {
        do: '（待つ）',
        see: `/mypage/worlds に移り「「${worldName}」から抜けました。」と出て、一覧に「${worldName}」がない。`,
      },
      オーナーが1人だけ: {
        do: '（「抜ける」を押す前に）別のブラウザーで共同主催者が先にこのワールドから抜けておき、「抜ける」のあと待つ。',
        see: `「ワールドから抜けられませんでした。」の下に「${lastOwner.messages[0]}」。URL は変わらない。`,
      },
      通信できない: {
        do: '（「抜ける」を押す前に）DevTools の Network で通信を遮断しておき、「抜ける」のあと待つ。',
        see: `「ワールドから抜けられませんでした。」の下に「${lost.messages[0]}」。`,
      },
    },
    states: {
      idle: '「このワールドから抜ける」のボタン。ダイアログは出ていない。',
      confirming: `ダイアログ「「${worldName}」から抜けますか？」に「抜ける」と「やめる」。`,
      leaving: 'ダイアログのボタンが「処理しています…」。',
      left: '/mypage/worlds（ワールド一覧）。',
    },
  },
  events: [
    { label: '抜けるを押す', event: { type: 'leave.asked' } },
    { label: 'やめる', event: { type: 'leave.cancelled' } },
    { label: '抜ける', event: { type: 'leave.confirmed' } },
  ],
  outcomes: {
    leave: [
      { label: '抜けられた', output: undefined },
      { label: 'オーナーが1人だけ', error: lastOwner },
      { label: '通信できない', error: lost },
    ],
  },
  // One refused leave is enough: every further one repeats it.
  filterEvents: (snapshot, event) =>
    event.type !== 'leave.asked' || selectLeaveFailures(snapshot) < 1,
  oracles: {
    '(start)': { see: [notAsking, sees('エラー', selectLeaveErrors, [])] },
    'idle —leave.asked→ confirming': { see: [asking, sees('抜けている途中', isLeaving, false)] },
    // Nothing is sent before the person says 抜ける.
    'confirming —leave.cancelled→ idle': { see: [notAsking] },
    'confirming —leave.confirmed→ leaving': {
      see: [asking, sees('抜けている途中', isLeaving, true)],
    },
    'leaving —xstate.done.actor.leave→ left': {
      effects: [
        'refreshMyWorlds',
        effect('goToMyWorlds', { flash: `「${worldName}」から抜けました。` }),
      ],
      see: [notAsking],
    },
    'leaving —xstate.error.actor.leave→ idle': (_, __, step) => ({
      see: [
        notAsking,
        sees('抜けている途中', isLeaving, false),
        sees(
          'エラー',
          selectLeaveErrors,
          step.label === '通信できない' ? lost.messages : lastOwner.messages,
        ),
        sees('失敗の回数', selectLeaveFailures, selectLeaveFailures(step.before) + 1),
      ],
    }),
  },
  labels: {
    machine: 'ワールドから抜ける',
    states: {
      idle: '抜けるボタン',
      confirming: '確かめている',
      leaving: '抜けている途中',
      left: '抜けた',
    },
    events: {
      'leave.asked': '「このワールドから抜ける」を押す',
      'leave.cancelled': 'やめる',
      'leave.confirmed': '抜ける',
    },
  },
});
