// The session machine (src/machines/session.machine.ts) as the UI drives it: each event a user
// action in Chromium, each state what the screen shows. Only what the UI can do is mapped; the
// suite lists the paths it has to skip and the transitions they leave uncovered.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { demoAccount } from '../../../server/db/seed';
import { ignoresUnauthorized, SESSION_EXPIRED_MESSAGE } from '../../../src/domain/session-expiry';
import type { E2eModel } from './model';
import { api, authHeaders } from '../support/api';

interface Account {
  email: string;
  password: string;
  /** Sign-ins so far: the server allows 10 per address in 15 minutes. */
  signIns: number;
}

/** What every path of the suite shares: the server, the demo owner's world, an account pool. */
export interface SessionSuite {
  url: string;
  owner: Record<string, string>;
  worldId: string;
  accounts: Account[];
}

export interface SessionWorld {
  page: Page;
  url: string;
  suite: SessionSuite;
  account: Account | null;
}


/** Signed in once for the suite: the owner makes guest links and removes guests. */
export async function sessionSuite(url: string): Promise<SessionSuite> {
  const res = await api(url, '/api/auth/sign_in', { method: 'POST', body: { email: demoAccount.email, password: demoAccount.password } });
  expect(res.status).toBe(200);
  const owner = authHeaders(res);
  const worlds = await api(url, '/api/mypage/worlds', { headers: owner });
  const items = (worlds.json as { items: { id: string }[] }).items;
  return { url, owner, worldId: (items[0] as { id: string }).id, accounts: [] };
}

/** A confirmed account with sign-ins to spare: signed up through the API, confirmed from the outbox. */
async function account(suite: SessionSuite, signIns: number): Promise<Account> {
  const spare = suite.accounts.find((a) => a.signIns + signIns <= 9);
  if (spare) return spare;
  const email = `mbt-${suite.accounts.length + 1}-${Date.now()}@example.com`;
  const password = 'mbt password 1';
  expect((await api(suite.url, '/api/auth', { method: 'POST', body: { email, password, name: 'モデル 太郎' } })).status).toBe(200);
  const outbox = await (await fetch(`${suite.url}/dev/mails`)).text();
  const article = outbox.split('<article>').find((a) => a.includes(email)) ?? '';
  const token = article.match(/confirmation_token=([^"&<\s]+)/)?.[1];
  if (!token) throw new Error(`no confirmation mail for ${email}`);
  expect((await api(suite.url, `/api/auth/confirmation?confirmation_token=${token}`)).status).toBeLessThan(400);
  const created = { email, password, signIns: 0 };
  suite.accounts.push(created);
  return created;
}

async function useAccount(world: SessionWorld, signIns: number): Promise<Account> {
  world.account ??= await account(world.suite, signIns);
  if (world.account.signIns + signIns > 9) world.account = await account(world.suite, signIns);
  world.account.signIns += signIns;
  return world.account;
}

/** A same-origin page that does not start the app, so storage is set before the app reads it. */
const blank = (world: SessionWorld) => world.page.goto(`${world.url}/build-meta.json`);

async function storeSession(page: Page, headers: Record<string, string>, userId: string, isGuest: boolean) {
  await page.evaluate(
    ({ headers, userId, isGuest }) => {
      localStorage.setItem('authAccessToken', headers['access-token'] ?? '');
      localStorage.setItem('authClient', headers.client ?? '');
      localStorage.setItem('authUid', headers.uid ?? '');
      localStorage.setItem('userId', userId);
      if (isGuest) localStorage.setItem('userIsGuest', 'true');
      else localStorage.removeItem('userIsGuest');
    },
    { headers, userId, isGuest },
  );
}

async function storeUserSession(world: SessionWorld) {
  const { email, password } = await useAccount(world, 1);
  const res = await api(world.url, '/api/auth/sign_in', { method: 'POST', body: { email, password } });
  expect(res.status).toBe(200);
  await blank(world);
  await storeSession(world.page, authHeaders(res), (res.json as { data: { id: string } }).data.id, false);
}

/** A guest entered with a link of the demo world, stored as the enter-guest screen stores it. */
async function storeGuestSession(world: SessionWorld): Promise<string> {
  const { suite } = world;
  const link = await api(world.url, `/api/mypage/worlds/${suite.worldId}/world_guest_tokens`, { method: 'POST', headers: suite.owner, body: {} });
  expect(link.status).toBe(201);
  const entry = await api(world.url, `/api/world_guest_tokens/${(link.json as { token: string }).token}`, { method: 'POST', body: { name: 'ゲスト太郎' } });
  expect(entry.status).toBe(201);
  const guestId = (entry.json as { data: { id: string } }).data.id;
  await blank(world);
  await storeSession(world.page, authHeaders(entry), guestId, true);
  return guestId;
}

/**
 * A client-side navigation, as a link would make: the app keeps running, the session with it.
 * The history entry has react-router's shape (a new key), as one a <Link> pushes.
 */
async function goInApp(page: Page, to: string) {
  await page.evaluate((to) => {
    const idx = ((window.history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    window.history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, to);
  await page.waitForURL((url) => `${url.pathname}${url.search}` === to);
}

const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label.replace(/[()（）]/g, '\\$&')}(必須|任意)?$`));

/** The session ends on the server (signed out elsewhere); the page does not know yet. */
async function endSessionOnServer(world: SessionWorld) {
  const auth = await world.page.evaluate(() => ({
    'access-token': localStorage.getItem('authAccessToken') ?? '',
    client: localStorage.getItem('authClient') ?? '',
    uid: localStorage.getItem('authUid') ?? '',
  }));
  expect((await api(world.url, '/api/auth/sign_out', { method: 'DELETE', headers: auth, body: {} })).status).toBe(200);
}

async function signInThroughForm(world: SessionWorld, events: readonly AnyEventObject[], succeed: boolean) {
  const { page, suite } = world;
  const withWorld = typeof events[0]?.worldId === 'string';
  const to = withWorld ? `/signin?worldId=${suite.worldId}` : '/signin';
  if (`${new URL(page.url()).pathname}${new URL(page.url()).search}` !== to) await goInApp(page, to);
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

const isProtected401 = (worldId: boolean) => (e: AnyEventObject) =>
  !ignoresUnauthorized(String(e.path)) && (typeof e.worldId === 'string') === worldId;
const isExcluded401 = (e: AnyEventObject) => e.type === 'session.unauthorized' && ignoresUnauthorized(String(e.path));

/**
 * A call the account page started answers 401 after the user has gone on to the contact form:
 * the session ended on the server, and the answer is held until the user is on /contact.
 */
async function answer401OnContactPage(world: SessionWorld) {
  const { page } = world;
  await endSessionOnServer(world);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked = () => {};
  const requested = new Promise<void>((resolve) => (asked = resolve));
  await page.route(
    '**/api/mypage/me',
    async (route) => {
      asked();
      await held;
      await route.continue();
    },
    { times: 1 },
  );
  const contact = page.getByRole('heading', { level: 1, name: 'お問い合わせ' });
  // Through /contact (it makes no calls) when already on the account page: it asks again on arrival.
  if (new URL(page.url()).pathname === '/mypage/account') {
    await goInApp(page, '/contact');
    await contact.waitFor();
  }
  await goInApp(page, '/mypage/account');
  let arrived = false;
  void requested.then(() => (arrived = true));
  await expect.poll(() => arrived, { message: 'the account page asks for the user' }).toBe(true);
  await goInApp(page, '/contact');
  await contact.waitFor();
  await field(page, 'お問い合わせ内容').fill(CONTACT_DRAFT);
  const answered = page.waitForResponse((res) => res.url().endsWith('/api/mypage/me') && res.status() === 401);
  release();
  await answered;
}
const CONTACT_DRAFT = '書きかけのお問い合わせです。';

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
    '除外ページで401: アカウント画面が始めた要求の応答を、利用者がお問い合わせ画面へ移るまで Playwright で待たせる（その間にサーバー側でセッションを終了）。その経路はそこで終わる。',
    'ゲストとして入場（session.guestEntered）とゲストの401: 送る画面（入場画面・ワールドの画面）がまだ準備中のため、対応づけない（保存済みゲストの復元で代用すると、ブラウザのアクターはその遷移を通らない）。',
    'セッション確認・サーバーでのサインアウトの通信エラー: Playwright でその要求だけを遮断する。',
  ],
  actions: [
    {
      name: '保存済みのユーザーのセッションで開く',
      steps: [{ type: 'xstate.done.actor.restoreSession', where: (e) => (e.output as { user?: { isGuest: boolean } } | null)?.user?.isGuest === false }],
      run: async (world) => {
        await storeUserSession(world);
        await world.page.goto(`${world.url}/mypage/worlds`);
      },
    },
    {
      name: '保存済みのゲストのセッションでワールドを開く',
      steps: [{ type: 'xstate.done.actor.restoreSession', where: (e) => (e.output as { user?: { isGuest: boolean } } | null)?.user?.isGuest === true }],
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
      steps: [{ type: 'xstate.done.actor.restoreSession', where: (e) => (e.output as { expiredGuest?: boolean } | null)?.expiredGuest === true }],
      run: async (world) => {
        const guestId = await storeGuestSession(world);
        expect((await api(world.url, `/api/guests/${guestId}`, { method: 'DELETE', headers: world.suite.owner, body: {} })).status).toBe(204);
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
      steps: [{ type: 'session.signOut', where: (e) => e.callServer !== false }, { type: 'xstate.done.actor.signOut' }],
      run: (world) => clickSignOut(world.page),
    },
    {
      name: 'ログアウトボタン（サーバーへの通知が通信エラー）',
      from: ['signedIn.user'],
      steps: [{ type: 'session.signOut', where: (e) => e.callServer !== false }, { type: 'xstate.error.actor.signOut' }],
      run: async (world) => {
        await world.page.route('**/api/auth/sign_out', (route) => route.abort('internetdisconnected'), { times: 1 });
        await clickSignOut(world.page);
      },
    },
    {
      name: 'サーバー側でセッションを終了してからアカウント画面を開く',
      from: ['signedIn.user'],
      steps: [{ type: 'session.unauthorized', where: isProtected401(false) }],
      run: async (world) => {
        await endSessionOnServer(world);
        if (new URL(world.page.url()).pathname === '/mypage/account') await goInApp(world.page, '/mypage/worlds');
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
      name: 'サーバー側でセッションを終了し、アカウント画面の応答が届く前にお問い合わせ画面へ移って書き始める',
      from: ['signedIn.user'],
      steps: [{ type: 'session.unauthorized', where: isExcluded401 }],
      run: answer401OnContactPage,
    },
    {
      name: 'アカウント画面でお名前を保存する',
      from: ['signedIn.user'],
      steps: [{ type: 'session.userUpdated' }],
      run: async (world) => {
        const { page } = world;
        if (new URL(page.url()).pathname !== '/mypage/account') await goInApp(page, '/mypage/account');
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
    'signedIn.user': async ({ page }) => {
      if (new URL(page.url()).pathname === '/contact') {
        // The 401 is ignored here: no sign-in page, the draft stays, the stored session too.
        await page.waitForTimeout(300);
        expect(new URL(page.url()).pathname).toBe('/contact');
        expect(await field(page, 'お問い合わせ内容').inputValue()).toBe(CONTACT_DRAFT);
        expect(await page.evaluate(() => localStorage.getItem('authAccessToken'))).toBeTruthy();
        return;
      }
      await page.waitForURL((url) => url.pathname.startsWith('/mypage/'));
      await page.getByRole('button', { name: 'ログアウト' }).waitFor();
    },
    'signedIn.guest': async ({ page, suite }) => {
      await page.waitForURL((url) => url.pathname === `/worlds/${suite.worldId}`);
      await page.getByRole('heading', { level: 1, name: 'ワールド' }).waitFor();
      expect(await page.getByText(SESSION_EXPIRED_MESSAGE).count()).toBe(0);
    },
    expired: async ({ page }) => {
      await page.getByText(SESSION_EXPIRED_MESSAGE).waitFor();
      await page.getByRole('heading', { level: 1, name: '401' }).waitFor();
    },
  },
};
