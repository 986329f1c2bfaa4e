import { PaymentError } from '../services/payments/payment-error';
import type { PaymentMethod, PaymentResult } from '../services/payments/payments-api';
import { checkoutMachine, type CheckoutOrder } from './checkout.machine';
import { definePaths, effect, type Expected } from './path-config';

// Event payloads, actor outcomes and Japanese labels for the generated path tests (tests/paths).

const worldId = '00000000-0000-4000-8000-00000000000a';
const visa: PaymentMethod = {
  id: '00000000-0000-4000-8000-0000000000c1',
  brand: 'visa',
  last4: '4242',
  expMonth: 12,
  expYear: 2030,
  isDefault: true,
  createdAt: '2025-01-01T00:00:00.000Z',
};
const jcb: PaymentMethod = {
  ...visa,
  id: '00000000-0000-4000-8000-0000000000c2',
  brand: 'jcb',
  last4: '0002',
  isDefault: false,
};
const order: CheckoutOrder = {
  worldId,
  items: [
    {
      worldId,
      startAt: '2030-06-03T01:00:00.000Z',
      endAt: '2030-06-03T02:30:00.000Z',
      capacity: 20,
      isRehearsal: false,
      eventAnnouncementId: null,
      price: 3300,
    },
  ],
  timezone: 'Asia/Tokyo',
  total: 3300,
};
const result: PaymentResult = {
  paymentHistory: {
    id: '00000000-0000-4000-8000-0000000000e1',
    createdAt: '2030-01-01T00:00:00.000Z',
    paymentType: 'card',
    cancelled: false,
    total: 3300,
    worldId,
    worldName: '春のワールド',
    ssWorldName: '春のワールド',
    cardLast4: '4242',
    receiptUrl: 'http://localhost/receipts/e1',
    userId: '00000000-0000-4000-8000-000000000001',
    userName: '山田花子',
    dates: [
      {
        startAt: '2030-06-03T01:00:00.000Z',
        endAt: '2030-06-03T02:30:00.000Z',
        capacity: 20,
        amount: 3300,
      },
    ],
  },
  calendarDates: [],
};
const paymentId = '00000000-0000-4000-8000-0000000000f1';
const paid = { status: 'paid', result } as const;
const localAction = {
  status: 'requiresAction',
  paymentId,
  provider: 'local',
  clientSecret: paymentId,
} as const;
const stripeAction = {
  status: 'requiresAction',
  paymentId,
  provider: 'stripe',
  clientSecret: 'pi_1_secret_2',
} as const;
const declined = new PaymentError(
  'declined',
  ['カードが拒否されました。別のカードをお試しください。'],
  422,
);
const lost = new PaymentError(
  'unknown',
  ['通信できませんでした。接続を確かめて、もう一度お試しください。'],
  0,
);

const succeeded: Expected = { effects: [effect('paymentSucceeded', { result })] };

export const paths = definePaths(checkoutMachine, {
  events: [
    { label: 'JCBのカードを選ぶ', event: { type: 'checkout.cardSelected', id: jcb.id } },
    { label: 'カードを追加する', event: { type: 'checkout.addCardOpened' } },
    { label: 'カードの追加をやめる', event: { type: 'checkout.addCardCancelled' } },
    {
      label: 'テストカードを登録',
      event: {
        type: 'checkout.cardSubmitted',
        card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' },
        makeDefault: false,
      },
    },
    {
      label: '支払う',
      event: { type: 'checkout.pay', order, now: Date.parse('2030-01-01T00:00:00Z') },
    },
    { label: '承認する', event: { type: 'checkout.authApproved' } },
    { label: '拒否する', event: { type: 'checkout.authRejected' } },
    { label: 'もう一度', event: { type: 'checkout.retry' } },
    { label: '閉じる', event: { type: 'checkout.dismissed' } },
    { label: '続けて予約する', event: { type: 'checkout.restarted' } },
  ],
  outcomes: {
    loadMethods: [
      { label: '登録済みカード2枚', output: [visa, jcb] },
      { label: '登録済みカードなし', output: [] },
      { label: 'カードの読み込みに失敗', error: lost },
    ],
    saveCard: [
      {
        label: 'カードを登録できた',
        output: { ...jcb, id: '00000000-0000-4000-8000-0000000000c3', isDefault: false },
      },
      {
        label: 'カードが登録を拒否された',
        error: new PaymentError('declined', ['カード番号が正しくありません。'], 422),
      },
    ],
    createPayment: [
      { label: '支払い完了（201）', output: paid },
      { label: '認証が必要（ローカル）', output: localAction },
      { label: '認証が必要（Stripe）', output: stripeAction },
      { label: 'カードが拒否された（422）', error: declined },
      { label: '応答が失われた', error: lost },
    ],
    authenticateLocal: [
      { label: '認証の回答を受け付けた', output: undefined },
      { label: '認証の回答に失敗', error: lost },
    ],
    handleNextAction: [
      { label: 'Stripeの認証が終わった', output: undefined },
      { label: 'Stripeの認証に失敗', error: declined },
    ],
    confirmPayment: [
      { label: '確定（201）', output: paid },
      { label: 'まだ認証待ち（ローカル）', output: localAction },
      { label: 'まだ認証待ち（Stripe）', output: stripeAction },
      { label: '認証が拒否された（422）', error: declined },
      { label: '確定の応答が失われた', error: lost },
    ],
    verifyPayment: [
      { label: '支払われていた', output: paid },
      { label: '支払われていなかった', output: { status: 'notPaid' } },
      { label: '処理中の支払いがある', output: { status: 'pending' } },
      { label: '認証待ちだった（ローカル）', output: localAction },
      { label: '認証待ちだった（Stripe）', output: stripeAction },
      { label: '拒否されていた', error: declined },
      { label: 'まだ通信できない', error: lost },
    ],
  },
  // The context remembers cards, the order, the last answer and messages; left free, every
  // combination would be walked through the whole payment flow. Paying starts only from the
  // first card list with the default card chosen (or to meet the refusals), a card is added
  // once, and another card is chosen once.
  filterEvents: (snapshot, event) => {
    const c = snapshot.context;
    const calm = c.errors.length === 0 && c.notice === null && c.cardErrors.length === 0;
    switch (event.type) {
      case 'checkout.pay':
        // Again straight from a decline, once (issue 11: the pay button sends one event).
        if (snapshot.matches('declined'))
          return c.selectedId === visa.id && c.authAnswer === 'approve' && c.notice === null;
        return (
          calm &&
          c.order === null &&
          c.authAnswer === 'approve' &&
          c.methods.length === 2 &&
          c.selectedId === visa.id
        );
      case 'checkout.cardSubmitted':
        return (
          c.cardErrors.length === 0 &&
          c.methods.length < 3 &&
          !c.methods.some((m) => m.id.endsWith('c3'))
        );
      case 'checkout.cardSelected':
        return c.selectedId !== jcb.id && c.methods.some((m) => m.id === jcb.id);
      case 'checkout.addCardOpened':
        return c.order === null
          ? c.methods.length !== 3
          : c.authAnswer === 'approve' && c.selectedId === visa.id;
      default:
        return true;
    }
  },
  maxSimplePaths: 100,
  // What a person expects (docs/decisions/008-reservations-and-payments.md): the one effect is
  // the success (the cart emptied, the reserved dates shown) with the server's result, once per
  // payment; which answer of the server leads where is fixed by takenBy.
  oracles: {
    '(start)': {},
    'loading —xstate.done.actor.loadMethods [noMethods]→ addingCard': {
      takenBy: ['登録済みカードなし'],
    },
    'loading —xstate.done.actor.loadMethods→ choosing': { takenBy: ['登録済みカード2枚'] },
    'loading —xstate.error.actor.loadMethods→ loadFailed': {},
    'loadFailed —checkout.retry→ loading': {},
    'choosing —checkout.cardSelected→ (stays)': {},
    'choosing —checkout.addCardOpened→ addingCard': {},
    'choosing —checkout.pay [canPay]→ paying': {},
    'declined —checkout.pay [canPay]→ paying': {},
    'addingCard —checkout.cardSubmitted→ savingCard': {},
    'addingCard —checkout.addCardCancelled [hasCard]→ choosing': {},
    'savingCard —xstate.done.actor.saveCard→ choosing': {},
    'savingCard —xstate.error.actor.saveCard→ addingCard': {},
    'paying —xstate.done.actor.createPayment [paid]→ succeeded': {
      ...succeeded,
      takenBy: ['支払い完了（201）'],
    },
    'paying —xstate.done.actor.createPayment [localAction]→ authenticating': {
      takenBy: ['認証が必要（ローカル）'],
    },
    'paying —xstate.done.actor.createPayment→ stripeAction': { takenBy: ['認証が必要（Stripe）'] },
    'paying —xstate.error.actor.createPayment [outcomeUnknown]→ verifying': {
      takenBy: ['応答が失われた'],
    },
    'paying —xstate.error.actor.createPayment→ declined': {
      takenBy: ['カードが拒否された（422）'],
    },
    'authenticating —checkout.authApproved→ answering': {},
    'authenticating —checkout.authRejected→ answering': {},
    'answering —xstate.done.actor.authenticateLocal→ confirming': {},
    'answering —xstate.error.actor.authenticateLocal→ confirming': {},
    'stripeAction —xstate.done.actor.handleNextAction→ confirming': {},
    'stripeAction —xstate.error.actor.handleNextAction→ confirming': {},
    'confirming —xstate.done.actor.confirmPayment [paid]→ succeeded': {
      ...succeeded,
      takenBy: ['確定（201）'],
    },
    'confirming —xstate.done.actor.confirmPayment [localAction]→ authenticating': {
      takenBy: ['まだ認証待ち（ローカル）'],
    },
    'confirming —xstate.done.actor.confirmPayment→ stripeAction': {
      takenBy: ['まだ認証待ち（Stripe）'],
    },
    'confirming —xstate.error.actor.confirmPayment [outcomeUnknown]→ verifying': {
      takenBy: ['確定の応答が失われた'],
    },
    'confirming —xstate.error.actor.confirmPayment→ declined': {
      takenBy: ['認証が拒否された（422）'],
    },
    'verifying —xstate.done.actor.verifyPayment [paid]→ succeeded': {
      ...succeeded,
      takenBy: ['支払われていた'],
    },
    'verifying —xstate.done.actor.verifyPayment [localAction]→ authenticating': {
      takenBy: ['認証待ちだった（ローカル）'],
    },
    'verifying —xstate.done.actor.verifyPayment [stripeAction]→ stripeAction': {
      takenBy: ['認証待ちだった（Stripe）'],
    },
    'verifying —xstate.done.actor.verifyPayment [notPaid]→ choosing': {
      takenBy: ['支払われていなかった'],
    },
    'verifying —xstate.done.actor.verifyPayment→ verifyFailed': {
      takenBy: ['処理中の支払いがある'],
    },
    'verifying —xstate.error.actor.verifyPayment [outcomeUnknown]→ verifyFailed': {
      takenBy: ['まだ通信できない'],
    },
    'verifying —xstate.error.actor.verifyPayment→ declined': { takenBy: ['拒否されていた'] },
    'verifyFailed —checkout.retry→ verifying': {},
    'declined —checkout.cardSelected→ choosing': {},
    'declined —checkout.addCardOpened→ addingCard': {},
    'declined —checkout.dismissed→ choosing': {},
    'succeeded —checkout.restarted→ choosing': {},
  },
  labels: {
    machine: 'お支払い',
    states: {
      loading: 'カードを読み込み中',
      loadFailed: 'カードの読み込みに失敗',
      choosing: 'カードを選ぶ',
      addingCard: 'カードを入力中',
      savingCard: 'カードを登録中',
      paying: '支払い中',
      authenticating: 'カード会社の認証（ローカル）',
      answering: '認証の回答を送信中',
      stripeAction: 'カード会社の認証（Stripe）',
      confirming: '支払いを確定中',
      verifying: '支払い状況を確認中',
      verifyFailed: '支払い状況が不明',
      declined: '支払いが拒否された',
      succeeded: '支払い完了',
    },
    events: {
      'checkout.cardSelected': 'カードを選ぶ',
      'checkout.addCardOpened': 'カードを追加する',
      'checkout.addCardCancelled': 'カードの追加をやめる',
      'checkout.cardSubmitted': 'カードを登録する',
      'checkout.pay': '支払う',
      'checkout.authApproved': '承認する',
      'checkout.authRejected': '拒否する',
      'checkout.retry': 'もう一度',
      'checkout.dismissed': '閉じる',
      'checkout.restarted': '続けて予約する',
    },
  },
});
