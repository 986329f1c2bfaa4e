import { PaymentError } from '../services/payments/payment-error';
import type { PaymentMethod } from '../services/payments/payments-api';
import { definePaths } from './path-config';
import { paymentMethodsMachine } from './payment-methods.machine';

// Event payloads, actor outcomes, labels and oracles for the generated path tests (tests/paths).

const card = (id: string, brand: PaymentMethod['brand'], last4: string, isDefault: boolean) =>
  ({
    id: `00000000-0000-4000-8000-0000000000${id}`,
    brand,
    last4,
    expMonth: 12,
    expYear: 2030,
    isDefault,
    createdAt: '2025-01-01T00:00:00.000Z',
  }) as PaymentMethod;
const visa = card('c1', 'visa', '4242', true);
const jcb = card('c2', 'jcb', '0000', false);
const lost = new PaymentError('unknown', ['通信できませんでした。'], 0);

export const paths = definePaths(paymentMethodsMachine, {
  // What a person does and sees (npm run qa:paths), on /mypage/payments (README: test cards).
  manual: {
    setup:
      'demo@example.com / demo-password でログインし、/mypage/payments を開く。登録済みのカードは既定の VISA と JCB の2枚にしておく。',
    steps: {
      もう一度読み込む: '「もう一度読み込む」を押す。',
      カードを追加: '「カードを追加」を押す。',
      カードの追加をやめる: 'カードの入力欄の「やめる」を押す。',
      'カード情報を送信（既定にする）':
        '4242 4242 4242 4242 などを入れ「既定にする」を選んで登録する。',
      JCBを既定にする: 'JCB の行の「既定にする」を押す。',
      JCBを削除: 'JCB の行の「削除」を押す。',
      '削除する（確認）': '確認の「削除する」を押す。',
      削除をやめる: '確認の「やめる」を押す。',
      登録済みカード2枚: '（待つ: 2枚のカードが表示される）',
      カードの読み込みに失敗:
        'DevTools の Network で …/payment_methods をブロックしてページを開く。',
      'カード入力欄を用意できた（ローカル）': '（待つ: カードの入力欄が出る）',
      'Stripe.jsを読み込めない':
        'Stripe のサーバーで、DevTools で js.stripe.com をブロックして「カードを追加」。',
      カードを登録できた: '（待つ: カードが一覧に加わる）',
      カードが登録を拒否された: {
        do: '検査に通らない番号（4242 4242 4242 4241）で登録する。',
        see: 'サーバーの拒否の理由が表示され、入力は残る。',
      },
      既定を変更できた: '（待つ: 「既定」の印が JCB に移る）',
      既定を変更できない: 'DevTools で既定の変更の要求をブロックしてから「既定にする」。',
      削除できた: '（待つ: JCB が一覧から消える）',
      削除できない: 'DevTools で削除の要求をブロックしてから「削除する」。',
    },
    states: {
      loading: '「登録済みのカードを読み込み中…」。',
      loadFailed: '「登録済みのカードを読み込めませんでした。」と「もう一度読み込む」。',
      ready:
        '「登録済みのカード」の一覧（既定のカードに「既定」）。なければ「登録済みのカードはありません。」',
      settingDefault: '既定のカードを変更中（ボタンが押せない）。',
      confirmingDelete: '「このカードを削除しますか？」と「削除する」「やめる」。',
      deleting: 'カードを削除中。',
      'adding.preparing': 'カードの入力欄を準備中。',
      'adding.unavailable': 'カードの入力欄を表示できない旨。',
      'adding.editing': 'カード情報の入力欄。',
      'adding.saving': 'カードを登録中（ボタンが押せない）。',
    },
  },
  events: [
    { label: 'もう一度読み込む', event: { type: 'methods.retry' } },
    { label: 'カードを追加', event: { type: 'methods.addOpened' } },
    { label: 'カードの追加をやめる', event: { type: 'methods.addCancelled' } },
    {
      label: 'カード情報を送信（既定にする）',
      event: {
        type: 'methods.cardSubmitted',
        card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
        makeDefault: true,
      },
    },
    { label: 'JCBを既定にする', event: { type: 'methods.defaultChosen', id: jcb.id } },
    { label: 'JCBを削除', event: { type: 'methods.deleteAsked', id: jcb.id } },
    { label: '削除する（確認）', event: { type: 'methods.deleteConfirmed' } },
    { label: '削除をやめる', event: { type: 'methods.deleteCancelled' } },
  ],
  outcomes: {
    loadMethods: [
      { label: '登録済みカード2枚', output: [visa, jcb] },
      { label: 'カードの読み込みに失敗', error: lost },
    ],
    prepareForm: [
      { label: 'カード入力欄を用意できた（ローカル）', output: { provider: 'local' } },
      { label: 'Stripe.jsを読み込めない', error: new Error('Stripe.js を読み込めませんでした。') },
    ],
    saveCard: [
      { label: 'カードを登録できた', output: { ...jcb, id: visa.id.replace('c1', 'c3') } },
      {
        label: 'カードが登録を拒否された',
        error: new PaymentError('declined', ['カード番号が正しくありません。'], 422),
      },
    ],
    makeDefault: [
      { label: '既定を変更できた', output: undefined },
      { label: '既定を変更できない', error: lost },
    ],
    deleteMethod: [
      { label: '削除できた', output: undefined },
      { label: '削除できない', error: lost },
    ],
  },
  // The flow has no effects of its own (the actors are the server calls): a person expects the
  // screens of the states, and which answer of the server leads where (takenBy).
  oracles: {
    '(start)': {},
    'loading —xstate.done.actor.loadMethods→ ready': { takenBy: ['登録済みカード2枚'] },
    'loading —xstate.error.actor.loadMethods→ loadFailed': {
      takenBy: ['カードの読み込みに失敗'],
    },
    'loadFailed —methods.retry→ loading': {},
    'ready —methods.addOpened→ adding': {},
    'ready —methods.defaultChosen→ settingDefault': {},
    'ready —methods.deleteAsked→ confirmingDelete': {},
    'adding —methods.addCancelled→ ready': {},
    'adding.preparing —always [formReady]→ adding.editing': {},
    'adding.preparing —xstate.done.actor.prepareForm→ adding.editing': {},
    'adding.preparing —xstate.error.actor.prepareForm→ adding.unavailable': {},
    'adding.editing —methods.cardSubmitted→ adding.saving': {},
    'adding.saving —xstate.done.actor.saveCard→ loading': { takenBy: ['カードを登録できた'] },
    'adding.saving —xstate.error.actor.saveCard→ adding.editing': {
      takenBy: ['カードが登録を拒否された'],
    },
    'settingDefault —xstate.done.actor.makeDefault→ loading': { takenBy: ['既定を変更できた'] },
    'settingDefault —xstate.error.actor.makeDefault→ ready': { takenBy: ['既定を変更できない'] },
    // Deleting a card asks first (the payments page's confirmation dialog); only the confirmation
    // sends it.
    'confirmingDelete —methods.deleteConfirmed→ deleting': {},
    'confirmingDelete —methods.deleteCancelled→ ready': {},
    'deleting —xstate.done.actor.deleteMethod→ loading': { takenBy: ['削除できた'] },
    'deleting —xstate.error.actor.deleteMethod→ ready': { takenBy: ['削除できない'] },
  },
  // Each change once: the list would otherwise be walked through every order of them.
  filterEvents: (snapshot, event) =>
    event.type === 'methods.retry' ||
    (snapshot.context.notice === null && snapshot.context.errors.length === 0),
  labels: {
    machine: '登録済みのカード',
    states: {
      loading: 'カードを読み込み中',
      loadFailed: '読み込みに失敗',
      ready: 'カード一覧',
      adding: 'カードを追加',
      'adding.preparing': 'カード入力欄を準備中',
      'adding.unavailable': 'カード入力欄を表示できない',
      'adding.editing': 'カード情報を入力中',
      'adding.saving': 'カードを登録中',
      settingDefault: '既定のカードを変更中',
      confirmingDelete: '削除の確認',
      deleting: 'カードを削除中',
    },
    events: {
      'methods.retry': 'もう一度読み込む',
      'methods.addOpened': 'カードを追加',
      'methods.addCancelled': 'カードの追加をやめる',
      'methods.cardSubmitted': 'カード情報を送信',
      'methods.defaultChosen': '既定にする',
      'methods.deleteAsked': '削除',
      'methods.deleteConfirmed': '削除する（確認）',
      'methods.deleteCancelled': '削除をやめる',
    },
  },
});
