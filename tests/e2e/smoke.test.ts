import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailMatch } from './support/accounts';
import { launchChromium, startE2eServer } from './support/server';

let server: Awaited<ReturnType<typeof startE2eServer>>;
let browser: Browser;

beforeAll(async () => {
  server = await startE2eServer();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the product in Chromium on the real server', () => {
  it('sends a signed-out visitor from / to the Japanese sign-in page', async () => {
    const page = await browser.newPage();
    await page.goto(server.url);
    await page.waitForURL(`${server.url}/signin`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('ログイン');
    expect(await page.title()).toBe('ログイン - Worlds');
    expect(await page.getAttribute('html', 'lang')).toBe('ja');
    await page.close();
  });

  it('shows the 404 page for an unknown path, reloaded straight from the server', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/no/such/page`);
    await expect(page.getByText('Page not found: /no/such/page').count()).resolves.toBe(1);
    await page.close();
  });

  it('signs up through the API and shows the confirmation mail in the development outbox', async () => {
    const page = await browser.newPage();
    await page.goto(server.url);
    const status = await page.evaluate(async () => {
      const res = await fetch('/api/auth', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'e2e@example.com', password: 'e2e password 1' }),
      });
      return res.status;
    });
    expect(status).toBe(200);
    await mailMatch(server.url, 'e2e@example.com', /confirmation_token=/);
    await page.goto(`${server.url}/dev/mails`);
    const link = page.getByRole('link', { name: /confirmation_token=/ });
    await expect(link.count()).resolves.toBe(1);
    await page.close();
  });
});
