// Journey (issue 15): staff open the world's payment screen and see it read-only, with a note;
// no reservation form, cart, card form or pay button. Money operations are the owner's.
import { describe, expect, it } from 'vitest';
import { demoAccount } from '../../server/app/seed';
import { DEBOUNCE_MS } from '../../src/machines/calendar-reservation.machine';
import { E2E_PASSWORD, mailMatch, registerUser } from './support/accounts';
import { api, authHeaders } from './support/api';
import { browserSuite } from './support/browser-suite';

const suite = browserSuite();

const signInByApi = async (email: string, password: string) =>
  authHeaders(
    await api(suite.server.url, '/api/auth/sign_in', { method: 'POST', body: { email, password } }),
  );

describe('journey: staff see the payment screen read-only', () => {
  it('a staff member sees the calendar and a note, and nothing that takes money', async () => {
    const owner = await signInByApi(demoAccount.email, demoAccount.password);
    const worldId = (await api(suite.server.url, '/api/mypage/worlds', { headers: owner })).json
      .items[0].id as string;
    const email = `staff-${Date.now()}@example.com`;
    await registerUser(suite.server.url, email, 'スタッフ 花子');
    const invited = await api(suite.server.url, `/api/mypage/worlds/${worldId}/staff_invitations`, {
      method: 'POST',
      headers: owner,
      body: { emails: [email] },
    });
    expect(invited.status).toBeLessThan(300);
    const [, token] = await mailMatch(suite.server.url, email, /\/invite-staff\/([A-Za-z0-9_-]+)/);
    const staff = await signInByApi(email, E2E_PASSWORD);
    const accepted = await api(
      suite.server.url,
      `/api/mypage/worlds/${worldId}/invite_confirmations`,
      {
        method: 'POST',
        headers: staff,
        body: { token },
      },
    );
    expect(accepted.status).toBeLessThan(300);

    const page = await suite.browser.newPage({ viewport: { width: 375, height: 800 } });
    // Every API call the page makes, with its answer: staff call nothing they may not (issue 23:
    // payments/calc_price answered 403 in the console).
    const calls: string[] = [];
    page.on('response', (res) => {
      const url = new URL(res.url());
      if (url.pathname.startsWith('/api/')) calls.push(`${res.status()} ${url.pathname}`);
    });
    await page.goto(`${suite.server.url}/signin`);
    await page.getByLabel(/^メールアドレス/).fill(email);
    await page.getByLabel(/^パスワード/).fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'ログイン' }).click();
    await page.waitForURL(`${suite.server.url}/mypage/worlds`);

    await page.goto(`${suite.server.url}/mypage/worlds/${worldId}/payment`);
    await page.getByRole('heading', { name: '予約状況（閲覧のみ）' }).waitFor();
    await page.getByText('日時の予約とお支払いは、ワールドのオーナーだけが行えます。').waitFor();
    // Nothing of the money flow: no reservation, cart, card or pay controls.
    expect(await page.getByRole('button', { name: /カート|支払|予約/ }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: /カート|お支払い方法|カード/ }).count()).toBe(0);
    await page.getByRole('button', { name: '次の週' }).click();
    await expect.poll(() => calls.filter((c) => c.includes('/calendar_dates')).length).toBe(2);
    // A price is asked for a pause after a day is chosen (the reservation's debounce): wait it out.
    await page.waitForTimeout(DEBOUNCE_MS * 3);
    expect(calls.filter((c) => !/^2\d\d /.test(c))).toEqual([]);
    expect(calls.filter((c) => /calc_price|payment_methods/.test(c))).toEqual([]);
    await page.close();
  });
});
