import { readFile } from 'node:fs/promises';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { demoAccount } from '../../server/app/seed';
import { api } from './support/api';
import { demoWorldSuite } from './support/demo-world-suite';
import { reserveDates } from './support/reserve';

// Journey (issues #29, #23; docs/product.md, "Reserved dates" and the cancellation policy of
// Checkout, ADR 036): an owner ties a reserved date to an event announcement and cancels dates one
// by one; each cancelled date is refunded under the policy, with its 適格返還請求書.
const suite = demoWorldSuite({
  env: { INVOICE_ISSUER_NAME: '株式会社ワールズ', INVOICE_REGISTRATION_NUMBER: 'T1234567890123' },
});

const HOUR = 3_600_000;

/** One date 10 days ahead (refunded in full), one 2 days ahead (refunded by half). */
function twoDates() {
  const base = Math.ceil(Date.now() / HOUR) * HOUR + 48 * HOUR;
  return [base, base + 8 * 24 * HOUR].map((start) => ({ start, minutes: 60, capacity: 3 }));
}

describe('journey: the owner cancels reserved dates and ties one to an event', () => {
  it('links a date to an event, marks it a rehearsal, cancels each date and sees its refund under the policy and its 返還 document', async () => {
    const { url } = suite.server;
    await reserveDates(url, suite.owner, suite.worldId, twoDates());
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

    // It is marked a rehearsal, and stays so when the list is read again.
    await first.getByRole('checkbox', { name: `${firstLabel} はリハーサル` }).check();
    await page.getByText(`${firstLabel} をリハーサルにしました。`).waitFor();
    await page.reload();
    await list.getByRole('listitem').nth(1).waitFor();
    await first.getByText(/3人・リハーサル/).waitFor();
    expect(
      await first.getByRole('checkbox', { name: `${firstLabel} はリハーサル` }).isChecked(),
    ).toBe(true);
    expect(
      await list.getByRole('listitem').nth(1).locator('.membership-item-meta').innerText(),
    ).not.toContain('リハーサル');

    // The later date (10 days ahead) is cancelled after one confirmation that names its refund.
    const second = list.getByRole('listitem').nth(1);
    const secondLabel = (await second.locator('.membership-item-name').innerText()).trim();
    await second.getByRole('button', { name: `${secondLabel} の予約をキャンセル` }).click();
    await page
      .getByRole('dialog')
      .getByText('この日程の金額 ￥330 の100%（￥330）をお支払いのカードへ返金します。')
      .waitFor();
    await page.getByRole('dialog').getByRole('button', { name: '予約をキャンセルする' }).click();
    await page.getByText(`${secondLabel} の予約をキャンセルしました。`).waitFor();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1);

    // The first (2 days ahead): half its amount.
    await list.getByRole('button', { name: `${firstLabel} の予約をキャンセル` }).click();
    await page.getByRole('dialog').getByText('の50%（￥165）').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: '予約をキャンセルする' }).click();
    await page.getByText('これからの予約はありません。').waitFor();

    // The history lists both refunds under the payment, which stays paid; each has its document.
    await page.goto(`${url}/mypage/payments`);
    const refunds = page.getByRole('list', { name: '返金' }).first();
    await refunds.getByText(/返金 [￥¥]330（.*100%）/).waitFor();
    await refunds.getByText(/返金 [￥¥]165（.*50%）/).waitFor();
    expect(await page.getByText('取消済み').count()).toBe(0);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      refunds
        .getByRole('button', { name: /の返金の書類/ })
        .first()
        .click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^返金_R\d{8}-[0-9A-F]{8}\.pdf$/);
    const pdf = await PDFDocument.load(await readFile((await download.path())!));
    expect(pdf.getTitle()).toMatch(/^適格返還請求書 R/);
    await page.close();
  });
});
