// Journey (issue 23): before 支払う the owner sees the final confirmation the 特定商取引法 (第12条の6)
// asks for, six items, the hold counting down during authentication, and the 「特定商取引法に基づく
// 表記」 page from configuration, linked from the payment page and every footer.
import { describe, expect, it } from 'vitest';
import { demoAccount } from '../../server/app/seed';
import { commerceTerms } from '../../src/domain/commerce-terms';
import { demoWorldSuite } from './support/demo-world-suite';
import { tokyo } from './support/tokyo-time';

const suite = demoWorldSuite({
  env: { SELLER_NAME: '株式会社ワールズ', SELLER_ADDRESS: '東京都千代田区千代田1-1' },
});

describe('journey: the final confirmation before paying, and the 特定商取引法 page', () => {
  it('shows the six items, counts the hold down during authentication, and links the disclosure', async () => {
    const context = await suite.browser.newContext({ locale: 'ja-JP' });
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/signin`);
    await page.getByLabel(/^メールアドレス/).fill(demoAccount.email);
    await page.getByLabel(/^パスワード/).fill(demoAccount.password);
    await page.getByRole('button', { name: 'ログイン' }).click();
    await page.waitForURL(`${suite.server.url}/mypage/worlds`);
    // Every footer links the disclosure (here the mypage layout's).
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: '特定商取引法に基づく表記' })
      .waitFor();

    await page.goto(`${suite.server.url}/mypage/worlds/${suite.worldId}/payment`);
    await page.getByLabel('開始日時').fill(tokyo(9, '10:00'));
    await page.getByLabel('終了日時').fill(tokyo(9, '11:30'));
    await page.getByRole('spinbutton', { name: '人数' }).fill('20');
    await expect
      .poll(() => page.getByRole('status', { name: '見積もり' }).textContent(), { timeout: 10_000 })
      .toMatch(/[￥¥]3,300/);
    await page.getByRole('button', { name: 'カートに追加' }).click();
    await page.getByLabel('カード番号').fill('4000 0027 6000 3184');
    await page.getByLabel('有効期限（月）').fill('12');
    await page.getByLabel('有効期限（年）').fill(String(new Date().getFullYear() + 3));
    await page.getByLabel('セキュリティコード').fill('123');
    await page.getByRole('button', { name: 'カードを登録する' }).click();

    const confirmation = page.getByRole('region', { name: 'ご注文内容の確認' });
    await confirmation.waitFor();
    const item = async (term: string) =>
      (await confirmation
        .locator('dt', { hasText: term })
        .locator('xpath=following-sibling::dd[1]')
        .textContent()) ?? '';
    const day = tokyo(9, '00:00').slice(0, 10).replace(/-/g, '/');
    expect(await item('ご利用の日時と人数')).toMatch(
      new RegExp(`${day} 10:00〜11:30（90分 × 20人）`),
    );
    expect(await item('お支払い金額（税込）')).toMatch(/[￥¥]3,300（消費税込み、1件）/);
    expect(await item('お支払いの時期と方法')).toContain('クレジットカード（VISA •••• 3184）');
    expect(await item('お支払いの時期と方法')).toContain(commerceTerms.timing);
    expect(await item('サービスの提供時期')).toBe(commerceTerms.provision);
    expect(await item('キャンセルと返金')).toBe(commerceTerms.cancellation);
    expect(await item('お申し込みの期限')).toBe(commerceTerms.deadline);

    // During authentication the hold's deadline counts down.
    await page
      .getByRole('region', { name: 'お支払い', exact: true })
      .getByRole('button', { name: '支払う', exact: true })
      .click();
    await page.getByRole('dialog', { name: 'カード会社の認証' }).waitFor();
    const timer = page.getByRole('timer', { name: '確保期限までの残り時間' });
    const first = await timer.textContent();
    expect(first).toMatch(/^あと1[45]:\d\d$/);
    await expect.poll(() => timer.textContent(), { timeout: 5_000 }).not.toBe(first);
    await page
      .getByRole('dialog', { name: 'カード会社の認証' })
      .getByRole('button', { name: '承認する' })
      .click();
    await page
      .getByRole('status')
      .filter({ hasText: 'お支払いが完了し、予約が確定しました' })
      .waitFor({ timeout: 15_000 });

    // The payment page links the disclosure; it names the configured seller, and what is not
    // configured is disclosed on request.
    await page.getByRole('link', { name: '特定商取引法に基づく表記' }).first().click();
    await page.getByRole('heading', { name: '特定商取引法に基づく表記' }).waitFor();
    const disclosure = (await page.locator('dl').textContent()) ?? '';
    expect(disclosure).toContain('株式会社ワールズ');
    expect(disclosure).toContain('東京都千代田区千代田1-1');
    expect(disclosure).toContain(`電話番号${commerceTerms.onRequest}`);
    expect(disclosure).toContain(commerceTerms.cancellation);
    await context.close();
  });
});
