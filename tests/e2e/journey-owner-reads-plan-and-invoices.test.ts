import { describe, expect, it } from 'vitest';
import { api } from './support/api';
import { meetingSuite, signedInOwner } from './support/meeting-suite';
import { reserveDates } from './support/reserve';
import { createWorld } from './meeting-helpers';

// Journey (issue 29, fixed plans and invoices): on the world's payment page the owner reads the
// world's fixed plans and invoices, each with its empty state, and finds an invoice once issued.
const suite = meetingSuite();
const HOUR = 3_600_000;

describe('journey: the owner reads the fixed plan and the invoices on the payment page', () => {
  it('says there are none, then lists the invoice issued for a payment', async () => {
    const { url } = suite.server;
    const auth = suite.owner.auth;
    const worldId = await createWorld(url, auth, 'E2E 請求書');
    const context = await signedInOwner(suite, { viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${url}/mypage/worlds/${worldId}/payment`);

    const plans = page.getByRole('region', { name: '定額プラン' });
    await plans
      .getByText('定額プランの契約はありません。日時ごとに予約してお支払いください。')
      .waitFor({ timeout: 15_000 });
    const invoices = page.getByRole('region', { name: '請求書' });
    await invoices.getByText('請求書はまだありません。').waitFor();

    const start = Math.ceil(Date.now() / HOUR) * HOUR + 72 * HOUR;
    const paymentHistoryId = await reserveDates(url, auth, worldId, [
      { start, minutes: 60, capacity: 3 },
    ]);
    const issued = await api(url, `/api/mypage/worlds/${worldId}/invoices`, {
      method: 'POST',
      headers: auth,
      body: { paymentHistoryId, addressee: '株式会社サンプル' },
    });
    expect(issued.status, JSON.stringify(issued.json)).toBe(201);

    await page.reload();
    const row = invoices.getByRole('list', { name: '請求書' }).getByRole('listitem');
    await row.waitFor({ timeout: 15_000 });
    const text = await row.textContent();
    expect(text).toContain(issued.json.number);
    expect(text).toMatch(/株式会社サンプル 様 ・ [￥¥]330/);
    expect(text).toContain('お支払い済み');
    expect(text).toContain('PDFは準備中です。');
    await invoices.getByText('1件中 1〜1件目').waitFor();
    await plans.getByText('定額プランの契約はありません。', { exact: false }).waitFor();
    await context.close();
  });
});
