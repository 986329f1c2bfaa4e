import type { ChatMessage } from '../services/chat-api';
import { ApiError } from '../services/errors/api-error';
import { chatMessage, chatOverview } from './chat.examples';
import { chatMachine } from './chat.machine';
import { definePaths, effect } from './path-config';
import { selectMessages, selectOpenChannel } from './chat.selectors';

// Event payloads, actor outcomes, labels and oracles for the generated path tests (tests/paths).
// The oracles come from docs/product.md §4 チャット: the open channel on screen is read (its read
// position kept on the server, so unread counts survive a reload), a hidden panel reads nothing,
// deleting is the server's, and a blank text or a muted or closed composer posts nothing.

const worldId = '00000000-0000-4000-8000-00000000000a';
const me = '00000000-0000-4000-8000-0000000000a1';
const other = '00000000-0000-4000-8000-0000000000a2';
const table = '00000000-0000-4000-8000-0000000000b1';

const message = (id: string, fields: Partial<ChatMessage> = {}) =>
  chatMessage(id, { senderId: other, ...fields });
const first = '00000000-0000-4000-8000-0000000000c1';
const second = '00000000-0000-4000-8000-0000000000c2';
const mine = '00000000-0000-4000-8000-0000000000c3';

const overview = chatOverview(me, 2);
const lost = new ApiError(0, ['通信できませんでした。接続を確かめて、もう一度お試しください。']);
const tooFast = new ApiError(429, [
  '送信が速すぎます。5秒間に送れるメッセージは5件までです。少し待ってから送ってください。',
]);

export const paths = definePaths(chatMachine, {
  manual: {
    setup:
      'demo@example.com / demo-password でログインしてデモのワールドに入場し、「チャット」を開く。別のブラウザーで一般メンバー（佐藤）も同じワールドに入場しておく。',
    steps: {
      テーブルに移動: '地図でテーブル1を選んで移動する。',
      視聴に切り替えた: 'ステージの「視聴する」を押す（スペースにいない）。',
      テーブルのチャンネルを開く: 'チャンネルの一覧で「テーブル1」を選ぶ。',
      古いメッセージを読む: 'メッセージの一覧をいちばん上までスクロールする。',
      送信: '「こんにちは」と入力して Enter を押す。',
      空白だけを送信: '空白だけを入力して Enter を押す。',
      '再送信・もう一度読み込む': '「再送信」または「もう一度読み込む」を押す。',
      取り消す: '送れなかったメッセージの「取り消す」を押す。',
      自分のメッセージを削除: '自分のメッセージの「削除」を押す。',
      パネルを表示: '「チャット」タブを選ぶ。',
      パネルを隠す: 'ほかのタブを選ぶ。',
      佐藤さんのメッセージ: '別のブラウザーで佐藤さんがワールド全体に書き込む。',
      佐藤さんからのDM: '別のブラウザーで佐藤さんがあなたにメッセージを送る。',
      メッセージが削除された: '別のブラウザーでオーナーが佐藤さんのメッセージを削除する。',
      チャットがオフにされた:
        '別のブラウザーでスタッフがワールド全体とスペースのチャットをオフにする。',
      チャットがオンに戻された: '別のブラウザーでスタッフがチャットをオンに戻す。',
      ミュートされた: '別のブラウザーでスタッフがあなたをミュートする。',
      ミュートを解除された: '別のブラウザーでスタッフがミュートを解除する。',
      削除できなかった: {
        do: '他人のメッセージの削除を試みる（一般メンバーとして）。',
        see: '「自分のメッセージだけを削除できます。」と表示される。',
      },
      お知らせを閉じる: 'お知らせの「閉じる」を押す。',
      チャンネルを読めた: '（待つ: チャンネルの一覧と未読数が出る）',
      チャンネルを読めない: 'DevTools の Network で通信を遮断してからチャットを開く。',
      チャンネルを読み直せた: '（待つ: 移動先のスペースのチャンネルが一覧に出る）',
      チャンネルを読み直せない: 'DevTools の Network で通信を遮断してからテーブルへ移動する。',
      履歴を読めた: '（待つ: 最新50件が出る）',
      '履歴を読めた（空）': '（待つ: 「まだメッセージはありません」）',
      履歴を読めない: 'DevTools の Network で …/chat_messages をブロックしてチャンネルを開く。',
      古い履歴を読めた: '（待つ: 上に古いメッセージが足される）',
      古い履歴を読めない: 'DevTools の Network で通信を遮断してから上までスクロールする。',
      送信できた: '（待つ: 自分のメッセージが一覧に出る）',
      送信できない: {
        do: 'DevTools の Network で通信を遮断してから送信する。',
        see: '送れなかったメッセージと理由、「再送信」「取り消す」。',
      },
      '送信が速すぎる（429）': {
        do: '5秒以内に6件送る。',
        see: '「送信が速すぎます。5秒間に送れるメッセージは5件までです。少し待ってから送ってください。」',
      },
    },
    states: {
      loading: '「チャットを読み込んでいます…」。',
      failed: '「チャットを読み込めませんでした。」と「もう一度読み込む」。',
      'ready.channels.idle': 'チャンネルの一覧（ワールド全体、いるスペース、DM）と未読数。',
      'ready.channels.refreshing': '移動先のスペースのチャンネルが一覧に出るまで前の一覧のまま。',
      'ready.history.loading': '「メッセージを読み込んでいます…」。',
      'ready.history.shown': '開いたチャンネルのメッセージ（時刻 HH:mm、名前、役割）。',
      'ready.history.loadingOlder': '一覧の上に「読み込んでいます…」。',
      'ready.history.unavailable': '「メッセージを読み込めませんでした。」と「もう一度読み込む」。',
      'ready.composer.writable': '入力欄と「送信」ボタン。',
      'ready.composer.sending': '送信中（入力欄は次の文を書ける）。',
      'ready.composer.failedSend': '送れなかったメッセージと理由、「再送信」「取り消す」。',
      'ready.composer.muted': '入力欄の代わりに「チャットでの発言を止められています。」',
      'ready.composer.closed':
        '入力欄の代わりに「ワールド全体のチャットはオフになっています。」などの理由。',
    },
  },
  input: { worldId },
  events: [
    {
      label: 'テーブルに移動',
      event: { type: 'chat.spaceChanged', spaceId: table },
    },
    {
      label: '視聴に切り替えた',
      event: { type: 'chat.spaceChanged', spaceId: null },
    },
    {
      label: 'テーブルのチャンネルを開く',
      event: { type: 'chat.open', channel: `space:${table}`, name: 'テーブル1' },
    },
    { label: '古いメッセージを読む', event: { type: 'chat.loadOlder' } },
    { label: '送信', event: { type: 'chat.send', body: ' こんにちは ' } },
    { label: '空白だけを送信', event: { type: 'chat.send', body: ' \n ' } },
    { label: '再送信・もう一度読み込む', event: { type: 'chat.retry' } },
    { label: '取り消す', event: { type: 'chat.discard' } },
    { label: '自分のメッセージを削除', event: { type: 'chat.delete', messageId: mine } },
    { label: 'パネルを表示', event: { type: 'chat.shown' } },
    { label: 'パネルを隠す', event: { type: 'chat.hidden' } },
    { label: '佐藤さんのメッセージ', event: { type: 'chat.received', message: message(second) } },
    {
      label: '佐藤さんからのDM',
      event: {
        type: 'chat.received',
        message: message(second, { kind: 'direct', recipientId: me }),
      },
    },
    {
      label: 'メッセージが削除された',
      event: {
        type: 'chat.removed',
        message: message(first, { body: null, deleted: true }),
      },
    },
    {
      label: 'チャットがオフにされた',
      event: { type: 'chat.settingsChanged', settings: { worldChat: false, spaceChat: false } },
    },
    {
      label: 'チャットがオンに戻された',
      event: { type: 'chat.settingsChanged', settings: { worldChat: true, spaceChat: true } },
    },
    { label: 'ミュートされた', event: { type: 'chat.mutedChanged', muted: true } },
    { label: 'ミュートを解除された', event: { type: 'chat.mutedChanged', muted: false } },
    {
      label: '削除できなかった',
      event: { type: 'chat.actionFailed', errors: ['自分のメッセージだけを削除できます。'] },
    },
    { label: 'お知らせを閉じる', event: { type: 'chat.dismissNotice' } },
  ],
  outcomes: {
    loadOverview: [
      { label: 'チャンネルを読めた', output: overview },
      { label: 'チャンネルを読めない', error: lost },
    ],
    refreshOverview: [
      { label: 'チャンネルを読み直せた', output: overview },
      { label: 'チャンネルを読み直せない', error: lost },
    ],
    loadHistory: [
      { label: '履歴を読めた', output: { items: [message(first)], hasOlder: true } },
      { label: '履歴を読めた（空）', output: { items: [], hasOlder: false } },
      { label: '履歴を読めない', error: lost },
    ],
    loadOlder: [
      {
        label: '古い履歴を読めた',
        output: { items: [message('00000000-0000-4000-8000-0000000000c0')], hasOlder: false },
      },
      { label: '古い履歴を読めない', error: lost },
    ],
    postMessage: [
      {
        label: '送信できた',
        output: message(mine, { senderId: me, senderName: 'デモ', senderRole: 'owner' }),
      },
      { label: '送信できない', error: lost },
      { label: '送信が速すぎる（429）', error: tooFast },
    ],
  },
  // Bounds the context: each fact changes on its own, from a settled panel (history shown with at
  // most one message, composer writable, nothing failed or told), so that every transition is
  // reached without every combination of them (the unit tests combine them).
  filterEvents: (snapshot, event) => {
    const { context } = snapshot;
    const settled =
      snapshot.matches({ ready: { channels: 'idle', history: 'shown', composer: 'writable' } }) &&
      context.messages.length <= 1 &&
      context.pending === null &&
      context.notice === null &&
      context.errors.length === 0 &&
      context.visible;
    // In the world channel, in no space: where most facts change. A move to the table is
    // followed only by opening its channel and leaving it again.
    const inWorld = settled && context.open === 'world' && context.spaceId === null;
    switch (event.type) {
      case 'chat.received':
        return inWorld && context.channels.length < 2 && context.messages.length === 0;
      case 'chat.removed':
      case 'chat.loadOlder':
        return inWorld && context.messages.length === 1;
      case 'chat.hidden':
        return inWorld && context.messages[0]?.id === first && context.messages.length === 1;
      case 'chat.open':
        return settled && context.spaceId !== null && event.channel !== context.open;
      case 'chat.spaceChanged':
        if (snapshot.matches('failed')) return event.spaceId !== null;
        if (!snapshot.matches('ready')) return false;
        return context.spaceId === null
          ? inWorld && event.spaceId !== null && context.channels.length < 2
          : settled && event.spaceId === null && context.open !== 'world';
      case 'chat.shown':
        return !context.visible || (inWorld && context.messages.length === 0);
      case 'chat.settingsChanged':
        return event.settings.worldChat
          ? snapshot.matches({ ready: { composer: 'closed' } })
          : inWorld && context.messages.length === 0;
      case 'chat.mutedChanged':
        return event.muted
          ? (inWorld && context.messages.length === 0) ||
              snapshot.matches({ ready: { composer: 'closed' } })
          : snapshot.matches({ ready: { composer: 'muted' } });
      case 'chat.dismissNotice':
        return context.notice !== null;
      case 'chat.actionFailed':
      case 'chat.delete':
        return inWorld && context.messages.length === 1;
      case 'chat.send':
        return inWorld;
      default:
        return true;
    }
  },
  oracles: {
    '(start)': {},
    '(root) —chat.spaceChanged→ (stays)': {},
    'loading —xstate.done.actor.loadOverview→ ready': {},
    'loading —xstate.error.actor.loadOverview→ failed': {},
    'failed —chat.retry→ loading': {},
    // Leaving the space whose channel is open opens the next one's history.
    // A move reads the channel list again; leaving the open space opens the next one's history.
    'ready —chat.spaceChanged→ ready.history.loading, ready.channels.refreshing': {
      takenBy: ['視聴に切り替えた'],
    },
    'ready —chat.spaceChanged→ ready.channels.refreshing': {},
    'ready.channels.refreshing —xstate.done.actor.refreshOverview→ ready.channels.idle': {},
    'ready.channels.refreshing —xstate.error.actor.refreshOverview→ ready.channels.idle': {},
    'ready —chat.open→ ready.history.loading': {},
    // A message of another in the open channel, on screen, is read at once; elsewhere (a direct
    // message while the world is open, or the panel hidden) it only counts as unread.
    'ready —chat.received→ (stays)': (_e, _from, { label, before }) =>
      label === '佐藤さんのメッセージ' &&
      selectOpenChannel(before) === 'world' &&
      before.context.visible
        ? { effects: [effect('markRead', { channel: 'world', messageId: second })] }
        : {},
    'ready —chat.removed→ (stays)': {},
    'ready —chat.settingsChanged→ (stays)': {},
    'ready —chat.mutedChanged→ (stays)': {},
    // The panel on screen again reads what it shows.
    'ready —chat.shown→ (stays)': (_e, _from, { before }) =>
      !before.context.visible && selectMessages(before).length > 0
        ? { effects: [effect('markRead', { channel: 'world', messageId: first })] }
        : {},
    'ready —chat.hidden→ (stays)': {},
    // Deleting is the server's: chat.removed follows for everyone.
    'ready —chat.delete→ (stays)': {
      effects: [effect('deleteMessage', { messageId: mine })],
    },
    'ready —chat.actionFailed→ (stays)': {},
    'ready —chat.dismissNotice→ (stays)': {},
    // A history that opens on screen is read up to its newest message; an empty one reads nothing.
    'ready.history.loading —xstate.done.actor.loadHistory→ ready.history.shown': (
      _e,
      _from,
      { label, before },
    ) =>
      label === '履歴を読めた' && before.context.visible
        ? { effects: [effect('markRead', { channel: 'world', messageId: first })] }
        : {},
    'ready.history.loading —xstate.error.actor.loadHistory→ ready.history.unavailable': {},
    'ready.history.shown —chat.loadOlder→ ready.history.loadingOlder': {},
    'ready.history.loadingOlder —xstate.done.actor.loadOlder→ ready.history.shown': {},
    'ready.history.loadingOlder —xstate.error.actor.loadOlder→ ready.history.shown': {},
    'ready.history.unavailable —chat.retry→ ready.history.loading': {},
    // A blank text is refused in the browser and sends nothing (入力してください。).
    'ready.composer.writable —chat.send→ ready.composer.sending': {
      takenBy: ['送信'],
    },
    'ready.composer.writable —chat.send→ (stays)': { takenBy: ['空白だけを送信'] },
    'ready.composer.writable —always→ ready.composer.muted': {},
    'ready.composer.writable —always→ ready.composer.closed': {},
    'ready.composer.sending —xstate.done.actor.postMessage→ ready.composer.writable': {},
    'ready.composer.sending —xstate.error.actor.postMessage→ ready.composer.failedSend': {},
    'ready.composer.failedSend —chat.retry→ ready.composer.sending': {},
    'ready.composer.failedSend —chat.discard→ ready.composer.writable': {},
    'ready.composer.muted —always→ ready.composer.writable': {},
    'ready.composer.closed —always→ ready.composer.muted': {},
    'ready.composer.closed —always→ ready.composer.writable': {},
  },
  labels: {
    machine: 'チャット',
    states: {
      loading: 'チャンネルを読み込み中',
      failed: '読み込めない',
      ready: '表示中',
      'ready.channels': 'チャンネルの一覧',
      'ready.channels.idle': '一覧を表示',
      'ready.channels.refreshing': '一覧を読み直し中',
      'ready.history': '履歴',
      'ready.history.loading': '履歴を読み込み中',
      'ready.history.shown': '履歴を表示',
      'ready.history.loadingOlder': '古い履歴を読み込み中',
      'ready.history.unavailable': '履歴を読めない',
      'ready.composer': '入力欄',
      'ready.composer.writable': '書き込める',
      'ready.composer.sending': '送信中',
      'ready.composer.failedSend': '送信に失敗',
      'ready.composer.muted': 'ミュート中',
      'ready.composer.closed': '書き込めないチャンネル',
    },
    events: {
      'chat.spaceChanged': 'スペースを移動した',
      'chat.open': 'チャンネルを開く',
      'chat.loadOlder': '古いメッセージを読む',
      'chat.send': '送信',
      'chat.retry': '再送信・もう一度読み込む',
      'chat.discard': '取り消す',
      'chat.delete': 'メッセージを削除',
      'chat.shown': 'パネルを表示',
      'chat.hidden': 'パネルを隠す',
      'chat.received': 'メッセージが届いた',
      'chat.removed': 'メッセージが削除された',
      'chat.settingsChanged': 'チャットの設定が変わった',
      'chat.mutedChanged': 'ミュートが変わった',
      'chat.actionFailed': '操作が拒まれた',
      'chat.dismissNotice': 'お知らせを閉じる',
    },
  },
});
