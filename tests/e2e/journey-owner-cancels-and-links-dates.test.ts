import { describe, expect, it } from 'vitest';
import { demoAccount } from '../../server/app/seed';
import { api } from './support/api';
import { demoWorldSuite } from './support/demo-world-suite';

// Journey (issue #29; docs/product.md, "Reserved dates"): an owner ties a reserved date to an
// event announcement and cancels dates one by one; the payment is refunded once every date it
// paid for is cancelled.
const suite = demoWorldSuite();

const HOUR = 3_600_000;

async function reserveTwoDates(baseUrl: string, auth: Record<string, string>, worldId: string) {
  const token = await api(baseUrl, '/api/payments/local/tokens', {
    method: 'POST',
    headers: auth,
    body: {
      number: '4242424242424242',
      expMonth: 12,
      expYear: new Date().getUTCFullYear() + 2,
      cvc: '123',
    },
  });
  const method = await api(baseUrl, '/api/mypage/payment_methods', {
    method: 'POST',
    headers: auth,
    body: { providerToken: token.json.token },
  });
  expect(method.status, JSON.stringify(method.json)).toBe(201);
  const base = Math.ceil(Date.now() / HOUR) * HOUR + 48 * HOUR;
  const item = (start: number) => ({
    startAt: new Date(start).toISOString(),
    endAt: new Date(start + HOUR).toISOString(),
    capacity: 3,
    isRehearsal: false,
    eventAnnouncementId: null,
  });
  const paid = await api(baseUrl, `/api/mypage/worlds/${worldId}/payments`, {
    method: 'POST',
    headers: auth,
    body: {
      paymentMethodId: method.json.id,
      items: [item(base), item(base + 24 * HOUR)],
      timezone: 'Asia/Tokyo',
      expectedTotal: 2 * Math.ceil((60 * 3 * 110) / 60),
    },
  });
  expect(paid.status, JSON.stringify(paid.json)).toBe(201);
}

describe('journey: the owner cancels reserved dates and ties one to an event', () => {
  it('links a date to an event, cancels one date, then the other, and the payment is refunded', async () => {
    const { url } = suite.server;
    await reserveTwoDates(url, suite.owner, suite.worldId);
    const event = await api(url, `/api/mypage/worlds/${suite.worldId}/event_announcements`, {
      method: 'POST',
      headers: suite.owner,
      body: {
        title: '春の交流会',
        body: 'ワールドで会いましょう',
        startAt: new Date(Date.now() + 48 * HOUR).toISOString(),
        endAt: new Date(Date.now() + 50 * HOUR).toISOString(),
        capacity: 30,
        publishedAt: null,
        registrationOpen: false,
      },
    });
    expect(event.status, JSON.stringify(event.json)).toBe(201);

    const page = await suite.browser.newPage({ viewport: { width: 375, height: 800 } });
    await page.goto(`${url}/signin`);
    await page.getByLabel(/^メールアドレス/).fill(demoAccount.email);
    await page.getByLabel(/^パスワード/).fill(demoAccount.password);
    await page.getByRole('button', { name: 'ログイン' }).click();
    await page.waitForURL(`${url}/mypage/worlds`);
    await page.getByRole('link', { name: 'デモワールド' }).click();
    await page
      .getByRole('navigation', { name: 'ワールドの管理' })
      .getByRole('link', { name: '予約した日程' })
      .click();
    const list = page.getByRole('list', { name: '予約した日程' });
    await list.getByRole('listitem').nth(1).waitFor();
    expect(await list.getByText('イベント未設定').count()).toBe(2);

    // The first date is tied to the event.
    const first = list.getByRole('listitem').nth(0);
    const firstLabel = (await first.locator('.membership-item-name').innerText()).trim();
    await first.getByRole('combobox').selectOption({ label: '春の交流会' });
    await page.getByText(`${firstLabel} を「春の交流会」に紐づけました。`).waitFor();
    await first.getByText('イベント「春の交流会」').waitFor();

    // The second is cancelled after one confirmation: gone from the list, nothing refunded yet.
    const second = list.getByRole('listitem').nth(1);
    const secondLabel = (await second.locator('.membership-item-name').innerText()).trim();
    await second.getByRole('button', { name: `${secondLabel} の予約をキャンセル` }).click();
    await page.getByRole('dialog').getByRole('button', { name: '予約をキャンセルする' }).click();
    await page.getByText(`${secondLabel} の予約をキャンセルしました。`).waitFor();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
    const payments = () =>
      api(url, `/api/mypage/worlds/${suite.worldId}/payments`, { headers: suite.owner });
    expect((await payments()).json.items[0].cancelled).toBe(false);

    // The last date of the payment cancelled: the payment is refunded in full.
    await list.getByRole('button', { name: `${firstLabel} の予約をキャンセル` }).click();
    await page.getByRole('dialog').getByRole('button', { name: '予約をキャンセルする' }).click();
    await page.getByText('これからの予約はありません。').waitFor();
    expect((await payments()).json.items[0].cancelled).toBe(true);
    await page.close();
  });
});
