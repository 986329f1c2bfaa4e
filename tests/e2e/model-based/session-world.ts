// What the session paths (tests/e2e/model-based/session.model.ts) run in: the demo owner's world,
// a pool of confirmed accounts, guest links, sessions stored as the app stores them, and the
// ways a session ends on the server while the page does not know yet.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { demoAccount } from '../../../server/app/seed';
import { registerUser } from '../support/accounts';
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
  worldName: string;
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
  const res = await api(url, '/api/auth/sign_in', {
    method: 'POST',
    body: { email: demoAccount.email, password: demoAccount.password },
  });
  expect(res.status).toBe(200);
  const owner = authHeaders(res);
  const worlds = await api(url, '/api/mypage/worlds', { headers: owner });
  const world = (worlds.json as { items: { id: string; name: string }[] }).items[0] as {
    id: string;
    name: string;
  };
  return { url, owner, worldId: world.id, worldName: world.name, accounts: [] };
}

/** A confirmed account with sign-ins to spare (support/accounts.ts registerUser). */
async function account(suite: SessionSuite, signIns: number): Promise<Account> {
  const spare = suite.accounts.find((a) => a.signIns + signIns <= 9);
  if (spare) return spare;
  const email = `mbt-${suite.accounts.length + 1}-${Date.now()}@example.com`;
  const password = 'mbt password 1';
  await registerUser(suite.url, email, 'モデル 太郎', password);
  const created = { email, password, signIns: 0 };
  suite.accounts.push(created);
  return created;
}

export async function useAccount(world: SessionWorld, signIns: number): Promise<Account> {
  world.account ??= await account(world.suite, signIns);
  if (world.account.signIns + signIns > 9) world.account = await account(world.suite, signIns);
  world.account.signIns += signIns;
  return world.account;
}

/** A same-origin page that does not start the app, so storage is set before the app reads it. */
const blank = (world: SessionWorld) => world.page.goto(`${world.url}/build-meta.json`);

async function storeSession(
  page: Page,
  headers: Record<string, string>,
  userId: string,
  isGuest: boolean,
) {
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

export async function storeUserSession(world: SessionWorld) {
  const { email, password } = await useAccount(world, 1);
  const res = await api(world.url, '/api/auth/sign_in', {
    method: 'POST',
    body: { email, password },
  });
  expect(res.status).toBe(200);
  await blank(world);
  await storeSession(
    world.page,
    authHeaders(res),
    (res.json as { data: { id: string } }).data.id,
    false,
  );
}

/** A guest link of the demo world, made by its owner (createWorldGuestToken): its token. */
export async function createGuestLink(suite: SessionSuite): Promise<string> {
  const link = await api(suite.url, `/api/mypage/worlds/${suite.worldId}/world_guest_tokens`, {
    method: 'POST',
    headers: suite.owner,
    body: {},
  });
  expect(link.status).toBe(201);
  return (link.json as { token: string }).token;
}

/** A guest entered with a link of the demo world, stored as the enter-guest screen stores it. */
export async function storeGuestSession(world: SessionWorld): Promise<string> {
  const token = await createGuestLink(world.suite);
  const entry = await api(world.url, `/api/world_guest_tokens/${token}`, {
    method: 'POST',
    body: { name: 'ゲスト太郎' },
  });
  expect(entry.status).toBe(201);
  const guestId = (entry.json as { data: { id: string } }).data.id;
  await blank(world);
  await storeSession(world.page, authHeaders(entry), guestId, true);
  return guestId;
}

const pathOf = (page: Page) => `${new URL(page.url()).pathname}${new URL(page.url()).search}`;

/**
 * A client-side navigation, as a link would make: the app keeps running, the session with it.
 * The history entry has react-router's shape (a new key), as one a <Link> pushes.
 */
export async function goInApp(page: Page, to: string) {
  await page.evaluate((to) => {
    const idx = ((window.history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    window.history.pushState(
      { usr: null, key: Math.random().toString(36).slice(2, 10), idx },
      '',
      to,
    );
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, to);
  await page.waitForURL((url) => `${url.pathname}${url.search}` === to);
}

export const field = (page: Page, label: string) =>
  page.getByLabel(new RegExp(`^${label.replace(/[()（）]/g, '\\$&')}(必須|任意)?$`));

/** The session ends on the server (signed out elsewhere, with the stored headers); the page does not know yet. */
export async function endSessionOnServer(world: SessionWorld) {
  const auth = await world.page.evaluate(() => ({
    'access-token': localStorage.getItem('authAccessToken') ?? '',
    client: localStorage.getItem('authClient') ?? '',
    uid: localStorage.getItem('authUid') ?? '',
  }));
  expect(
    (await api(world.url, '/api/auth/sign_out', { method: 'DELETE', headers: auth, body: {} }))
      .status,
  ).toBe(200);
}

/** The world's gate, where a guest's stored session and a guest link both lead. */
export const gatePage = (world: SessionWorld) => `/worlds/${world.suite.worldId}/gate`;

/**
 * On the gate, the guest enters the meeting (listen-only: this browser has no camera): the
 * meeting page's join is the guest's first call after the gate, whose world data is cached.
 */
export async function joinFromGate(page: Page) {
  await page.getByRole('button', { name: /^(マイク・カメラなしで参加|入場する)$/ }).click();
}

const CONTACT_DRAFT = '書きかけのお問い合わせです。';

/**
 * A write a page started answers 401 after the visitor has gone on to the contact form: the
 * write (the call matching `hold` and `method` that ends in `answered`) is held in the browser,
 * the session ends on the server meanwhile, and the answer is let through once the visitor is on
 * /contact and has started writing. Only a call the app does not cancel on leaving can answer
 * there: a page's GETs are dropped with it (TanStack Query aborts them), so `act` starts a write.
 */
export async function answer401OnContactPage(
  world: SessionWorld,
  call: {
    page: string;
    hold: string;
    answered: string;
    method: string;
    act: (page: Page) => Promise<void>;
  },
) {
  const { page } = world;
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let arrived = false;
  const holds = (request: { url(): string; method(): string }) =>
    request.url().endsWith(call.answered) && request.method() === call.method;
  await page.route(call.hold, async (route) => {
    if (!holds(route.request())) return route.continue();
    arrived = true;
    await held;
    await route.continue();
  });
  const contact = page.getByRole('heading', { level: 1, name: 'お問い合わせ' });
  if (pathOf(page) !== call.page) await goInApp(page, call.page);
  await call.act(page);
  await expect
    .poll(() => arrived, { message: `${call.page} sends ${call.method} ${call.answered}` })
    .toBe(true);
  // Ended while the write is held: the server answers it 401 once it is let through.
  await endSessionOnServer(world);
  await goInApp(page, '/contact');
  await contact.waitFor();
  await field(page, 'お問い合わせ内容').fill(CONTACT_DRAFT);
  const answered = page.waitForResponse((res) => holds(res.request()) && res.status() === 401);
  release();
  await answered;
  await page.unroute(call.hold);
}

/** The draft is still being written on /contact: no sign-in page, no error page, the stored session kept. */
export async function expectStillWriting(page: Page) {
  await page.waitForTimeout(300);
  expect(new URL(page.url()).pathname).toBe('/contact');
  expect(await field(page, 'お問い合わせ内容').inputValue()).toBe(CONTACT_DRAFT);
  expect(await page.evaluate(() => localStorage.getItem('authAccessToken'))).toBeTruthy();
}
