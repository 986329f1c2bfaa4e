import { describe, expect, it } from 'vitest';
import { demoAccount } from '../../server/app/seed';
import { browserSuite } from './support/browser-suite';

// Journey (issue 15, Deliver 3; docs/product.md §2 News): the product's news on mypage, unread
// ones counted in the navigation until this device has shown them.
const suite = browserSuite();

describe('journey: a user reads the news on mypage', () => {
  it('a signed-in user sees unread news, reads them, and they are read', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 375, height: 800 } });
    await page.goto(`${suite.server.url}/signin`);
    await page.getByLabel(/^メールアドレス/).fill(demoAccount.email);
    await page.getByLabel(/^パスワード/).fill(demoAccount.password);
    await page.getByRole('button', { name: 'ログイン' }).click();
    await page.waitForURL(`${suite.server.url}/mypage/worlds`);
    // The demo's two news items, never seen on this device.
    const nav = page.getByRole('navigation', { name: 'マイページ' });
    await nav.getByRole('link', { name: /^お知らせ\s*未読2件$/ }).click();
    await page.waitForURL(`${suite.server.url}/mypage/news`);
    const list = page.getByRole('list', { name: 'お知らせ' });
    await list.getByRole('heading', { name: /^未読\s*Worlds へようこそ$/ }).waitFor();
    expect(await list.getByRole('article').count()).toBe(2);
    await page.screenshot({ path: 'test-results/mypage-news.png', fullPage: true });
    // Opened, they are read: the navigation says so at once, and the next visit too.
    await nav.getByRole('link', { name: 'お知らせ', exact: true }).waitFor();
    await page.reload();
    await list.getByRole('heading', { name: 'Worlds へようこそ', exact: true }).waitFor();
    expect(await page.getByText('未読').count()).toBe(0);
    await page.close();
  });
});
