import { ApiError } from '../services/errors/api-error';
import type { Entrance } from '../services/guest-entry-api';
import { guestEntryMachine } from './guest-entry.machine';
import {
  hasEntered,
  isEntering,
  isLookingUp,
  offersForm,
  selectBadgeId,
  selectEntryErrors,
  selectFailures,
  selectName,
  selectNameErrors,
  selectRefusal,
} from './guest-entry.selectors';
import { definePaths, effect, sees } from './path-config';
import type { User } from './session.machine';

// Event payloads, actor outcomes, labels and oracles for the generated path tests (tests/paths).
// Expected results are docs/product.md §2 (入場ページの案内, enterGuest and instantEnter), §4
// (a person removed from the world stays out, told at once) and §6 (guests enter by a link):
// a URL that cannot be a token, an expired, used-up or revoked link, another world's link and a
// closed instant entrance are refused before any name is asked; a name is 1 to 50 characters;
// entering starts the guest's session and leads to the gate; a refused entry keeps what was typed.

const worldId = '00000000-0000-4000-8000-00000000000a';
const otherWorld = '00000000-0000-4000-8000-00000000000b';
const linkToken = 'guest-link-token-0123456789';
const instantToken = 'instant-token';

const texts = {
  badLink:
    'ゲスト用のURLが正しくありません。主催者から届いたURLを、もう一度そのまま開いてください。',
  badInstant: 'かんたん入場のURLが正しくありません。主催者から届いたURLをそのまま開いてください。',
  notFound: 'このゲスト用URLは見つかりませんでした。主催者に確認してください。',
  closed:
    'このゲスト用URLは、有効期限が切れたか使用できなくなっています。主催者に新しいURLをお尋ねください。',
  removed:
    'このワールドから退出させられたため、入場できません。主催者またはスタッフが再入場を許可するまでお待ちください。',
  full: 'このワールドは満員のため、入場できません。',
  nameMissing: 'お名前を入力してください。',
  nameTooLong: 'お名前は50文字以内で入力してください。',
};

const entrance = (fields: Partial<Entrance> = {}): Entrance => ({
  worldId,
  worldName: 'デモのワールド',
  open: true,
  message: null,
  guestName: null,
  introduction: { body: 'ようこそ', imageUrl: null, updatedAt: null },
  badges: [
    { id: '00000000-0000-4000-8000-0000000000d1', label: '協賛', color: '#cc0000', position: 1 },
  ],
  seats: null,
  ...fields,
});
const guest = { id: '00000000-0000-4000-8000-0000000000a1', isGuest: true } as User;
const lost = new ApiError(0, ['通信できませんでした。接続を確かめて、もう一度お試しください。']);
const unknownInstant = new ApiError(404, ['かんたん入場のURLが見つかりません。']);

/** What a person expects of a name (GuestEntryRequest: 1 to 50 characters, spaces trimmed). */
const nameRule = (name: string) =>
  name.trim() === '' ? [texts.nameMissing] : name.trim().length > 50 ? [texts.nameTooLong] : null;

const LETS_IN = ['開いているリンク', '名前入りのリンク'];
const KEEPS_OUT = ['期限切れのリンク', '別のワールドのリンク', '退出させられた人', '満員'];
const GOOD_URLS = ['ゲスト用URLを開く', 'かんたん入場のURLを開く'];
const BAD_URLS = ['形の崩れたゲスト用URLを開く', 'トークンのないかんたん入場URLを開く'];

const formShown = sees('名前の入力欄', offersForm, true);
const formHidden = sees('名前の入力欄', offersForm, false);

export const paths = definePaths(guestEntryMachine, {
  manual: {
    setup:
      'サインインしていないブラウザーで始める。所有者としてデモのワールドの「ゲスト用リンク」と「かんたん入場」で URL を発行しておく。',
    steps: {
      ゲスト用URLを開く: '発行したゲスト用URLを開く。',
      形の崩れたゲスト用URLを開く: 'ゲスト用URLの token を「abc」に書き換えて開く。',
      かんたん入場のURLを開く: '発行したかんたん入場のURLを開く。',
      トークンのないかんたん入場URLを開く: 'かんたん入場のURLから ?token=… を消して開く。',
      名前を入力: '「お名前」に「  山田  」と入力する。',
      空白だけを入力: '「お名前」に空白だけを入力する。',
      '51文字を入力': '「お名前」に51文字を入力する。',
      名前の欄を離れる: 'Tab キーで「お名前」から離れる。',
      'バッジ「協賛」を選ぶ': 'バッジの「協賛」を選ぶ。',
      'バッジ「なし」を選ぶ': 'バッジの「なし」を選ぶ。',
      入場する: '「入場する」を押す。',
      開いているリンク: '（待つ: 案内と「お名前」が出る）',
      名前入りのリンク: {
        do: 'イベントの申込者に届いたゲスト用URLを開く。',
        see: '「お名前」に申込みの名前が入っている。',
      },
      期限切れのリンク: {
        do: '所有者が有効期限を過ぎた（または「無効にする」を押した）ゲスト用URLを開く。',
        see: `「${texts.closed}」`,
      },
      別のワールドのリンク: {
        do: 'ゲスト用URLの worldId を別のワールドに書き換えて開く。',
        see: `「${texts.closed}」`,
      },
      退出させられた人: {
        do: '退出させられたゲストのブラウザーで、かんたん入場のURLを開く。',
        see: `「${texts.removed}」（名前は聞かれない）`,
      },
      満員: { do: '定員に達したワールドのかんたん入場のURLを開く。', see: `「${texts.full}」` },
      見つからない: {
        do: 'token を別の16文字に書き換えて開く。',
        see: `ゲスト用URL: 「${texts.notFound}」、かんたん入場: サーバーのメッセージ`,
      },
      通信できない:
        'DevTools の Network で通信を遮断してから URL を開く（または「入場する」を押す）。',
      入場できた: '（待つ: 入口のページ /worlds/{worldId}/gate に移る）',
      入場を断られた: {
        do: '別のタブで所有者がそのリンクを「無効にする」を押してから「入場する」を押す。',
        see: 'サーバーのメッセージが「入場できませんでした。」の下に出て、入力した名前は残る。',
      },
    },
    states: {
      opening: '（ページを開いた直後）',
      lookingUp: '読み込み中の表示。',
      refused: '理由のメッセージだけ（「お名前」の欄は出ない）。',
      naming: '案内、「お名前」、バッジ、「入場する」。',
      entering: '「入場しています…」。',
      entered: '入口のページ（カメラとマイクの確認）。',
    },
  },
  events: [
    {
      label: 'ゲスト用URLを開く',
      event: { type: 'guestEntry.opened', kind: 'link', worldId, token: linkToken },
    },
    {
      label: '形の崩れたゲスト用URLを開く',
      event: { type: 'guestEntry.opened', kind: 'link', worldId, token: 'abc' },
    },
    {
      label: 'かんたん入場のURLを開く',
      event: { type: 'guestEntry.opened', kind: 'instant', worldId, token: instantToken },
    },
    {
      label: 'トークンのないかんたん入場URLを開く',
      event: { type: 'guestEntry.opened', kind: 'instant', worldId, token: '' },
    },
    { label: '名前を入力', event: { type: 'guestEntry.nameChanged', name: '  山田  ' } },
    { label: '空白だけを入力', event: { type: 'guestEntry.nameChanged', name: '   ' } },
    { label: '51文字を入力', event: { type: 'guestEntry.nameChanged', name: 'あ'.repeat(51) } },
    { label: '名前の欄を離れる', event: { type: 'guestEntry.nameLeft' } },
    {
      label: 'バッジ「協賛」を選ぶ',
      event: { type: 'guestEntry.badgeChosen', badgeId: '00000000-0000-4000-8000-0000000000d1' },
    },
    { label: 'バッジ「なし」を選ぶ', event: { type: 'guestEntry.badgeChosen', badgeId: '' } },
    { label: '入場する', event: { type: 'guestEntry.submitted' } },
  ],
  outcomes: {
    lookUpEntrance: [
      { label: '開いているリンク', output: entrance() },
      { label: '名前入りのリンク', output: entrance({ guestName: '佐藤' }) },
      { label: '期限切れのリンク', output: entrance({ open: false }) },
      { label: '別のワールドのリンク', output: entrance({ worldId: otherWorld }) },
      { label: '退出させられた人', output: entrance({ open: false, message: texts.removed }) },
      { label: '満員', output: entrance({ open: false, message: texts.full }) },
      { label: '見つからない', error: unknownInstant },
      { label: '通信できない', error: lost },
    ],
    enter: [
      { label: '入場できた', output: guest },
      { label: '入場を断られた', error: new ApiError(422, [texts.closed]) },
    ],
  },
  // One refused try is enough (every further one repeats it), and a badge is picked before the
  // name is typed: the other orders reach the same screens.
  filterEvents: (snapshot, event) => {
    if (event.type === 'guestEntry.submitted') return selectFailures(snapshot) < 1;
    if (event.type === 'guestEntry.badgeChosen') return selectName(snapshot) === '';
    return true;
  },
  oracles: {
    '(start)': { see: [sees('読み込み中', isLookingUp, true), formHidden] },
    'opening —guestEntry.opened→ lookingUp': {
      takenBy: GOOD_URLS,
      see: [sees('読み込み中', isLookingUp, true), sees('理由', selectRefusal, null)],
    },
    // A URL that cannot hold a token asks no server.
    'opening —guestEntry.opened→ refused': (event) => ({
      takenBy: BAD_URLS,
      see: [
        formHidden,
        sees('理由', selectRefusal, event.kind === 'link' ? texts.badLink : texts.badInstant),
      ],
    }),
    'lookingUp —xstate.done.actor.lookUpEntrance→ naming': (event) => ({
      takenBy: LETS_IN,
      // A registrant's own link fills in the name given at registration.
      see: [formShown, sees('お名前', selectName, event.output.guestName ?? '')],
    }),
    'lookingUp —xstate.done.actor.lookUpEntrance→ refused': (_, __, step) => ({
      takenBy: KEEPS_OUT,
      see: [
        formHidden,
        sees(
          '理由',
          selectRefusal,
          step.label === '退出させられた人'
            ? texts.removed
            : step.label === '満員'
              ? texts.full
              : texts.closed,
        ),
      ],
    }),
    'lookingUp —xstate.error.actor.lookUpEntrance→ refused': (_, __, step) => ({
      see: [
        formHidden,
        sees(
          '理由',
          selectRefusal,
          step.label === '通信できない'
            ? lost.messages[0]
            : step.before.context.kind === 'link'
              ? texts.notFound
              : unknownInstant.messages[0],
        ),
      ],
    }),
    'naming —guestEntry.nameChanged→ (stays)': (event) => ({
      see: [sees('お名前', selectName, event.name)],
    }),
    // Once shown, the name's error follows the field when the visitor leaves it.
    'naming —guestEntry.nameLeft→ (stays)': (_, __, step) => ({
      see: [sees('お名前のエラー', selectNameErrors, nameRule(selectName(step.before)))],
    }),
    'naming —guestEntry.badgeChosen→ (stays)': (event) => ({
      see: [sees('選んだバッジ', selectBadgeId, event.badgeId)],
    }),
    'naming —guestEntry.submitted→ entering': (_, __, step) => ({
      takenBy: nameRule(selectName(step.before)) === null ? [step.label] : [],
      see: [
        sees('入場しています', isEntering, true),
        sees('お名前のエラー', selectNameErrors, null),
      ],
    }),
    'naming —guestEntry.submitted→ (stays)': (_, __, step) => ({
      takenBy: nameRule(selectName(step.before)) !== null ? [step.label] : [],
      see: [
        sees('入場しています', isEntering, false),
        sees('お名前のエラー', selectNameErrors, nameRule(selectName(step.before))),
        sees('失敗の回数', selectFailures, selectFailures(step.before) + 1),
      ],
    }),
    'entering —xstate.done.actor.enter→ entered': {
      effects: [effect('startGuestSession', { user: guest }), effect('goToGate', { worldId })],
      see: [sees('入場した', hasEntered, true)],
    },
    // The server's refusal is shown; what was typed stays.
    'entering —xstate.error.actor.enter→ naming': (_, __, step) => ({
      see: [
        formShown,
        sees('入場しています', isEntering, false),
        sees('サーバーのメッセージ', selectEntryErrors, [texts.closed]),
        sees('お名前', selectName, selectName(step.before)),
        sees('失敗の回数', selectFailures, selectFailures(step.before) + 1),
      ],
    }),
  },
  labels: {
    machine: 'ゲストの入場',
    states: {
      opening: 'ページを開いた',
      lookingUp: '入口を確かめている',
      refused: '入場できない',
      naming: '名前を入力する',
      entering: '入場している途中',
      entered: '入場した',
    },
    events: {
      'guestEntry.opened': 'URLを開く',
      'guestEntry.nameChanged': '名前を入力',
      'guestEntry.nameLeft': '名前の欄を離れる',
      'guestEntry.badgeChosen': 'バッジを選ぶ',
      'guestEntry.submitted': '入場する',
    },
  },
});
