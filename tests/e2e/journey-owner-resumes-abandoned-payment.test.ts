// Journey (issue 23): the owner closes the tab while the card issuer asks for authentication
// (the local provider's 3-D Secure card 4000 0027 6000 3184), comes back, and finds the payment
// as theirs: 「認証を続ける」 pays it; another time 「取り消す」 frees the dates at once.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ownHoldMessage } from '../../server/payments/hold';
import { PENDING_CANCELLED_NOTICE } from '../../src/machines/checkout.setup';
import { api } from './support/api';
import { demoWorldSuite, signInOnPage } from './support/demo-world-suite';
import { tokyo } from './support/tokyo-time';

const suite = demoWorldSuite();

const paymentUrl = () => `${suite.server.url}/mypage/worlds/${suite.worldId}/payment`;

/** Puts one date in the cart and pays with the 3-D Secure card until the issuer's dialog shows. */
async function payUntilAuthentication(page: Page, day: number) {
  await page.goto(paymentUrl());
  await page.getByLabel('開始日時').fill(tokyo(day, '10:00'));
  await page.getByLabel('終了日時').fill(tokyo(day, '11:30'));
  await page.getByRole('spinbutton', { name: '人数' }).fill('20');
  await expect
    .poll(() => page.getByRole('status', { name: '見積もり' }).textContent(), { timeout: 10_000 })
    .toMatch(/[￥¥]3,300/);
  await page.getByRole('button', { name: 'カートに追加' }).click();
  await page.getByText('カートに追加しました。').first().waitFor();
  const checkout = page.getByRole('region', { name: 'お支払い', exact: true });
  // The first time there is no card: the form is open. The card asks for authentication.
  if (
    await page
      .getByLabel('カード番号')
      .isVisible({ timeout: 5_000 })
      .catch(() => false)
  ) {
    await page.getByLabel('カード番号').fill('4000 0027 6000 3184');
    await page.getByLabel('有効期限（月）').fill('12');
    await page.getByLabel('有効期限（年）').fill(String(new Date().getFullYear() + 3));
    await page.getByLabel('セキュリティコード').fill('123');
    await page.getByRole('button', { name: 'カードを登録する' }).click();
  }
  await checkout.getByRole('button', { name: '支払う', exact: true }).click();
  await page.getByRole('dialog', { name: 'カード会社の認証' }).waitFor();
}

/** The tab closes during authentication; the owner opens the payment page again. */
async function closeAndComeBack(context: BrowserContext, page: Page): Promise<Page> {
  await page.close();
  const again = await context.newPage();
  await again.goto(paymentUrl());
  await again.getByRole('heading', { name: '認証待ちのお支払い' }).waitFor();
  return again;
}

describe('journey: an abandoned authentication is the owner’s to resume or cancel', () => {
  it('closes the tab during authentication, comes back, resumes and pays', async () => {
    const context = await suite.browser.newContext({ locale: 'ja-JP' });
    const first = await signInOnPage(suite, context);
    await payUntilAuthentication(first, 10);
    const page = await closeAndComeBack(context, first);

    const pending = page.getByRole('list', { name: '認証待ちのお支払い' }).locator(':scope > li');
    await expect.poll(() => pending.count()).toBe(1);
    expect(await pending.first().textContent()).toMatch(/10:00〜11:30[\s\S]*[￥¥]3,300/);
    // The cart still has the date, and knows it is held by the owner's own payment.
    await page.getByText('認証待ちのあなたのお支払いで確保中です').waitFor();
    // Paying it again is refused as the owner's own hold, never as someone else's reservation.
    await page
      .getByRole('region', { name: 'お支払い', exact: true })
      .getByRole('button', { name: '支払う', exact: true })
      .click();
    await page.getByText(ownHoldMessage).waitFor();
    expect(await page.getByText('選択した日時はすでに予約されています').count()).toBe(0);

    await pending.first().getByRole('button', { name: '認証を続ける' }).click();
    const dialog = page.getByRole('dialog', { name: 'カード会社の認証' });
    await dialog.getByRole('button', { name: '承認する' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'お支払いが完了し、予約が確定しました' })
      .waitFor({ timeout: 15_000 });
    await expect.poll(() => pending.count()).toBe(0);
    await context.close();
  });

  it('another time cancels it: the dates are free at once', async () => {
    const context = await suite.browser.newContext({ locale: 'ja-JP' });
    const first = await signInOnPage(suite, context);
    await payUntilAuthentication(first, 12);
    const page = await closeAndComeBack(context, first);

    const pending = page.getByRole('list', { name: '認証待ちのお支払い' }).locator(':scope > li');
    await pending.first().getByRole('button', { name: '取り消す' }).click();
    await page.getByText(PENDING_CANCELLED_NOTICE).waitFor();
    await expect.poll(() => pending.count()).toBe(0);
    // Free at once: the world's calendar has no live date at that time (no 15-minute wait).
    const from = new Date(`${tokyo(12, '00:00')}:00+09:00`).toISOString();
    const to = new Date(`${tokyo(13, '00:00')}:00+09:00`).toISOString();
    const dates = await api(
      suite.server.url,
      `/api/mypage/worlds/${suite.worldId}/calendar_dates?from=${from}&to=${to}`,
      { headers: suite.owner },
    );
    expect(
      (dates.json.items as { status: string }[]).filter((d) => d.status !== 'cancelled'),
    ).toEqual([]);
    await context.close();
  });
});
