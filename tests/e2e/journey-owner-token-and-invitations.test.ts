import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoAccount } from '../../server/app/seed';
import { mailMatch } from './support/accounts';
import { api } from './support/api';
import { demoWorldSuite } from './support/demo-world-suite';

// Journeys (issue #29; docs/product.md, "Public API token", "Member invitations"): an owner issues
// an API token on the account page, sees it once and revokes it; invites attendees by e-mail
// beside the staff invitations and sees the world's member counts.
const suite = demoWorldSuite();

async function signedIn(): Promise<Page> {
  const page = await suite.browser.newPage({ viewport: { width: 375, height: 800 } });
  await page.goto(`${suite.server.url}/signin`);
  await page.getByLabel(/^メールアドレス/).fill(demoAccount.email);
  await page.getByLabel(/^パスワード/).fill(demoAccount.password);
  await page.getByRole('button', { name: 'ログイン' }).click();
  await page.waitForURL(`${suite.server.url}/mypage/worlds`);
  return page;
}

describe('journey: the account token and member invitations', () => {
  it('issues an API token, sees it once, and revokes it', async () => {
    const page = await signedIn();
    await page
      .getByRole('navigation', { name: 'マイページ' })
      .getByRole('link', { name: 'アカウント' })
      .click();
    const section = page.getByRole('region', { name: '公開APIトークン' });
    await section.getByText('APIトークンはまだありません。').waitFor();
    await section.getByRole('button', { name: 'APIトークンを発行する' }).click();
    const shown = section.getByLabel('発行したトークン');
    await shown.waitFor();
    const token = await shown.inputValue();
    expect(token).toMatch(/^wpat_.{20,}$/);
    await section.getByText(`${token.slice(0, 9)}…`).waitFor();
    // Shown once: after a reload only its first characters are left.
    await page.reload();
    await section.getByText(`${token.slice(0, 9)}…`).waitFor();
    expect(await section.getByLabel('発行したトークン').count()).toBe(0);
    expect(await page.getByText(token).count()).toBe(0);

    await section.getByRole('button', { name: '無効にする' }).click();
    const dialog = page.getByRole('dialog', { name: 'APIトークンを無効にしますか？' });
    await dialog.getByRole('button', { name: '無効にする' }).click();
    await section.getByText('APIトークンを無効にしました。').waitFor();
    await section.getByText('APIトークンはまだありません。').waitFor();
    const status = await api(suite.server.url, '/api/user_public_api_token', {
      headers: suite.owner,
    });
    expect(status.json.hasToken).toBe(false);
    await page.close();
  });

  it('invites attendees by e-mail beside the staff invitations, with the member counts', async () => {
    const page = await signedIn();
    await page.getByRole('link', { name: 'デモワールド' }).click();
    await page
      .getByRole('navigation', { name: 'ワールドの管理' })
      .getByRole('link', { name: '参加者の招待' })
      .click();
    await page.waitForURL(/section=member-invitations/);
    const counts = page.getByLabel('メンバー数', { exact: true });
    await counts.getByText('合計').waitFor();
    expect((await counts.innerText()).replace(/\s+/g, '')).toMatch(
      /^主催者1人スタッフ\d+人参加者\d+人ゲスト\d+人合計\d+人/,
    );
    await page.getByText('まだ招待していません。').waitFor();
    const form = page.getByRole('form', { name: '参加者の招待' });
    const emails = form.getByLabel(/^招待するメールアドレス/);

    // A wrong address is named beside the field; what was typed stays.
    const first = `attendee-a-${Date.now()}@example.com`;
    const second = `attendee-b-${Date.now()}@example.com`;
    await emails.fill(`${first}\nnot-an-address`);
    await form.getByRole('button', { name: '招待メールを送る' }).click();
    await form
      .getByText(/not-an-address: /)
      .first()
      .waitFor();
    expect(await emails.inputValue()).toBe(`${first}\nnot-an-address`);

    await emails.fill(`${first}\n${second}`);
    await form.getByRole('button', { name: '招待メールを送る' }).click();
    await page.getByText('2件の招待メールを送信しました。').waitFor();
    const sent = page.getByRole('list', { name: '参加者への招待' });
    await sent.getByText(first).waitFor();
    await sent.getByText(second).waitFor();
    expect(await sent.getByText('承認待ち').count()).toBe(2);
    await mailMatch(suite.server.url, first, /\/mypage\/worlds\/[^/]+\/invitation\?token=/);

    // The server refuses a pending address again; its message is shown and the text kept.
    await emails.fill(first);
    await form.getByRole('button', { name: '招待メールを送る' }).click();
    await form
      .getByText(`${first} には承諾待ちの招待があります。`, { exact: false })
      .first()
      .waitFor();
    expect(await emails.inputValue()).toBe(first);
    await page.screenshot({ path: 'test-results/member-invitations.png', fullPage: true });
    await page.close();
  });
});
