import { definePaths } from './path-config';
import { sessionMachine, type User } from './session.machine';

// Event payloads, actor outcomes and Japanese labels for the generated path tests (tests/paths).

const user: User = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'hanako@example.com',
  name: '山田花子',
  isGuest: false,
  unconfirmedEmail: null,
  createdAt: '2025-01-01T00:00:00.000Z',
};
const guest: User = {
  id: '00000000-0000-4000-8000-000000000002',
  email: 'guest-7f3a@guests.invalid',
  name: 'ゲスト',
  isGuest: true,
  unconfirmedEmail: null,
  createdAt: '2025-01-01T00:00:00.000Z',
};

export const paths = definePaths(sessionMachine, {
  events: [
    { label: 'サインイン', event: { type: 'session.signIn', email: user.email, password: 'correct horse' } },
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
    { label: '除外ページ（お問い合わせ）で401', event: { type: 'session.unauthorized', path: '/contact' } },
    { label: 'アカウント情報を更新', event: { type: 'session.userUpdated', user: { ...user, name: '山田花子（更新）' } } },
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
      { label: 'サインイン失敗', error: new Error('メールアドレスまたはパスワードが正しくありません。') },
    ],
    signOut: [
      { label: 'サーバーでサインアウト完了', output: undefined },
      { label: 'サーバーでのサインアウトに失敗', error: new Error('Failed to fetch') },
    ],
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
