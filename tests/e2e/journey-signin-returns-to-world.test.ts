// Journey (issue 15): a signed-out user who reaches /signin?worldId=… lands back in that world
// after signing in, and a session that expired says so on /signin, keeping the world.
import { describe, expect, it } from 'vitest';
import { demoAccount } from '../../server/app/seed';
import { demoWorldSuite } from './support/demo-world-suite';

const suite = demoWorldSuite();

const EXPIRED = 'セッションの有効期限が切れました。もう一度ログインしてください。';

describe('journey: sign-in returns to the world', () => {
  it('a signed-out user signs in from /signin?worldId= and lands in the world', async () => {
    const page = await suite.browser.newPage();
    await page.goto(`${suite.server.url}/signin?worldId=${suite.worldId}`);
    // Nothing expired here: a plain visit to /signin gives no expiry notice.
    await page.getByRole('button', { name: 'ログイン' }).waitFor();
    expect(await page.getByText(EXPIRED).count()).toBe(0);

    await page.getByLabel(/^メールアドレス/).fill(demoAccount.email);
    await page.getByLabel(/^パスワード/).fill(demoAccount.password);
    await page.getByRole('button', { name: 'ログイン' }).click();

    // The world page, or its gate (the device check) the world page leads through.
    await page.waitForURL(new RegExp(`/worlds/${suite.worldId}(/gate)?$`));
    await page.close();
  });

  it('a stored session refused at start-up explains itself on /signin and keeps the worldId', async () => {
    const page = await suite.browser.newPage();
    await page.goto(`${suite.server.url}/signin`);
    await page.evaluate(() => {
      localStorage.setItem('authAccessToken', 'expired-token');
      localStorage.setItem('authClient', 'expired-client');
      localStorage.setItem('authUid', 'demo@example.com');
      localStorage.setItem('userId', 'someone');
    });

    await page.goto(`${suite.server.url}/mypage/worlds?worldId=${suite.worldId}`);
    await page.waitForURL(`${suite.server.url}/signin?worldId=${suite.worldId}`);
    await page.getByText(EXPIRED).waitFor();

    await page.getByLabel(/^メールアドレス/).fill(demoAccount.email);
    await page.getByLabel(/^パスワード/).fill(demoAccount.password);
    await page.getByRole('button', { name: 'ログイン' }).click();
    // The page the visitor was going to is remembered and wins over the world.
    await page.waitForURL(`${suite.server.url}/mypage/worlds?worldId=${suite.worldId}`);

    // A new session ends the explanation.
    await page.goto(`${suite.server.url}/signin`);
    await page.waitForURL(`${suite.server.url}/mypage/worlds`);
    await page.close();
  });
});
