import { describe, expect, it } from 'vitest';
import { api } from './support/api';
import { meetingSuite, signedInOwner } from './support/meeting-suite';
import { reserveDates } from './support/reserve';
import { createWorld } from './meeting-helpers';

// Journey (issue 29, fixed plans and invoices): on the world's payment page the owner reads the
// world's fixed plans and invoices, each with its empty state, asks for an invoice for a paid
// card payment (「請求書の発行を依頼する」) and finds it listed; a second one for it is refused.
const suite = meetingSuite();
const HOUR = 3_600_000;

describe('journey: the owner reads the fixed plan and the invoices on the payment page', () => {
  it('says there are none, asks for an invoice for a payment, then lists it', async () => {
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
    await page.reload();
    await invoices.getByRole('button', { name: '請求書の発行を依頼する' }).click();
    const form = invoices.getByRole('form', { name: '請求書の発行依頼' });
    const addressee = form.getByRole('textbox', { name: '宛名' });
    // Bad input: no 宛名 is refused beside the field, nothing asked for, the choice kept.
    await form.getByRole('combobox', { name: 'お支払い' }).selectOption({ index: 1 });
    await form.getByRole('button', { name: '発行を依頼する' }).click();
    await form.getByText('入力してください。').first().waitFor();
    await addressee.fill('株式会社サンプル');
    await form.getByRole('button', { name: '発行を依頼する' }).click();
    const notice = invoices.getByText(/^請求書 INV-\d{6}-[0-9A-F]{8} の発行を受け付けました。/);
    await notice.waitFor({ timeout: 15_000 });
    const number = /INV-\d{6}-[0-9A-F]{8}/.exec((await notice.textContent()) ?? '')?.[0];
    const listed = await api(url, `/api/mypage/worlds/${worldId}/invoices`, { headers: auth });
    expect(listed.json.items.map((i: { paymentHistoryId: string }) => i.paymentHistoryId)).toEqual([
      paymentHistoryId,
    ]);

    const row = invoices.getByRole('list', { name: '請求書' }).getByRole('listitem');
    await row.waitFor({ timeout: 15_000 });
    const text = await row.textContent();
    expect(text).toContain(number);
    expect(text).toMatch(/株式会社サンプル 様 ・ [￥¥]330/);
    expect(text).toContain('お支払い済み');
    expect(text).toContain('PDFは準備中です。');
    await invoices.getByText('1件中 1〜1件目').waitFor();
    await plans.getByText('定額プランの契約はありません。', { exact: false }).waitFor();

    // The same payment again: the server's refusal is shown, nothing more is listed.
    await invoices.getByRole('button', { name: '請求書の発行を依頼する' }).click();
    await form.getByRole('combobox', { name: 'お支払い' }).selectOption({ index: 1 });
    await addressee.fill('別の宛名');
    await form.getByRole('button', { name: '発行を依頼する' }).click();
    await form.getByText('このお支払いの請求書はすでに発行されています。').first().waitFor();
    await expect.poll(() => addressee.inputValue()).toBe('別の宛名');
    await invoices.getByText('1件中 1〜1件目').waitFor();
    await context.close();
  });
});
