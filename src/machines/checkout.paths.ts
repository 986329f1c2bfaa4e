import type { PaymentMethod, PaymentResult } from '../services/payments/payments-api';
import { messagesOf, PaymentError } from '../services/payments/payment-error';
import { checkoutMachine } from './checkout.machine';
import { PENDING_CANCELLED_NOTICE, type CheckoutOrder } from './checkout.setup';
import { selectErrors, selectNotice, selectVoucher } from './checkout.selectors';
import { definePaths, effect, sees, type Expected } from './path-config';

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
    refunds: [],
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

const voucher = {
  status: 'voucher',
  paymentId,
  voucher: {
    paymentNumber: '12345678901',
    confirmationNumber: '1234',
    expiresAt: '2030-01-04T00:00:00.000Z',
    url: null,
  },
} as const;
const succeeded: Expected = { effects: [effect('paymentSucceeded', { result })] };
/** Reserved under the world's fixed plan: a history of paymentType fixed, 0 yen. */
const planResult: PaymentResult = {
  ...result,
  paymentHistory: { ...result.paymentHistory, paymentType: 'fixed', total: 0, cardLast4: null },
};
/** A payment of the same date left awaiting authentication (the tab closed), listed on the page. */
const abandonedId = '00000000-0000-4000-8000-0000000000f2';

export const paths = definePaths(checkoutMachine, {
  // What a person does and sees (npm run qa:paths), from docs/decisions/008-reservations-and-payments.md and README (test cards).
  manual: {
    setup:
      'demo@example.com / demo-password でログインし、デモのワールドの日時をカートに入れて /mypage/worlds/<ID>/payment を開く。テストカード: 4242 4242 4242 4242 は成功、4000 0000 0000 0002 は拒否、4000 0027 6000 3184 は認証あり（README）。Stripe の手順は STRIPE_* を設定したサーバーで。',
    steps: {
      JCBのカードを選ぶ: '登録済みのカードから JCB を選ぶ。',
      カードを追加する: '「別のカードを追加」（カードがなければ「カードを追加」）を押す。',
      カードの追加をやめる: 'カードの入力欄の「やめる」を押す。',
      テストカードを登録: 'カード番号・有効期限などを入れて登録する。',
      支払う: '「支払う」を押す。',
      '0円で支払う': {
        do: 'カートの合計が 0 円の状態で「支払う」を押そうとする。',
        see: '「支払う」は押せず、支払いの要求は送られない。',
      },
      マイナスの金額で支払う: {
        do: '合計がマイナスになる注文で「支払う」を送る（DevTools から）。',
        see: '何も起きず、支払いの要求は送られない。',
      },
      承認する: 'カード会社の認証画面（テスト用）で「承認する」を押す。',
      拒否する: 'カード会社の認証画面（テスト用）で「拒否する」を押す。',
      もう一度: '「もう一度読み込む」（または「お支払い状況を確認する」）を押す。',
      閉じる: '結果のお知らせの「閉じる」を押す。',
      続けて予約する: '「続けて予約する」を押す。',
      認証を続ける:
        '認証の途中でタブを閉じた支払い（4000 0027 6000 3184）がある状態で開き直し、「認証待ちのお支払い」の「認証を続ける」を押す。',
      取り消す: '「認証待ちのお支払い」の「取り消す」を押す。',
      認証済みで支払われていた: '（待つ: 別のタブで認証を済ませていた支払いが確定する）',
      '認証の画面をもう一度（ローカル）': '（待つ: テスト用の認証画面がもう一度開く）',
      '認証の画面をもう一度（Stripe）': '（Stripe のサーバーで: 3D セキュアの画面がもう一度開く）',
      'すでに取り消されていた（422）':
        '別のタブでその支払いを取り消してから「認証を続ける」を押す。',
      '取り消せた（204）': {
        do: '（待つ: 取り消しが受け付けられる）',
        see: '「お支払いを取り消しました。確保していた日時は解除され、すぐにまた予約できます。」カレンダーのその日時が空く。',
      },
      コンビニ払いにする: '日時が2日以上先の注文で「コンビニ払いにする」を押す。',
      開始まで24時間ほどの注文をコンビニ払いにする: {
        do: '開始まで25時間未満の日時だけの注文で「コンビニ払いにする」を送る（DevTools から）。',
        see: '「コンビニ払いにする」は表示されず、何も起きない。',
      },
      '払込票が発行された（202）': '（待つ: 払込票の番号と支払期限が表示される）',
      定額プランで予約する: '契約中の定額プランがあるワールドで「定額プランで予約する」を押す。',
      定額プランのないワールドで予約する: {
        do: '定額プランの契約がないワールドで「定額プランで予約する」を送る（DevTools から）。',
        see: '「定額プランで予約する」は表示されず、何も起きない。',
      },
      '定額プランで予約できた（201）':
        '（待つ: 「定額プランで予約が確定しました」と予約済みの日時）',
      '定額プランでは予約できない（422）': {
        do: 'プランの期間外の日時、またはプランの最大人数を超える日時で「定額プランで予約する」を押す。',
        see: 'サーバーの理由（「固定プランの期間外の日時が含まれています。…」など）がカードの一覧の下に出る。',
      },
      'コンビニ払いを受け付けなかった（422）':
        '別のタブでその日時を予約してから「コンビニ払いにする」を押す。',
      '払込票をもう一度（支払い待ち）':
        '払込票を発行したあと開き直し、「支払い待ちのお支払い」の払込票の「払込票を表示」を押す。',
      取り消しの応答が失われた:
        'DevTools で取り消しの要求（DELETE …/pending_payments/…）をブロックする。',
      登録済みカード2枚: '既定のカード（VISA）と JCB を登録済みの所有者で開く。',
      登録済みカードなし: 'カードを登録していない所有者で開く。',
      カードの読み込みに失敗:
        'DevTools の Network で …/payment_methods をブロックしてページを開く。',
      カードを登録できた: '4242 4242 4242 4242 を入れて登録する。',
      カードが登録を拒否された: {
        do: '検査に通らないカード番号（例: 4242 4242 4242 4241）を入れて登録する。',
        see: 'サーバーの拒否の理由が入力欄に表示される。',
      },
      '支払い完了（201）': '既定のカードが 4242 … のとき（前の「支払う」の結果）。',
      '認証が必要（ローカル）': '4000 0027 6000 3184 のカードで支払う。',
      '認証が必要（Stripe）': 'Stripe のサーバーで 4000 0027 6000 3184 のカードで支払う。',
      'カードが拒否された（422）': '4000 0000 0000 0002 のカードで支払う。',
      応答が失われた:
        'DevTools の Network で支払いの要求（POST …/payments）をブロックしてから「支払う」を押す。',
      認証の回答を受け付けた: '（待つ: 認証の回答が受け付けられる）',
      認証の回答に失敗: 'DevTools で認証の回答の要求をブロックしてから回答する。',
      Stripeの認証が終わった: '（Stripe の認証画面で「Complete」）',
      Stripeの認証に失敗: 'Stripe の認証画面で「Fail」を押す。',
      '確定（201）': '（待つ: 支払いが確定する）',
      'まだ認証待ち（ローカル）': '（待つ: サーバーがまだ認証待ちと答える）',
      'まだ認証待ち（Stripe）': '（待つ: Stripe がまだ認証待ちと答える）',
      '認証が拒否された（422）': '（認証で「拒否する」を選んだ結果）',
      確定の応答が失われた: 'DevTools で確定の要求をブロックする。',
      支払われていた: '（待つ: 予約状況から支払い済みとわかる）',
      支払われていなかった: '（待つ: 予約状況から支払われていないとわかる）',
      処理中の支払いがある: '（待つ: サーバーがまだ処理中と答える）',
      '認証待ちだった（ローカル）': '（待つ: 支払いが認証待ちだったとわかる）',
      '認証待ちだった（Stripe）': '（待つ: Stripe の認証待ちだったとわかる）',
      拒否されていた: '（待つ: 支払いが拒否されていたとわかる）',
      まだ通信できない: 'DevTools の Network をオフラインのままにして状況の確認を待つ。',
    },
    states: {
      loading: '「登録済みのカードを読み込み中…」。',
      loadFailed: '「登録済みのカードを読み込めませんでした。」と「もう一度読み込む」。',
      choosing: '「お支払いに使うカード」の一覧（・既定）と「支払う」ボタン、お支払い金額。',
      addingCard: 'カードの入力欄（「カード情報を入力してください。」）。',
      savingCard: 'カードを登録中（ボタンが押せない）。',
      paying: '「お支払いを処理しています…」。',
      authenticating:
        '「カード会社が本人確認を求めています。」テスト用の認証画面に「承認する」「拒否する」。',
      answering: '「認証の結果を送っています…」。',
      stripeAction: 'Stripe の 3D セキュアの画面。',
      confirming: '「お支払いを確定しています…」。',
      verifying: '「お支払いの状況を確認しています…」。',
      verifyFailed:
        '「お支払いの結果を確認できていません」「二重にお支払いいただくことのないよう、結果を確認できるまで、もう一度のお支払いはお受けしません。」と「お支払い状況を確認する」。',
      declined:
        '「お支払いができませんでした」「予約は確定していません。別のカードを選ぶか、カードを追加してもう一度お支払いください。」',
      succeeded: '「お支払いが完了し、予約が確定しました」と「続けて予約する」、領収書へのリンク。',
      resuming: '「お支払いを再開しています…」。',
      cancellingPending: '「お支払いを取り消しています…」。',
      issuingVoucher: '「払込票を発行しています…」。',
      awaitingStore:
        '「コンビニ払いの払込票」に払込票番号・確認番号・支払期限。「支払期限までにコンビニでお支払いください。」',
      reservingWithPlan: '「定額プランで予約しています…」。',
    },
  },
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
    // docs/product.md §4 (Checkout): a total of 0 yen or less is never paid.
    {
      label: '0円で支払う',
      event: { type: 'checkout.pay', order: { ...order, total: 0 }, now: 1 },
    },
    {
      label: 'マイナスの金額で支払う',
      event: { type: 'checkout.pay', order: { ...order, total: -3300 }, now: 1 },
    },
    {
      label: '認証を続ける',
      event: {
        type: 'checkout.resumed',
        paymentId: abandonedId,
        order,
        now: 2,
        holdEndsAt: 2 + 600_000,
      },
    },
    { label: '取り消す', event: { type: 'checkout.pendingCancelled', paymentId: abandonedId } },
    // docs/product.md §4 (Checkout): not offered when the first date starts too soon.
    {
      label: 'コンビニ払いにする',
      event: { type: 'checkout.payAtKonbini', order, now: Date.parse('2030-01-01T00:00:00Z') },
    },
    {
      label: '開始まで24時間ほどの注文をコンビニ払いにする',
      event: {
        type: 'checkout.payAtKonbini',
        order,
        now: Date.parse(order.items[0]!.startAt) - 24.5 * 3_600_000,
      },
    },
    // docs/product.md §4 (Fixed plan and invoices): offered only while a plan is in force.
    {
      label: '定額プランで予約する',
      event: { type: 'checkout.reserveWithPlan', order, hasActivePlan: true },
    },
    {
      label: '定額プランのないワールドで予約する',
      event: { type: 'checkout.reserveWithPlan', order, hasActivePlan: false },
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
    issueVoucher: [
      { label: '払込票が発行された（202）', output: voucher },
      {
        label: 'コンビニ払いを受け付けなかった（422）',
        error: new PaymentError('declined', ['選択した日時はすでに予約されています。'], 422),
      },
    ],
    reserveWithPlan: [
      { label: '定額プランで予約できた（201）', output: { status: 'paid', result: planResult } },
      {
        label: '定額プランでは予約できない（422）',
        error: new PaymentError(
          'declined',
          [
            '固定プランの期間外の日時が含まれています。期間内の日時を選ぶか、カードでお支払いください。',
          ],
          422,
        ),
      },
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
    resumePayment: [
      { label: '認証済みで支払われていた', output: paid },
      { label: '認証の画面をもう一度（ローカル）', output: localAction },
      { label: '認証の画面をもう一度（Stripe）', output: stripeAction },
      { label: '払込票をもう一度（支払い待ち）', output: voucher },
      {
        label: 'すでに取り消されていた（422）',
        error: new PaymentError('declined', ['お支払いは取り消されました。'], 422),
      },
    ],
    cancelPendingPayment: [
      { label: '取り消せた（204）', output: undefined },
      { label: '取り消しの応答が失われた', error: lost },
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
      // The abandoned payment is resumed or cancelled from the first card list, or after a decline.
      case 'checkout.resumed':
      case 'checkout.pendingCancelled':
        if (snapshot.matches('declined'))
          return c.selectedId === visa.id && c.authAnswer === 'approve' && c.notice === null;
        return calm && c.order === null && c.methods.length === 2 && c.selectedId === visa.id;
      // A voucher, or a reservation under the plan, is asked for from the first card list, the
      // card form or after a decline, once.
      case 'checkout.payAtKonbini':
      case 'checkout.reserveWithPlan':
        if (snapshot.matches('declined'))
          return c.selectedId === visa.id && c.authAnswer === 'approve' && c.notice === null;
        return calm && c.order === null && c.authAnswer === 'approve' && c.methods.length === 2;
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
    'loading —xstate.done.actor.loadMethods→ addingCard': {
      takenBy: ['登録済みカードなし'],
    },
    'loading —xstate.done.actor.loadMethods→ choosing': { takenBy: ['登録済みカード2枚'] },
    'loading —xstate.error.actor.loadMethods→ loadFailed': {},
    'loadFailed —checkout.retry→ loading': {},
    'choosing —checkout.cardSelected→ (stays)': {},
    'choosing —checkout.addCardOpened→ addingCard': {},
    // Only a priced order is paid (0 yen or less: nothing happens, docs/product.md §4).
    'choosing —checkout.pay→ paying': { takenBy: ['支払う'] },
    'declined —checkout.pay→ paying': { takenBy: ['支払う'] },
    'addingCard —checkout.cardSubmitted→ savingCard': {},
    'addingCard —checkout.addCardCancelled→ choosing': {},
    'savingCard —xstate.done.actor.saveCard→ choosing': {},
    'savingCard —xstate.error.actor.saveCard→ addingCard': {},
    'paying —xstate.done.actor.createPayment→ succeeded': {
      ...succeeded,
      takenBy: ['支払い完了（201）'],
    },
    'paying —xstate.done.actor.createPayment→ authenticating': {
      takenBy: ['認証が必要（ローカル）'],
    },
    'paying —xstate.done.actor.createPayment→ stripeAction': { takenBy: ['認証が必要（Stripe）'] },
    'paying —xstate.error.actor.createPayment→ verifying': {
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
    'confirming —xstate.done.actor.confirmPayment→ succeeded': {
      ...succeeded,
      takenBy: ['確定（201）'],
    },
    'confirming —xstate.done.actor.confirmPayment→ authenticating': {
      takenBy: ['まだ認証待ち（ローカル）'],
    },
    'confirming —xstate.done.actor.confirmPayment→ stripeAction': {
      takenBy: ['まだ認証待ち（Stripe）'],
    },
    'confirming —xstate.error.actor.confirmPayment→ verifying': {
      takenBy: ['確定の応答が失われた'],
    },
    'confirming —xstate.error.actor.confirmPayment→ declined': {
      takenBy: ['認証が拒否された（422）'],
    },
    'verifying —xstate.done.actor.verifyPayment→ succeeded': {
      ...succeeded,
      takenBy: ['支払われていた'],
    },
    'verifying —xstate.done.actor.verifyPayment→ authenticating': {
      takenBy: ['認証待ちだった（ローカル）'],
    },
    'verifying —xstate.done.actor.verifyPayment→ stripeAction': {
      takenBy: ['認証待ちだった（Stripe）'],
    },
    'verifying —xstate.done.actor.verifyPayment→ choosing': {
      takenBy: ['支払われていなかった'],
    },
    'verifying —xstate.done.actor.verifyPayment→ verifyFailed': {
      takenBy: ['処理中の支払いがある'],
    },
    'verifying —xstate.error.actor.verifyPayment→ verifyFailed': {
      takenBy: ['まだ通信できない'],
    },
    'verifying —xstate.error.actor.verifyPayment→ declined': { takenBy: ['拒否されていた'] },
    'verifyFailed —checkout.retry→ verifying': {},
    'declined —checkout.cardSelected→ choosing': {},
    'declined —checkout.addCardOpened→ addingCard': {},
    'declined —checkout.dismissed→ choosing': {},
    'succeeded —checkout.restarted→ choosing': {},
    // docs/product.md §4 Checkout: the payer's own payment awaiting authentication.
    'choosing —checkout.resumed→ resuming': {},
    'declined —checkout.resumed→ resuming': {},
    'choosing —checkout.pendingCancelled→ cancellingPending': {},
    'declined —checkout.pendingCancelled→ cancellingPending': {},
    'resuming —xstate.done.actor.resumePayment→ succeeded': {
      ...succeeded,
      takenBy: ['認証済みで支払われていた'],
    },
    'resuming —xstate.done.actor.resumePayment→ authenticating': {
      takenBy: ['認証の画面をもう一度（ローカル）'],
    },
    'resuming —xstate.done.actor.resumePayment→ stripeAction': {
      takenBy: ['認証の画面をもう一度（Stripe）'],
    },
    'resuming —xstate.error.actor.resumePayment→ choosing': (e) => ({
      see: [sees('お知らせ', selectErrors, messagesOf(e.error))],
    }),
    // Cancelled: said so, the list and the calendar read again (the dates are free at once).
    'cancellingPending —xstate.done.actor.cancelPendingPayment→ choosing': {
      effects: ['pendingCancelled'],
      see: [sees('お知らせ', selectNotice, PENDING_CANCELLED_NOTICE)],
    },
    'cancellingPending —xstate.error.actor.cancelPendingPayment→ choosing': {
      see: [sees('お知らせ', selectErrors, lost.messages)],
    },
    // コンビニ払い: the voucher shown, the cart's dates are the voucher's (emptied, lists read again).
    'choosing —checkout.payAtKonbini→ issuingVoucher': { takenBy: ['コンビニ払いにする'] },
    'declined —checkout.payAtKonbini→ issuingVoucher': { takenBy: ['コンビニ払いにする'] },
    'addingCard —checkout.payAtKonbini→ issuingVoucher': { takenBy: ['コンビニ払いにする'] },
    'issuingVoucher —xstate.done.actor.issueVoucher→ awaitingStore': {
      effects: ['voucherIssued'],
      see: [sees('払込票', selectVoucher, voucher.voucher)],
      takenBy: ['払込票が発行された（202）'],
    },
    'issuingVoucher —xstate.error.actor.issueVoucher→ choosing': (e) => ({
      see: [sees('お知らせ', selectErrors, messagesOf(e.error))],
    }),
    'resuming —xstate.done.actor.resumePayment→ awaitingStore': {
      see: [sees('払込票', selectVoucher, voucher.voucher)],
      takenBy: ['払込票をもう一度（支払い待ち）'],
    },
    'awaitingStore —checkout.restarted→ choosing': {},
    // 定額プラン: reserved at once, as after a payment (the cart emptied, the dates shown).
    'choosing —checkout.reserveWithPlan→ reservingWithPlan': { takenBy: ['定額プランで予約する'] },
    'declined —checkout.reserveWithPlan→ reservingWithPlan': { takenBy: ['定額プランで予約する'] },
    'addingCard —checkout.reserveWithPlan→ reservingWithPlan': {
      takenBy: ['定額プランで予約する'],
    },
    'reservingWithPlan —xstate.done.actor.reserveWithPlan→ succeeded': {
      effects: [effect('paymentSucceeded', { result: planResult })],
      takenBy: ['定額プランで予約できた（201）'],
    },
    'reservingWithPlan —xstate.error.actor.reserveWithPlan→ choosing': (e) => ({
      see: [sees('お知らせ', selectErrors, messagesOf(e.error))],
    }),
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
      resuming: '認証待ちの支払いを再開中',
      cancellingPending: '認証待ちの支払いを取り消し中',
      issuingVoucher: '払込票を発行中',
      awaitingStore: 'コンビニでの支払い待ち',
      reservingWithPlan: '定額プランで予約中',
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
      'checkout.resumed': '認証を続ける',
      'checkout.pendingCancelled': '取り消す',
      'checkout.payAtKonbini': 'コンビニ払いにする',
      'checkout.reserveWithPlan': '定額プランで予約する',
    },
  },
});
