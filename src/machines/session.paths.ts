import { definePaths, effect, sees, type Expected } from './path-config';
import { selectUser } from './session.selectors';
import { sessionMachine, type User } from './session.machine';

// Event payloads, actor outcomes and Japanese labels for the generated path tests (tests/paths).

const user: User = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'hanako@example.com',
  name: '山田花子',
  isGuest: false,
  unconfirmedEmail: null,
  iconUrl: null,
  createdAt: '2025-01-01T00:00:00.000Z',
};
const guest: User = {
  id: '00000000-0000-4000-8000-000000000002',
  email: 'guest-7f3a@guests.invalid',
  name: 'ゲスト',
  isGuest: true,
  unconfirmedEmail: null,
  iconUrl: null,
  createdAt: '2025-01-01T00:00:00.000Z',
};

// docs/product.md §8, word for word: what a guest whose session ended sees.
const guestExpiredError = effect('showError', {
  statusCode: 401,
  message: 'セッションの有効期限が切れています。指定のURLからアクセスし直してください。',
});
/** docs/product.md §4: sign-in stores the user (and whether a guest, docs/decisions/007-guest-links.md). */
const storeUser = (u: User) => effect('storeUser', { userId: u.id, isGuest: u.isGuest });
const excluded = ['除外ページ（お問い合わせ）で401'];
const notExcluded = ['保護ページで401', 'ワールド指定ページで401'];

export const paths = definePaths(sessionMachine, {
  // What a person does and sees (npm run qa:paths), from docs/product.md §2, §4, §8.
  manual: {
    setup:
      'npm start で起動したアプリをシークレットウィンドウで開く。ユーザーはデモの所有者 demo@example.com / demo-password（README）、ゲストは所有者がワールドの「ゲスト用URL」で作ったリンクで入る。',
    steps: {
      サインイン: '/signin でメールアドレスとパスワードを入れて「ログイン」を押す。',
      ワールド指定でサインイン:
        '/signin?worldId=<デモのワールドID> を開き、メールアドレスとパスワードを入れて「ログイン」を押す。',
      サインアウト: 'マイページ（/mypage/worlds）のヘッダーの「ログアウト」を押す。',
      ゲストとして入場: 'ゲスト用URLを開き、お名前を入れて「入場する」を押す。',
      保護ページで401:
        'サーバー側でセッションを終わらせてから（ユーザー: 別のタブでログアウト。ゲスト: 所有者がそのゲストをメンバーから外す）、保護されたページを開く（ユーザー: /mypage/account、ゲスト: 入口で「入場する」）。',
      ワールド指定ページで401:
        'サーバー側でセッションを終わらせてから（同上）、worldId 付きのページを開く（ユーザー: /mypage/account?worldId=<ワールドID>）。',
      '除外ページ（お問い合わせ）で401':
        '書き込みの操作（ユーザー: アカウント画面でお名前を保存、ゲスト: 入口で「入場する」）の応答を DevTools で止めている間にサーバー側でセッションを終わらせ、/contact へ移って書き始めてから応答を通す。',
      アカウント情報を更新: '/mypage/account でお名前を変えて「お名前を保存する」を押す。',
      '保存済みセッション: ユーザー': 'ログインしたままのタブで再読み込みする。',
      '保存済みセッション: ゲスト':
        'ゲストとして入場したタブで、ワールドのページを再読み込みする。',
      保存済みセッションなし: 'シークレットウィンドウで /signin を開く（何も保存されていない）。',
      '保存済みセッション: 期限切れのゲスト':
        'ゲストとして入場したあと、所有者がそのゲストを削除してから、ゲストのタブでワールドを再読み込みする。',
      'セッション確認に失敗（通信エラー）':
        'DevTools の Network で /api/auth/validate_token をブロックし、ログイン済みのタブを再読み込みする。',
      サインイン成功: '（前の操作の続き: 正しいパスワード）',
      サインイン失敗: {
        do: '（前の操作の続き: 誤ったパスワードで「ログイン」）',
        see: '「ログインできませんでした。」と表示される。',
      },
      サーバーでサインアウト完了: '（前の操作の続き: サーバーがログアウトに答える）',
      サーバーでのサインアウトに失敗: {
        do: '（前の操作の続き: /api/auth/sign_out が通信エラーで終わる。DevTools の Network で前もってブロックしておく）',
        see: 'それでも /signin に移り、見出し「ログイン」。',
      },
    },
    states: {
      restoring: '画面の読み込み中（ローディング表示）。',
      signedOut: 'URL が /signin、見出し「ログイン」。',
      signingIn: '「ログイン」ボタンが押せない間、送信中の表示。',
      expired:
        'エラー画面に 401 と「セッションの有効期限が切れています。指定のURLからアクセスし直してください。」。',
      signedIn: 'ログインした画面。',
      'signedIn.user':
        'マイページ（/mypage/worlds）か指定したワールドの画面。ヘッダーに「ログアウト」。お問い合わせ画面では書きかけの内容がそのまま残る。',
      'signedIn.guest': 'ワールドの入口（/worlds/<ID>/gate）、見出し「<ワールド名>の入口」。',
      signingOut: 'ログアウト処理中（すぐに /signin へ）。',
    },
  },
  events: [
    {
      label: 'サインイン',
      event: { type: 'session.signIn', email: user.email, password: 'correct horse' },
    },
    {
      label: 'ワールド指定でサインイン',
      event: { type: 'session.signIn', email: user.email, password: 'correct horse', worldId: '7' },
    },
    { label: 'サインアウト', event: { type: 'session.signOut' } },
    { label: 'ゲストとして入場', event: { type: 'session.guestEntered', user: guest } },
    { label: '保護ページで401', event: { type: 'session.unauthorized', path: '/mypage/worlds' } },
    {
      label: 'ワールド指定ページで401',
      event: { type: 'session.unauthorized', path: '/worlds/7?worldId=7', worldId: '7' },
    },
    {
      label: '除外ページ（お問い合わせ）で401',
      event: { type: 'session.unauthorized', path: '/contact' },
    },
    {
      label: 'アカウント情報を更新',
      event: { type: 'session.userUpdated', user: { ...user, name: '山田花子（更新）' } },
    },
  ],
  outcomes: {
    restoreSession: [
      { label: '保存済みセッション: ユーザー', output: { user } },
      { label: '保存済みセッション: ゲスト', output: { user: guest } },
      { label: '保存済みセッションなし', output: null },
      { label: '保存済みセッション: 期限切れのゲスト', output: { expiredGuest: true } },
      { label: 'セッション確認に失敗（通信エラー）', error: new Error('Failed to fetch') },
    ],
    signIn: [
      { label: 'サインイン成功', output: { user } },
      {
        label: 'サインイン失敗',
        error: new Error('メールアドレスまたはパスワードが正しくありません。'),
      },
    ],
    signOut: [
      { label: 'サーバーでサインアウト完了', output: undefined },
      { label: 'サーバーでのサインアウトに失敗', error: new Error('Failed to fetch') },
    ],
  },
  // docs/product.md §2: everything under /mypage is closed to guests, so a guest has neither the
  // account page (where a name is saved) nor its "ログアウト": no plan asks a guest for them.
  filterEvents: (snapshot, event) =>
    !(
      snapshot.matches({ signedIn: 'guest' }) &&
      (event.type === 'session.userUpdated' || event.type === 'session.signOut')
    ),
  // What a person expects, from docs/product.md §4, §6 and §8 (not from the machine).
  oracles: {
    '(start)': {},
    // The enter-guest page made a guest session: it is stored as the guest's.
    '(root) —session.guestEntered→ signedIn': (e) => ({
      effects: [storeUser(e.user as User)],
    }),
    'restoring —xstate.done.actor.restoreSession→ signedIn': (e) => ({
      effects: [storeUser((e.output as { user: User }).user)],
      takenBy: ['保存済みセッション: ユーザー', '保存済みセッション: ゲスト'],
    }),
    // docs/product.md §6: an expired guest sees the error, and the dead headers are forgotten.
    'restoring —xstate.done.actor.restoreSession→ expired': {
      effects: ['clearStoredAuth', guestExpiredError],
      takenBy: ['保存済みセッション: 期限切れのゲスト'],
    },
    'restoring —xstate.done.actor.restoreSession→ signedOut': {
      effects: ['clearStoredAuth'],
      takenBy: ['保存済みセッションなし'],
    },
    // Offline: nothing is forgotten, the next load asks again.
    'restoring —xstate.error.actor.restoreSession→ signedOut': {},
    // A new sign-in must not carry an old (guest's) headers.
    'signedOut —session.signIn→ signingIn': { effects: ['clearStoredAuth'] },
    'expired —session.signIn→ signingIn': { effects: ['clearStoredAuth'] },
    'signedIn.guest —session.signIn→ signingIn': { effects: ['clearStoredAuth'] },
    // docs/product.md §4: sign-in stores the user, clears the cart, saves the latest world id
    // when the sign-in page was opened for a world (the only sign-in variant with one: '7').
    'signingIn —xstate.done.actor.signIn→ signedIn': (_e, from, { before }) => ({
      effects: [
        storeUser(user),
        'clearCart',
        ...(before.context.worldId === null ? [] : [effect('saveLatestWorldId', { worldId: '7' })]),
        'navigateAfterSignIn',
      ],
      see: [sees('ログインしているユーザー', selectUser, user)],
    }),
    // The page shows the server's message; nothing else happens.
    'signingIn —xstate.error.actor.signIn→ signedOut': {},
    'signedIn —session.userUpdated→ (stays)': {},
    'signedIn —session.signOut→ signingOut': {},
    'signedIn.choosing —always→ signedIn.guest': {},
    'signedIn.choosing —always→ signedIn.user': {},
    // docs/product.md §2: contact, enterGuest, instantEnter and events pages never redirect on a 401.
    'signedIn.user —session.unauthorized→ (stays)': { takenBy: excluded },
    'signedIn.guest —session.unauthorized→ (stays)': { takenBy: excluded },
    // docs/product.md §8: a user's stored auth is removed and /signin opens (with the page's worldId),
    // saying the session expired (issue 15: expiry explains itself).
    'signedIn.user —session.unauthorized→ signedOut': (e): Expected => ({
      effects: [
        'clearStoredAuth',
        effect('navigateToSignIn', { worldId: (e as { worldId?: string }).worldId, expired: true }),
      ],
      takenBy: notExcluded,
    }),
    'signedIn.guest —session.unauthorized→ expired': {
      effects: [guestExpiredError],
      takenBy: notExcluded,
    },
    'signingOut.callingServer —xstate.done.actor.signOut→ signingOut.finished': {},
    'signingOut.callingServer —xstate.error.actor.signOut→ signingOut.finished': {},
    // docs/product.md §4: sign-out clears user, cart and all stored auth values, whatever the server said.
    'signingOut —xstate.done.state.session.signingOut→ signedOut': {
      effects: ['clearCart', 'clearStoredAuth', effect('navigateToSignIn', {})],
    },
  },
  labels: {
    machine: 'セッション',
    states: {
      restoring: 'セッション復元中',
      signedOut: '未サインイン',
      signingIn: 'サインイン中',
      signedIn: 'サインイン済み',
      'signedIn.choosing': 'サインイン済み（種別判定）',
      'signedIn.user': 'サインイン済み（ユーザー）',
      'signedIn.guest': 'サインイン済み（ゲスト）',
      expired: 'ゲストのセッション切れ',
      signingOut: 'サインアウト中',
      'signingOut.callingServer': 'サインアウト中（サーバー通知）',
      'signingOut.finished': 'サインアウト中（完了）',
    },
    events: {
      'session.signIn': 'サインイン',
      'session.signOut': 'サインアウト',
      'session.guestEntered': 'ゲストとして入場',
      'session.unauthorized': 'APIが401を返した',
      'session.userUpdated': 'アカウント情報を更新',
    },
  },
});
