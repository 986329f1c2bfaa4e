import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoAccount } from '../../server/app/seed';
import { demoWorldSuite } from './support/demo-world-suite';
import { tokyo } from './support/tokyo-time';

const suite = demoWorldSuite({
  env: { INVOICE_ISSUER_NAME: '株式会社ワールズ', INVOICE_REGISTRATION_NUMBER: 'T1234567890123' },
});

async function signedInPage(): Promise<Page> {
  const page = await suite.browser.newPage({ viewport: { width: 390, height: 900 } });
  await page.goto(`${suite.server.url}/signin`);
  await page.getByLabel(/^メールアドレス/).fill(demoAccount.email);
  await page.getByLabel(/^パスワード/).fill(demoAccount.password);
  await page.getByRole('button', { name: 'ログイン' }).click();
  await page.waitForURL(`${suite.server.url}/mypage/worlds`);
  return page;
}

async function addToCart(page: Page, start: string, end: string, people: number, estimate: RegExp) {
  await page.getByLabel('開始日時').fill(start);
  await page.getByLabel('終了日時').fill(end);
  await page.getByRole('spinbutton', { name: '人数' }).fill(String(people));
  await expect
    .poll(() => page.getByRole('status', { name: '見積もり' }).textContent(), { timeout: 10_000 })
    .toMatch(estimate);
  await page.getByRole('button', { name: 'カートに追加' }).click();
  await page.getByText('カートに追加しました。').first().waitFor();
}

describe('reserving and paying in Chromium on the real server', () => {
  it('reserves two dates with the live estimate, pays with the local test card, and shows the history with a receipt', async () => {
    const page = await signedInPage();
    await page.goto(`${suite.server.url}/mypage/worlds/${suite.worldId}/payment`);
    await addToCart(page, tokyo(7, '10:00'), tokyo(7, '11:30'), 20, /90分 × 20人 = [￥¥]3,300/);
    await addToCart(page, tokyo(8, '13:00'), tokyo(8, '14:00'), 8, /60分 × 8人 = [￥¥]880/);

    // No saved card yet: the card form is open.
    await page.getByLabel('カード番号').fill('4242 4242 4242 4242');
    await page.getByLabel('有効期限（月）').fill('12');
    await page.getByLabel('有効期限（年）').fill(String(new Date().getFullYear() + 3));
    await page.getByLabel('セキュリティコード').fill('123');
    await page.getByRole('button', { name: 'カードを登録する' }).click();
    await page.getByText(/お支払い金額\s*[￥¥]4,180/).waitFor();
    await page.getByRole('button', { name: '支払う' }).click();

    await page
      .getByRole('status')
      .filter({ hasText: 'お支払いが完了し、予約が確定しました' })
      .waitFor({ timeout: 15_000 });
    const reserved = page.getByRole('list', { name: '予約済みの日時' }).getByRole('listitem');
    await expect.poll(() => reserved.count()).toBe(2);

    const receiptUrl = await page
      .getByRole('link', { name: '領収書' })
      .first()
      .getAttribute('href');
    const receipt = await suite.browser.newPage();
    await receipt.goto(new URL(receiptUrl!, suite.server.url).toString());
    await receipt
      .getByText(/[￥¥]4,180/)
      .first()
      .waitFor();
    await receipt.close();

    await page.goto(`${suite.server.url}/mypage/payments`);
    // Payments only: each one's dates are a list of their own inside it.
    const history = page.getByRole('list', { name: 'お支払い履歴' }).locator(':scope > li');
    await expect.poll(() => history.count()).toBe(1);
    const row = await history.first().textContent();
    expect(row).toMatch(/[￥¥]4,180/);
    expect(row).toContain('カード末尾 4242');
    expect(row).toMatch(/\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}/);
    await page.close();
  });

  // Runs after the first test: its payment (day 7 10:00–11:30 × 20, day 8 13:00–14:00 × 8).
  it('lists the paid dates, opens the receipt with its tax, changes the addressee once and downloads the PDF', async () => {
    const page = await signedInPage();
    await page.goto(`${suite.server.url}/mypage/payments`);
    const dates = page.getByRole('list', { name: '予約した日時' }).first().getByRole('listitem');
    await expect.poll(() => dates.count()).toBe(2);
    const day = (days: number) => tokyo(days, '00:00').slice(0, 10).replace(/-/g, '/');
    expect(await dates.nth(0).textContent()).toMatch(
      new RegExp(`${day(7)} 10:00〜11:30\\s*20人\\s*[￥¥]3,300`),
    );
    expect(await dates.nth(1).textContent()).toMatch(
      new RegExp(`${day(8)} 13:00〜14:00\\s*8人\\s*[￥¥]880`),
    );

    await page.getByRole('link', { name: '領収書', exact: true }).first().click();
    const receipt = page.getByRole('article', { name: /領収書/ });
    await receipt.waitFor();
    const text = (await receipt.textContent()) ?? '';
    expect(text).toContain('領収書（適格請求書）');
    expect(text).toContain('デモ主催者 様');
    expect(text).toMatch(/[￥¥]4,180（税込）/);
    // 4,180 × 10 / 110 = 380 exactly.
    expect(text).toMatch(/10%対象 税込金額[￥¥]4,180/);
    expect(text).toMatch(/10%対象 消費税額[￥¥]380/);
    expect(text).toContain('登録番号 T1234567890123');
    expect(text).toContain('株式会社ワールズ');
    expect(text).toMatch(/No\. \d{8}-[0-9A-F]{8}/);
    // A phone's width: nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );

    await page.getByRole('button', { name: '宛名を変更する' }).click();
    await page.getByRole('textbox', { name: '宛名' }).fill('株式会社サンプル 経理部');
    await page.getByRole('button', { name: 'この宛名にする' }).click();
    await page.getByRole('status').filter({ hasText: '宛名を変更しました。' }).waitFor();
    expect(await receipt.textContent()).toContain('株式会社サンプル 経理部 様');
    expect(await page.getByRole('button', { name: '宛名を変更する' }).count()).toBe(0);

    // On paper only the document is printed.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('button', { name: 'PDFをダウンロード' }).isVisible()).toBe(false);
    expect(await page.getByRole('navigation', { name: 'マイページ' }).isVisible()).toBe(false);
    expect(await receipt.isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });

    const number = /No\. (\d{8}-[0-9A-F]{8})/.exec(text)![1]!;
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'PDFをダウンロード' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`領収書_${number}.pdf`);
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1')).toMatch(/\/Type \/Page\b/);
    await page.close();
  });

  it('shows a declined card in clear Japanese and reserves nothing', async () => {
    const page = await signedInPage();
    await page.goto(`${suite.server.url}/mypage/worlds/${suite.worldId}/payment`);
    await addToCart(page, tokyo(10, '18:00'), tokyo(10, '19:00'), 10, /60分 × 10人 = [￥¥]1,100/);
    await page.getByRole('button', { name: '別のカードを追加' }).click();
    await page.getByLabel('カード番号').fill('4000 0000 0000 0002');
    await page.getByLabel('有効期限（月）').fill('12');
    await page.getByLabel('有効期限（年）').fill(String(new Date().getFullYear() + 3));
    await page.getByLabel('セキュリティコード').fill('123');
    await page.getByRole('button', { name: 'カードを登録する' }).click();
    await page.getByRole('radio', { name: /•••• 0002/ }).check();
    await page.getByRole('button', { name: '支払う' }).click();

    const alert = page.getByRole('alert').filter({ hasText: 'お支払いができませんでした' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('カードが拒否されました');
    // The slot stays free: the calendar shows nothing reserved that day.
    await page.reload();
    await page.getByLabel('開始日時').fill(tokyo(10, '18:00'));
    await page.getByLabel('終了日時').fill(tokyo(10, '19:00'));
    // The price is confirmed, then the conflict check answers (the button is disabled meanwhile).
    await expect
      .poll(() => page.getByRole('status', { name: '見積もり' }).textContent(), { timeout: 10_000 })
      .toContain('料金を確認しました');
    await expect
      .poll(() => page.getByRole('button', { name: 'カートに追加' }).isEnabled())
      .toBe(true);
    await expect(page.getByText('この時間帯にはすでに予約があります').count()).resolves.toBe(0);
    await page.close();
  });

  // Runs after the first test, whose reservation (day 7, 10:00–11:30) is the conflict.
  it('shows the conflict before paying when the time is already reserved, and refuses it', async () => {
    const page = await signedInPage();
    await page.goto(`${suite.server.url}/mypage/worlds/${suite.worldId}/payment`);
    await page.getByLabel('開始日時').fill(tokyo(7, '11:00'));
    await page.getByLabel('終了日時').fill(tokyo(7, '12:00'));
    await page.getByRole('spinbutton', { name: '人数' }).fill('5');
    await page.getByText('この時間帯にはすでに予約があります').first().waitFor({ timeout: 10_000 });
    await page.getByRole('button', { name: 'カートに追加' }).click();
    await page.waitForTimeout(500);
    expect(await page.getByText('カートに追加しました。').count()).toBe(0);
    expect(
      await page.getByRole('list', { name: 'カートの日時' }).getByRole('listitem').count(),
    ).toBe(0);
    await page.close();
  });
});
