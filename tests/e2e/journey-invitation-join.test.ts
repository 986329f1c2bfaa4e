// Journeys (issue 15): owners reach their world in one click from the list and the detail page;
// a signed-in non-member who opens a mailed invitation link is asked to join, and joins.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoAccount } from '../../server/app/seed';
import { E2E_PASSWORD as PASSWORD, mailMatch, registerUser } from './support/accounts';
import { api } from './support/api';
import { demoWorldSuite } from './support/demo-world-suite';

const suite = demoWorldSuite();

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel(/^メールアドレス/).fill(email);
  await page.getByLabel(/^パスワード/).fill(password);
  await page.getByRole('button', { name: 'ログイン' }).click();
}

describe('journey: owners and members reach their world', () => {
  it('the owner enters the world in one click from the list and from the detail page', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 375, height: 800 } });
    await page.goto(`${suite.server.url}/signin`);
    await signIn(page, demoAccount.email, demoAccount.password);
    await page.waitForURL(`${suite.server.url}/mypage/worlds`);

    await page
      .getByRole('link', { name: /に入る$/ })
      .first()
      .click();
    await page.waitForURL(`${suite.server.url}/worlds/${suite.worldId}/gate`);

    await page.goto(`${suite.server.url}/mypage/worlds/${suite.worldId}`);
    await page.getByRole('link', { name: 'ワールドに入る' }).click();
    await page.waitForURL(`${suite.server.url}/worlds/${suite.worldId}/gate`);
    await page.close();
  });

  it('a non-member who opens the mailed invitation link is asked to join, joins and enters', async () => {
    const email = `invitee-${Date.now()}@example.com`;
    await registerUser(suite.server.url, email, '招待 太郎');
    const invited = await api(
      suite.server.url,
      `/api/mypage/worlds/${suite.worldId}/world_invitations`,
      {
        method: 'POST',
        headers: suite.owner,
        body: { emails: [email] },
      },
    );
    expect(invited.status).toBeLessThan(300);
    const [link] = await mailMatch(
      suite.server.url,
      email,
      /https?:\/\/\S+\/invitation\?token=[A-Za-z0-9_-]+/,
    );

    const page = await suite.browser.newPage({ viewport: { width: 375, height: 800 } });
    // Signed out: the link goes through /signin and comes back to itself.
    await page.goto(link!);
    await page.waitForURL(/\/signin/);
    await signIn(page, email, PASSWORD);
    await page.waitForURL(link!);

    await page.getByRole('heading', { name: 'ワールドに参加しますか？' }).waitFor();
    expect(await page.getByText('ワールドが見つかりません').count()).toBe(0);
    await page.getByRole('button', { name: '参加する' }).click();
    await page.waitForURL(`${suite.server.url}/worlds/${suite.worldId}/gate`);

    // Now a member: the world is in the list with its one-click entry.
    const worlds = await api(suite.server.url, '/api/mypage/worlds', {
      headers: await page.evaluate(() => ({
        'access-token': localStorage.getItem('authAccessToken') ?? '',
        client: localStorage.getItem('authClient') ?? '',
        uid: localStorage.getItem('authUid') ?? '',
      })),
    });
    expect(worlds.json.items.map((w: { id: string; role: string }) => [w.id, w.role])).toEqual([
      [suite.worldId, 'user'],
    ]);
    await page.close();
  });
});
