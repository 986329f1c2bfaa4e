// Journey (issue 23 item 3): the owner pays at a konbini with the local provider. The voucher's
// numbers and deadline are shown; the development outbox page plays the store: 「支払い済みにする」
// reserves the date with a receipt and a mail; another voucher is let expire 「期限切れにする」 and
// its date is released at once.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api } from './support/api';
import { demoWorldSuite, signInOnPage } from './support/demo-world-suite';
import { tokyo } from './support/tokyo-time';

const suite = demoWorldSuite();

const paymentUrl = () => `${suite.server.url}/mypage/worlds/${suite.worldId}/payment`;

/** One date `day` days ahead in the cart, paid with 「コンビニ払いにする」: the voucher's payment number. */
async function payAtKonbini(page: Page, day: number): Promise<string> {
  await page.goto(paymentUrl());
  await page.getByLabel('開始日時').fill(tokyo(day, '10:00'));
  await page.getByLabel('終了日時').fill(tokyo(day, '11:30'));
  await page.getByRole('spinbutton', { name: '人数' }).fill('20');
  await expect
    .poll(() => page.getByRole('status', { name: '見積もり' }).textContent(), { timeout: 10_000 })
    .toMatch(/[￥¥]3,300/);
  await page.getByRole('button', { name: 'カートに追加' }).click();
  await page.getByText('カートに追加しました。').first().waitFor();
  await page.getByRole('button', { name: 'コンビニ払いにする' }).click();
  const checkout = page.getByRole('region', { name: 'お支払い', exact: true });
  await checkout
    .getByRole('heading', { name: 'コンビニ払いの払込票' })
    .waitFor({ timeout: 15_000 });
  const voucher = checkout.getByLabel('払込票');
  const number = (await voucher.getByRole('definition').first().textContent())!.trim();
  expect(number).toMatch(/^[0-9]{11}$/);
  expect(await voucher.getByRole('definition').nth(1).textContent()).toMatch(/^[0-9]{4}$/);
  // The deadline: 3 days from now (the date is further away), as the page shows times.
  const deadline = tokyo(3, '').slice(0, 10).replaceAll('-', '/');
  expect(await voucher.getByRole('definition').nth(2).textContent()).toContain(deadline);
  return number;
}

/** The world's live dates (not cancelled) on that day. */
async function liveDates(day: number) {
  const from = new Date(`${tokyo(day, '00:00')}:00+09:00`).toISOString();
  const to = new Date(`${tokyo(day + 1, '00:00')}:00+09:00`).toISOString();
  const dates = await api(
    suite.server.url,
    `/api/mypage/worlds/${suite.worldId}/calendar_dates?from=${from}&to=${to}`,
    { headers: suite.owner },
  );
  return (dates.json.items as { status: string }[]).filter((d) => d.status !== 'cancelled');
}

/** The development outbox page's voucher with this number: its 「支払い済みにする」 or 「期限切れにする」. */
async function atTheStore(
  page: Page,
  number: string,
  button: '支払い済みにする' | '期限切れにする',
) {
  await page.goto(`${suite.server.url}/dev/mails`);
  await page
    .getByRole('listitem', { name: `払込票 ${number}` })
    .getByRole('button', { name: button })
    .click();
  await page.waitForURL(`${suite.server.url}/dev/mails`);
}

describe('journey: the owner pays at a konbini', () => {
  it('gets a voucher, the store is paid, and the date is reserved with a receipt', async () => {
    const context = await suite.browser.newContext({ locale: 'ja-JP' });
    const page = await signInOnPage(suite, context);
    const number = await payAtKonbini(page, 20);
    // Held for the owner until paid: listed with its numbers under 支払い待ちのコンビニ払い.
    await page.goto(paymentUrl());
    const waiting = page
      .getByRole('list', { name: '支払い待ちのコンビニ払い' })
      .locator(':scope > li');
    await expect.poll(() => waiting.count()).toBe(1);
    expect(await waiting.first().textContent()).toContain(number);
    expect(await liveDates(20)).toMatchObject([{ status: 'pending' }]);

    await atTheStore(page, number, '支払い済みにする');
    await page.getByRole('heading', { name: /コンビニ払いを確認し、予約が確定しました/ }).waitFor();
    expect(await liveDates(20)).toMatchObject([{ status: 'reserved' }]);
    // The history lists the payment with its receipt; the voucher is no longer waiting.
    await page.goto(`${suite.server.url}/mypage/payments`);
    const paid = page.getByRole('list', { name: 'お支払い履歴' }).locator(':scope > li').first();
    await paid.getByText('コンビニ払い', { exact: true }).waitFor();
    expect(await page.getByRole('list', { name: '支払い待ちのコンビニ払い' }).count()).toBe(0);
    // The receipt (適格請求書) names the method.
    await paid.getByRole('link', { name: '領収書' }).click();
    await page.getByRole('definition').filter({ hasText: 'コンビニ払い' }).waitFor();
    await context.close();
  });

  it('lets another voucher expire: the date is released at once', async () => {
    const context = await suite.browser.newContext({ locale: 'ja-JP' });
    const page = await signInOnPage(suite, context);
    const number = await payAtKonbini(page, 22);
    expect(await liveDates(22)).toMatchObject([{ status: 'pending' }]);
    await atTheStore(page, number, '期限切れにする');
    await page.getByRole('heading', { name: /コンビニ払いの期限が過ぎ/ }).waitFor();
    expect(await liveDates(22)).toEqual([]);
    await page.goto(paymentUrl());
    await page.getByRole('heading', { name: 'お支払い', exact: true }).waitFor();
    expect(await page.getByRole('list', { name: '支払い待ちのコンビニ払い' }).count()).toBe(0);
    await context.close();
  });
});
