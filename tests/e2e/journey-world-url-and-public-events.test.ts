import { describe, expect, it } from 'vitest';
import { demoAccount } from '../../server/app/seed';
import { api } from './support/api';
import { demoWorldSuite } from './support/demo-world-suite';

// Journeys (issue #29; docs/product.md, "World URL", "Public event list"): an owner gives the
// world a URL name (a taken one is refused beside the field) and opens it; the old name then says
// plainly that no world has it. A visitor, signed out, opens the world's public event list.
const suite = demoWorldSuite();

describe('journey: the world URL and its public events', () => {
  it('sets the URL name, refuses a taken one, opens it, and the old name answers not found', async () => {
    const { url } = suite.server;
    const other = await api(url, '/api/mypage/worlds', {
      method: 'POST',
      headers: suite.owner,
      body: { name: '別のワールド' },
    });
    const taken = await api(url, `/api/mypage/world_urls/${other.json.id}`, {
      method: 'PATCH',
      headers: suite.owner,
      body: { slug: 'taken-name' },
    });
    expect(taken.status).toBe(200);

    const page = await suite.browser.newPage({ viewport: { width: 375, height: 800 } });
    await page.goto(`${url}/signin`);
    await page.getByLabel(/^メールアドレス/).fill(demoAccount.email);
    await page.getByLabel(/^パスワード/).fill(demoAccount.password);
    await page.getByRole('button', { name: 'ログイン' }).click();
    await page.waitForURL(`${url}/mypage/worlds`);
    await page.getByRole('link', { name: 'デモワールド' }).click();
    await page.getByRole('link', { name: '編集', exact: true }).click();
    await page.waitForURL(`${url}/mypage/worlds/${suite.worldId}/edit`);

    const form = page.getByRole('form', { name: 'URL名の設定' });
    const slug = form.getByLabel(/^URL名/);
    // Wrong characters are refused in the browser, a taken name by the server: both beside the field.
    await slug.fill('Spring Fair');
    await form.getByRole('button', { name: 'URL名を保存' }).click();
    await form
      .getByText('半角の英小文字・数字・ハイフンで入力してください（先頭は英小文字か数字）。')
      .first()
      .waitFor();
    await slug.fill('taken-name');
    await form.getByRole('button', { name: 'URL名を保存' }).click();
    await form
      .getByText('このURL名は既に使われています。別の名前を指定してください。')
      .first()
      .waitFor();
    expect(await slug.getAttribute('aria-invalid')).toBe('true');
    expect(await slug.inputValue()).toBe('taken-name');

    await slug.fill('demo-fair');
    await slug.press('Enter');
    await form.getByText('URL名を保存しました。').waitFor();
    const short = page.getByRole('link', { name: `${url}/w/demo-fair` });
    await short.waitFor();
    await page.goto(`${url}/w/demo-fair`);
    await page.waitForURL(`${url}/worlds/${suite.worldId}`);

    // Renamed: the old short URL answers a clear not-found page, the new one leads to the world.
    await page.goto(`${url}/mypage/worlds/${suite.worldId}/edit`);
    await slug.fill('demo-fair-2026');
    expect(await slug.inputValue()).toBe('demo-fair-2026');
    await form.getByRole('button', { name: 'URL名を保存' }).click();
    await form.getByText('URL名を保存しました。').waitFor();
    // The settings show the new short URL once the server's answer is read back.
    await page.getByRole('link', { name: `${url}/w/demo-fair-2026` }).waitFor();
    await page.goto(`${url}/w/demo-fair`);
    await page
      .getByText('このURLのワールドが見つかりません。')
      .waitFor()
      .catch(async (error: Error) => {
        // What the page shows instead, for the failure's report.
        throw new Error(
          `${error.message}\n${page.url()}: ${await page.locator('body').innerText()}`,
        );
      });
    await page
      .getByText('URL名が変更されると、前の短いURLは使えなくなります。', { exact: false })
      .waitFor();
    await page.goto(`${url}/w/demo-fair-2026`);
    await page.waitForURL(`${url}/worlds/${suite.worldId}`);
    await page.close();
  });

  it('a visitor opens the world public event list and one of its events', async () => {
    const { url } = suite.server;
    const hours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();
    const create = (title: string, publishedAt: string | null) =>
      api(url, `/api/mypage/worlds/${suite.worldId}/event_announcements`, {
        method: 'POST',
        headers: suite.owner,
        body: {
          title,
          body: 'ワールドで会いましょう',
          startAt: hours(24),
          endAt: hours(26),
          capacity: 30,
          publishedAt,
          registrationOpen: true,
        },
      });
    expect((await create('公開の交流会', new Date().toISOString())).status).toBe(201);
    expect((await create('下書きの交流会', null)).status).toBe(201);

    const visitor = await suite.browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await visitor.newPage();
    await page.goto(`${url}/worlds/${suite.worldId}/events`);
    await page.getByRole('heading', { name: 'デモワールド のイベント' }).waitFor();
    const list = page.getByRole('list', { name: '公開中のイベント' });
    await list.getByText('受付中（残り30席）').waitFor();
    expect(await list.getByText('下書きの交流会').count()).toBe(0);
    await page.screenshot({ path: 'test-results/world-events.png', fullPage: true });
    await list.getByRole('link', { name: '公開の交流会' }).click();
    await page.getByRole('heading', { name: '公開の交流会' }).waitFor();
    // The event page leads back to the list, without signing in.
    await page.getByRole('link', { name: 'デモワールド のイベント一覧' }).click();
    await page.waitForURL(`${url}/worlds/${suite.worldId}/events`);
    await visitor.close();
  });
});
