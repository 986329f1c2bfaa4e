// Journey (issue 29, fixed plans): the owner of a world with a plan in force reserves the cart's
// date under it from the payment page (「定額プランで予約する」): nothing is charged, no card asked
// for, and the date is reserved at once (paid by the plan). A date for more people than the plan
// allows is refused with the server's reason and stays unreserved in the cart.
// Plans are the operator's to write (no API makes one), so the server runs on a PostgreSQL
// database of its own that the test writes the plan into: skipped without TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresTemplateName } from '../support/database-templates';
import { admin, createScratchDatabase } from '../support/scratch-database';
import { api } from './support/api';
import { demoWorldSuite, signInOnPage } from './support/demo-world-suite';
import { tokyo, tokyoDay } from './support/tokyo-time';

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('journey: the owner reserves a date under the fixed plan', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
  beforeAll(async () => {
    scratch = await createScratchDatabase(adminUrl!, 'worlds_e2e', postgresTemplateName());
  });
  // Registered first, so it runs last: after the suite's server has stopped.
  afterAll(() => scratch?.drop());
  const suite = demoWorldSuite({ env: () => ({ DATABASE_URL: scratch!.url }) });

  it('reserves without paying, and refuses more people than the plan allows', async () => {
    await admin(scratch!.url, (c) =>
      c.query(
        `insert into fixed_plans (world_id, plan_name, max_capacity, monthly_fee, starts_on)
         values ($1, 'スタンダード', 30, 30000, $2)`,
        [suite.worldId, tokyoDay(Date.now() - 86_400_000)],
      ),
    );
    const context = await suite.browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await signInOnPage(suite, context);
    await page.goto(`${suite.server.url}/mypage/worlds/${suite.worldId}/payment`);
    await page
      .getByRole('region', { name: '定額プラン' })
      .getByText('契約中')
      .waitFor({ timeout: 15_000 });

    const addToCart = async (capacity: number) => {
      await page.getByLabel('開始日時').fill(tokyo(2, '10:00'));
      await page.getByLabel('終了日時').fill(tokyo(2, '11:30'));
      await page.getByRole('spinbutton', { name: '人数' }).fill(String(capacity));
      await expect
        .poll(() => page.getByRole('status', { name: '見積もり' }).textContent(), {
          timeout: 10_000,
        })
        .toMatch(/[￥¥]/);
      await page.getByRole('button', { name: 'カートに追加' }).click();
      await page.getByText('カートに追加しました。').first().waitFor();
    };
    const checkout = page.getByRole('region', { name: 'お支払い', exact: true });
    const reservedDates = async () => {
      const dates = await api(
        suite.server.url,
        `/api/mypage/worlds/${suite.worldId}/calendar_dates?status=reserved`,
        { headers: suite.owner },
      );
      return dates.json.items as { capacity: number; paidByFixed: boolean }[];
    };

    // Bad input: 40 people under a plan of at most 30 is refused, nothing reserved.
    await addToCart(40);
    await page.getByRole('button', { name: '定額プランで予約する' }).click();
    await checkout
      .getByText('固定プランで予約できる定員は30人までです。')
      .waitFor({ timeout: 15_000 });
    expect(await reservedDates()).toEqual([]);

    await page.getByRole('button', { name: /削除/ }).first().click();
    await addToCart(20);
    await page.getByRole('button', { name: '定額プランで予約する' }).click();
    await checkout.getByRole('heading', { name: '定額プランで予約が確定しました' }).waitFor({
      timeout: 15_000,
    });
    await checkout
      .getByRole('list', { name: '予約済みの日時' })
      .getByText(/予約済み/)
      .waitFor();
    expect(await reservedDates()).toMatchObject([{ capacity: 20, paidByFixed: true }]);
    const history = await api(suite.server.url, '/api/mypage/payment_histories', {
      headers: suite.owner,
    });
    expect(history.json.items[0]).toMatchObject({ paymentType: 'fixed', total: 0 });
    await context.close();
  });
});
