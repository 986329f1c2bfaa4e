// The session machine (src/machines/session.machine.ts) as the UI drives it: each event a user
// action in Chromium, each state what the screen shows. Only what the UI can do is mapped; the
// suite lists the paths it has to skip and the transitions they leave uncovered.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { ignoresUnauthorized, SESSION_EXPIRED_MESSAGE } from '../../../src/domain/session-expiry';
import type { E2eModel } from './model';
import { api } from '../support/api';
import {
  answer401OnContactPage,
  createGuestLink,
  endSessionOnServer,
  expectStillWriting,
  field,
  goInApp,
  gatePage,
  joinFromGate,
  sessionSuite,
  storeGuestSession,
  storeUserSession,
  useAccount,
  type SessionSuite,
  type SessionWorld,
} from './session-world';

async function signInThroughForm(
  world: SessionWorld,
  events: readonly AnyEventObject[],
  succeed: boolean,
) {
  const { page, suite } = world;
  const withWorld = typeof events[0]?.worldId === 'string';
  const to = withWorld ? `/signin?worldId=${suite.worldId}` : '/signin';
  if (`${new URL(page.url()).pathname}${new URL(page.url()).search}` !== to)
    await goInApp(page, to);
  const { email, password } = await useAccount(world, 1);
  await field(page, 'メールアドレス').fill(email);
  await field(page, 'パスワード').fill(succeed ? password : 'wrong password 1');
  await page.getByRole('button', { name: 'ログイン' }).click();
}

async function clickSignOut(page: Page) {
  const button = page.getByRole('button', { name: 'ログアウト' });
  if (!(await button.isVisible())) await goInApp(page, '/mypage/worlds');
  await button.click();
}

const guestLinkPath = async (suite: SessionSuite) =>
  `/worlds/${suite.worldId}/enterGuest?token=${await createGuestLink(suite)}`;

/** On the enter-guest page: the link's world is named, the visitor gives a name and enters. */
async function enterAsGuest({ page, suite }: SessionWorld) {
  await page.getByText(`「${suite.worldName}」にゲストとして入場します。`).waitFor();
  await field(page, 'お名前').fill('ゲスト花子');
  await page.getByRole('button', { name: '入場する' }).click();
}

const isProtected401 = (worldId: boolean) => (e: AnyEventObject) =>
  !ignoresUnauthorized(String(e.path)) && (typeof e.worldId === 'string') === worldId;
const isExcluded401 = (e: AnyEventObject) =>
  e.type === 'session.unauthorized' && ignoresUnauthorized(String(e.path));

export const model: E2eModel<SessionWorld, SessionSuite> = {
  machine: 'session',
  suite: sessionSuite,
  world: ({ page, url, suite }) => ({ page, url, suite, account: null }),
  // After the ignored 401 the session is dead on the server: what a path does next with it
  // (save the name, sign out with the server) cannot happen as the model says.
  rejectPath: (events) =>
    events.findIndex(isExcluded401) >= 0 && events.findIndex(isExcluded401) < events.length - 1
      ? '除外ページで401を受けた後の手順（サーバーのセッションはもう終わっている）'
      : null,
  notes: [
    '除外ページで401: 画面を離れても取り消されない書き込み（ユーザーはアカウント画面のお名前の保存、ゲストは入口からの入場）の応答を、利用者がお問い合わせ画面へ移るまで Playwright で待たせる（その間にサーバー側でセッションを終了）。画面の読み込み（GET）は画面を離れると取り消されるため使えない。その経路はそこで終わる。',
    'ゲストとして入場: 主催者が API で作ったゲスト用URLを、動いているアプリの中でリンクのように開き、入場画面で名前を入れる（URL を開き直すとセッションのアクターが作り直され、復元から始まるため）。',
    'ゲストの401: 主催者がゲストをメンバーから外した（API）後、ゲストが入口から入場する（入口のワールド情報は30秒キャッシュされるため、入場の要求が最初に401を受ける）。worldId 付きのページで受けるゲストの401（同じ遷移）は、ゲストが開く worldId 付きのページがないため対応づけない。',
    'セッション確認・サーバーでのサインアウトの通信エラー: Playwright でその要求だけを遮断する。',
  ],
  actions: [
    {
      name: '保存済みのユーザーのセッションで開く',
      steps: [
        {
          type: 'xstate.done.actor.restoreSession',
          where: (e) =>
            (e.output as { user?: { isGuest: boolean } } | null)?.user?.isGuest === false,
        },
      ],
      run: async (world) => {
        await storeUserSession(world);
        await world.page.goto(`${world.url}/mypage/worlds`);
      },
    },
    {
      name: '保存済みのゲストのセッションでワールドを開く',
      steps: [
        {
          type: 'xstate.done.actor.restoreSession',
          where: (e) =>
            (e.output as { user?: { isGuest: boolean } } | null)?.user?.isGuest === true,
        },
      ],
      run: async (world) => {
        await storeGuestSession(world);
        await world.page.goto(`${world.url}/worlds/${world.suite.worldId}`);
      },
    },
    {
      name: '何も保存せずに開く',
      steps: [{ type: 'xstate.done.actor.restoreSession', where: (e) => e.output === null }],
      run: async (world) => {
        await world.page.goto(`${world.url}/signin`);
      },
    },
    {
      name: '削除されたゲストのセッションでワールドを開く',
      steps: [
        {
          type: 'xstate.done.actor.restoreSession',
          where: (e) => (e.output as { expiredGuest?: boolean } | null)?.expiredGuest === true,
        },
      ],
      run: async (world) => {
        const guestId = await storeGuestSession(world);
        expect(
          (
            await api(world.url, `/api/guests/${guestId}`, {
              method: 'DELETE',
              headers: world.suite.owner,
              body: {},
            })
          ).status,
        ).toBe(204);
        await world.page.goto(`${world.url}/worlds/${world.suite.worldId}`);
      },
    },
    {
      name: 'セッション確認が通信エラーになる状態で開く',
      steps: [{ type: 'xstate.error.actor.restoreSession' }],
      run: async (world) => {
        await storeUserSession(world);
        let refused = 0;
        await world.page.route('**/api/auth/validate_token', (route) => {
          refused += 1;
          return route.abort('internetdisconnected');
        });
        await world.page.goto(`${world.url}/signin`);
        await world.page.getByRole('heading', { level: 1, name: 'ログイン' }).waitFor();
        expect(refused).toBeGreaterThan(0);
        await world.page.unrouteAll();
      },
    },
    {
      name: 'フォームからサインイン（正しいパスワード）',
      from: ['signedOut', 'expired', 'signedIn.guest'],
      steps: [{ type: 'session.signIn' }, { type: 'xstate.done.actor.signIn' }],
      run: (world, events) => signInThroughForm(world, events, true),
    },
    {
      name: 'フォームからサインイン（誤ったパスワード）',
      from: ['signedOut', 'expired', 'signedIn.guest'],
      steps: [{ type: 'session.signIn' }, { type: 'xstate.error.actor.signIn' }],
      run: (world, events) => signInThroughForm(world, events, false),
    },
    {
      name: 'ログアウトボタン',
      from: ['signedIn.user'],
      steps: [
        { type: 'session.signOut', where: (e) => e.callServer !== false },
        { type: 'xstate.done.actor.signOut' },
      ],
      run: (world) => clickSignOut(world.page),
    },
    {
      name: 'ログアウトボタン（サーバーへの通知が通信エラー）',
      from: ['signedIn.user'],
      steps: [
        { type: 'session.signOut', where: (e) => e.callServer !== false },
        { type: 'xstate.error.actor.signOut' },
      ],
      run: async (world) => {
        await world.page.route(
          '**/api/auth/sign_out',
          (route) => route.abort('internetdisconnected'),
          { times: 1 },
        );
        await clickSignOut(world.page);
      },
    },
    {
      name: 'サーバー側でセッションを終了してからアカウント画面を開く',
      from: ['signedIn.user'],
      steps: [{ type: 'session.unauthorized', where: isProtected401(false) }],
      run: async (world) => {
        await endSessionOnServer(world);
        if (new URL(world.page.url()).pathname === '/mypage/account')
          await goInApp(world.page, '/mypage/worlds');
        await goInApp(world.page, '/mypage/account');
      },
    },
    {
      name: 'サーバー側でセッションを終了してから worldId 付きのアカウント画面を開く',
      from: ['signedIn.user'],
      steps: [{ type: 'session.unauthorized', where: isProtected401(true) }],
      run: async (world) => {
        await endSessionOnServer(world);
        await goInApp(world.page, `/mypage/account?worldId=${world.suite.worldId}`);
      },
    },
    {
      name: 'サーバー側でセッションを終了し、アカウント画面でお名前を保存して、応答が届く前にお問い合わせ画面へ移って書き始める',
      from: ['signedIn.user'],
      steps: [{ type: 'session.unauthorized', where: isExcluded401 }],
      run: (world) =>
        answer401OnContactPage(world, {
          page: '/mypage/account',
          hold: '**/api/mypage/me',
          answered: '/api/mypage/me',
          method: 'PATCH',
          act: async (page) => {
            await field(page, 'お名前').fill('モデル 保存中');
            await page.getByRole('button', { name: 'お名前を保存する' }).click();
          },
        }),
    },
    {
      name: 'ゲスト用URLを開き、お名前を入れて入場する',
      from: ['signedOut', 'expired', 'signedIn.user', 'signedIn.guest'],
      steps: [{ type: 'session.guestEntered' }],
      run: async (world) => {
        await goInApp(world.page, await guestLinkPath(world.suite));
        await enterAsGuest(world);
      },
    },
    {
      name: 'ゲスト用URLを開き、保存済みのセッションの確認が遅れている間に入場する',
      from: ['restoring'],
      steps: [{ type: 'session.guestEntered' }],
      run: async (world) => {
        const { page } = world;
        await storeUserSession(world);
        const stored = Date.now();
        let release = () => {};
        const held = new Promise<void>((resolve) => (release = resolve));
        let asked = false;
        await page.route(
          '**/api/auth/validate_token',
          async (route) => {
            asked = true;
            await held;
            // The app abandons the check once the guest is in: the request may be gone by now.
            await route.continue().catch(() => {});
          },
          { times: 1 },
        );
        await page.goto(`${world.url}${await guestLinkPath(world.suite)}`);
        await enterAsGuest(world);
        await page.waitForURL((url) => url.pathname.endsWith('/gate'));
        expect(asked).toBe(true);
        // Late enough that the server would rotate the stored session's token in its answer.
        await page.waitForTimeout(Math.max(0, stored + 6_000 - Date.now()));
        release();
      },
    },
    {
      name: '主催者がゲストをメンバーから外した後、ゲストが入口から入場する',
      from: ['signedIn.guest'],
      steps: [{ type: 'session.unauthorized', where: isProtected401(false) }],
      run: async (world) => {
        const { page, suite } = world;
        const guestId = await page.evaluate(() => localStorage.getItem('userId') ?? '');
        const removed = await api(
          world.url,
          `/api/mypage/worlds/${suite.worldId}/users/${guestId}`,
          { method: 'DELETE', headers: suite.owner, body: {} },
        );
        expect(removed.status).toBe(204);
        if (new URL(page.url()).pathname !== gatePage(world)) await goInApp(page, gatePage(world));
        await joinFromGate(page);
      },
    },
    {
      name: 'サーバー側でゲストのセッションを終了し、入口から入場して、応答が届く前にお問い合わせ画面へ移って書き始める',
      from: ['signedIn.guest'],
      steps: [{ type: 'session.unauthorized', where: isExcluded401 }],
      run: (world) =>
        answer401OnContactPage(world, {
          page: gatePage(world),
          hold: '**/api/worlds/*/chime_meetings',
          answered: `/api/worlds/${world.suite.worldId}/chime_meetings`,
          method: 'POST',
          act: joinFromGate,
        }),
    },
    {
      name: 'アカウント画面でお名前を保存する',
      from: ['signedIn.user'],
      steps: [{ type: 'session.userUpdated' }],
      run: async (world) => {
        const { page } = world;
        if (new URL(page.url()).pathname !== '/mypage/account')
          await goInApp(page, '/mypage/account');
        const name = `モデル ${Date.now() % 100000}`;
        await field(page, 'お名前').fill(name);
        await page.getByRole('button', { name: 'お名前を保存する' }).click();
        await page.getByRole('definition').filter({ hasText: name }).first().waitFor();
      },
    },
  ],
  states: {
    signedOut: async ({ page }, step) => {
      await page.waitForURL((url) => url.pathname === '/signin');
      await page.getByRole('heading', { level: 1, name: 'ログイン' }).waitFor();
      const error = (step.context as { error: string | null }).error;
      if (error) await page.getByText('ログインできませんでした。').first().waitFor();
    },
    'signedIn.user': async ({ page, suite }) => {
      // A 401 on the contact page is ignored.
      if (new URL(page.url()).pathname === '/contact') return expectStillWriting(page);
      const world = `/worlds/${suite.worldId}`;
      await page.waitForURL(
        (url) => url.pathname.startsWith('/mypage/') || url.pathname.startsWith(world),
      );
      // Signed in from /signin?worldId=: back in that world (not a member: its not-found page).
      if (new URL(page.url()).pathname.startsWith(world)) {
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        expect(await page.evaluate(() => localStorage.getItem('userIsGuest'))).toBeNull();
        return;
      }
      await page.getByRole('button', { name: 'ログアウト' }).waitFor();
    },
    // The world's gate (where the world page sends a guest not yet in the meeting), loaded as the guest.
    'signedIn.guest': async ({ page, suite }) => {
      if (new URL(page.url()).pathname === '/contact') return expectStillWriting(page);
      await page.waitForURL((url) => url.pathname === `/worlds/${suite.worldId}/gate`);
      await page.getByRole('heading', { level: 1, name: `${suite.worldName}の入口` }).waitFor();
      expect(await page.getByText(SESSION_EXPIRED_MESSAGE).count()).toBe(0);
      // The guest's own credentials: no other session's answer has been stored over them.
      expect(
        await page.evaluate(() => [
          localStorage.getItem('userIsGuest'),
          localStorage.getItem('authUid'),
        ]),
      ).toEqual(['true', expect.stringMatching(/@guest\.invalid$/)]);
    },
    expired: async ({ page }) => {
      await page.getByText(SESSION_EXPIRED_MESSAGE).waitFor();
      await page.getByRole('heading', { level: 1, name: '401' }).waitFor();
    },
  },
};
