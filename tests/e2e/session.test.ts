import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoAccount } from '../../server/app/seed';
import { CHUNK_LOAD_MESSAGE } from '../../src/app/chunk-recovery';
import { mailMatch } from './support/accounts';
import { api, authHeaders } from './support/api';
import { browserSuite } from './support/browser-suite';

const suite = browserSuite();

const EXPIRED = 'セッションの有効期限が切れています。指定のURLからアクセスし直してください。';

const call = (path: string, init?: Parameters<typeof api>[2]) => api(suite.server.url, path, init);

async function signInByApi(email: string, password: string) {
  const res = await call('/api/auth/sign_in', { method: 'POST', body: { email, password } });
  expect(res.status).toBe(200);
  return authHeaders(res);
}

/** A form field by its label; the label also carries a 必須/任意 badge. */
const field = (page: Page, label: string) =>
  page.getByLabel(new RegExp(`^${label.replace(/[()（）]/g, '\\$&')}(必須|任意)?$`));

const storedAuth = (page: Page) =>
  page.evaluate(() => ({
    token: localStorage.getItem('authAccessToken'),
    client: localStorage.getItem('authClient'),
    uid: localStorage.getItem('authUid'),
  }));

/**
 * A guest of the demo world on its gate: the owner makes a guest link, the guest enters with it
 * (through the API, stored as the enter-guest screen stores it) and opens the world, which sends
 * a visitor not yet in the meeting to its gate. The owner's headers remove the guest later.
 */
async function guestOnGate(page: Page) {
  const owner = await signInByApi(demoAccount.email, demoAccount.password);
  const worlds = await call('/api/mypage/worlds', { headers: owner });
  const worldId = worlds.json.items[0].id as string;
  const link = await call(`/api/mypage/worlds/${worldId}/world_guest_tokens`, {
    method: 'POST',
    headers: owner,
    body: {},
  });
  expect(link.status).toBe(201);
  const entry = await call(`/api/world_guest_tokens/${link.json.token}`, {
    method: 'POST',
    body: { name: 'ゲスト太郎' },
  });
  expect(entry.status).toBe(201);
  await page.goto(`${suite.server.url}/signin`);
  await page.evaluate(
    ({ token, client, uid, userId }) => {
      localStorage.setItem('authAccessToken', token);
      localStorage.setItem('authClient', client);
      localStorage.setItem('authUid', uid);
      localStorage.setItem('userId', userId);
      localStorage.setItem('userIsGuest', 'true');
    },
    {
      token: entry.headers.get('access-token')!,
      client: entry.headers.get('client')!,
      uid: entry.headers.get('uid')!,
      userId: entry.json.data.id as string,
    },
  );
  await page.goto(`${suite.server.url}/worlds/${worldId}`);
  await page.waitForURL(`${suite.server.url}/worlds/${worldId}/gate`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  return { owner, worldId, guestId: entry.json.data.id as string, guest: authHeaders(entry) };
}

describe('the session in Chromium on the real server', () => {
  it('signs up, confirms from the mailed link, signs in onto the callback path, survives a reload, signs out', async () => {
    const page = await suite.browser.newPage();
    const email = `e2e-${Date.now()}@example.com`;

    // A signed-out visit to a mypage screen goes to /signin and remembers where it was going.
    await page.goto(`${suite.server.url}/mypage/account`);
    await page.waitForURL(`${suite.server.url}/signin`);

    await page.getByRole('link', { name: '新規登録' }).first().click();
    await page.waitForURL(`${suite.server.url}/signup`);
    await field(page, 'お名前').fill('山田 花子');
    await field(page, 'メールアドレス').fill(email);
    await field(page, 'パスワード').fill('e2e password 1');
    await field(page, 'パスワード（確認）').fill('e2e password 1');
    await page.getByRole('button', { name: '登録する' }).click();
    await page.getByText('確認メールを送信しました').first().waitFor();

    // The mail, as a developer reads it in the outbox; its link confirms the address.
    await mailMatch(suite.server.url, email, /confirmation_token=/);
    await page.goto(`${suite.server.url}/dev/mails`);
    const mail = page.locator('article', { hasText: email });
    await mail.getByRole('link', { name: /confirmation_token=/ }).click();
    await page.waitForURL(/\/confirmation\?confirmation_token=/);
    await page.getByText('メールアドレスを確認しました').waitFor();

    await page.goto(`${suite.server.url}/signin`);
    await field(page, 'メールアドレス').fill(email);
    await field(page, 'パスワード').fill('e2e password 1');
    await page.getByRole('button', { name: 'ログイン' }).click();
    await page.waitForURL(`${suite.server.url}/mypage/account`);
    // The account page loads the user after the navigation: wait for it rather than look once.
    await page.getByText(email).first().waitFor();

    await page.reload();
    await page.getByText(email).first().waitFor();
    expect(page.url()).toBe(`${suite.server.url}/mypage/account`);

    await page.getByRole('button', { name: 'ログアウト' }).click();
    await page.waitForURL(`${suite.server.url}/signin`);
    expect(await storedAuth(page)).toEqual({ token: null, client: null, uid: null });
    await page.close();
  });

  it('sends a user whose token expired on a mypage call to /signin, keeping worldId', async () => {
    const page = await suite.browser.newPage();
    const worldId = '7d2f0c1e-3b4a-4c5d-8e9f-0a1b2c3d4e5f';
    await page.goto(`${suite.server.url}/signin`);
    await field(page, 'メールアドレス').fill(demoAccount.email);
    await field(page, 'パスワード').fill(demoAccount.password);
    await page.getByRole('button', { name: 'ログイン' }).click();
    await page.waitForURL(`${suite.server.url}/mypage/worlds`);
    await page.goto(`${suite.server.url}/mypage/account?worldId=${worldId}`);
    await field(page, 'お名前').waitFor();
    // The page's own reads (the API token's section loads after the form) are over first: the
    // 401 this test is about comes from the save, not from a read that races the sign-out.
    await page.waitForLoadState('networkidle');

    // The session ends on the server (signed out elsewhere); the page does not know yet.
    const auth = await storedAuth(page);
    const out = await call('/api/auth/sign_out', {
      method: 'DELETE',
      headers: { 'access-token': auth.token!, client: auth.client!, uid: auth.uid! },
      body: {},
    });
    expect(out.status).toBe(200);

    await field(page, 'お名前').fill('新しい名前');
    await page.getByRole('button', { name: 'お名前を保存する' }).click();
    await page.waitForURL(`${suite.server.url}/signin?worldId=${worldId}`);
    expect(await storedAuth(page)).toEqual({ token: null, client: null, uid: null });
    await page.close();
  });

  it('shows a guest whose session expired the 401 message instead of the sign-in page', async () => {
    const page = await suite.browser.newPage();
    const { owner, worldId, guestId } = await guestOnGate(page);

    // The owner removes the guest: its session ends.
    const removed = await call(`/api/guests/${guestId}`, {
      method: 'DELETE',
      headers: owner,
      body: {},
    });
    expect(removed.status).toBe(204);

    await page.reload();
    await page.getByText(EXPIRED).waitFor();
    await expect(page.getByText('401').first().isVisible()).resolves.toBe(true);
    expect(new URL(page.url()).pathname).toBe(`/worlds/${worldId}/gate`);
    await page.close();
  });

  // The router's updates reach React in transitions, an error at once: a 401 answered after the
  // router has moved to the meeting page but before React has rendered the move was once paired
  // with the gate, and the landing cleared it (seen in CI on a loaded machine). Forced here: the
  // join's answer is handed to the app in the moment the router moves (history.pushState), before
  // React can render. It is the server's answer to the same call, asked for just before the click.
  it('keeps showing a removed guest why, when the join is answered 401 as the router moves to the meeting page', async () => {
    const page = await suite.browser.newPage();
    await page.addInitScript(() => {
      const held = window as Window & { joinAnswer?: Promise<Response> };
      const network = window.fetch.bind(window);
      let moved = () => {};
      const routerMoved = new Promise<void>((resolve) => (moved = resolve));
      const pushState = history.pushState.bind(history);
      history.pushState = (data, unused, url) => {
        pushState(data, unused, url);
        if (/\/worlds\/[^/]+$/.test(String(url))) moved();
      };
      window.fetch = async (input, init) => {
        const join =
          input instanceof Request &&
          input.method === 'POST' &&
          /\/chime_meetings$/.test(input.url);
        if (!join || !held.joinAnswer) return network(input, init);
        const answer = await held.joinAnswer;
        await routerMoved;
        return answer.clone();
      };
    });
    const { owner, worldId, guestId, guest } = await guestOnGate(page);
    const removed = await call(`/api/mypage/worlds/${worldId}/users/${guestId}`, {
      method: 'DELETE',
      headers: owner,
      body: {},
    });
    expect(removed.status).toBe(204);
    const status = await page.evaluate(
      async ({ path, headers }) => {
        const held = window as Window & { joinAnswer?: Promise<Response> };
        held.joinAnswer = fetch(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify({ spaceId: crypto.randomUUID() }),
        });
        return (await held.joinAnswer).status;
      },
      { path: `/api/worlds/${worldId}/chime_meetings`, headers: guest },
    );
    expect(status).toBe(401);

    await page.getByRole('button', { name: /^(マイク・カメラなしで参加|入場する)$/ }).click();
    await page.waitForURL(`${suite.server.url}/worlds/${worldId}`);
    await page.getByText(EXPIRED).waitFor();
    // Long after the meeting page's render has landed, the error is still there.
    await page.waitForTimeout(1000);
    expect(await page.getByText(EXPIRED).count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe(`/worlds/${worldId}`);
    await page.close();
  });

  it('reloads once when a script chunk fails to load, not in a loop', async () => {
    const page = await suite.browser.newPage();
    await page.route(/\/assets\/sign-in-page-[^/]+\.js$/, (route) => route.abort());
    let documentLoads = 0;
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documentLoads += 1;
    });
    await page.goto(`${suite.server.url}/signin`);
    // The second failure within 10 seconds shows the error page instead of reloading again.
    await page.getByText(CHUNK_LOAD_MESSAGE).waitFor({ timeout: 15_000 });
    await page.waitForTimeout(2000);
    expect(documentLoads).toBe(2);
    await page.close();
  });
});
