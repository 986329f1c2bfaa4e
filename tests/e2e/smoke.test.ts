import { describe, expect, it } from 'vitest';
import { mailMatch } from './support/accounts';
import { browserSuite } from './support/browser-suite';

const suite = browserSuite();

describe('the product in Chromium on the real server', () => {
  it('sends a signed-out visitor from / to the Japanese sign-in page', async () => {
    const page = await suite.browser.newPage();
    await page.goto(suite.server.url);
    await page.waitForURL(`${suite.server.url}/signin`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('ログイン');
    expect(await page.title()).toBe('ログイン - Worlds');
    expect(await page.getAttribute('html', 'lang')).toBe('ja');
    await page.close();
  });

  it('shows the 404 page for an unknown path, reloaded straight from the server', async () => {
    const page = await suite.browser.newPage();
    await page.goto(`${suite.server.url}/no/such/page`);
    await expect(page.getByText('Page not found: /no/such/page').count()).resolves.toBe(1);
    await page.close();
  });

  it('signs up through the API and shows the confirmation mail in the development outbox', async () => {
    const page = await suite.browser.newPage();
    await page.goto(suite.server.url);
    const status = await page.evaluate(async () => {
      const res = await fetch('/api/auth', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'e2e@example.com', password: 'e2e password 1' }),
      });
      return res.status;
    });
    expect(status).toBe(200);
    await mailMatch(suite.server.url, 'e2e@example.com', /confirmation_token=/);
    await page.goto(`${suite.server.url}/dev/mails`);
    const link = page.getByRole('link', { name: /confirmation_token=/ });
    await expect(link.count()).resolves.toBe(1);
    await page.close();
  });
});
