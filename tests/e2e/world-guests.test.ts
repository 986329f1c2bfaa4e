import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoAccount } from '../../server/app/seed';
import { api } from './support/api';
import { demoWorldSuite } from './support/demo-world-suite';

// The server may be given longer to start on a loaded machine; the hook waits for it.
const startSeconds = Number(process.env.E2E_SERVER_START_SECONDS ?? 30);
const suite = demoWorldSuite({ hookTimeout: (startSeconds + 30) * 1000 });

/** A form field by its label; the label also carries a 必須/任意 badge. */
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}(必須|任意)?$`));
const section = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'ワールドの管理' }).getByRole('link', { name, exact: true });
const status = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

/** A phone-sized page signed in as the demo owner, on the world's page, allowed to use the clipboard. */
async function ownerOnWorld(): Promise<Page> {
  const context = await suite.browser.newContext({
    viewport: { width: 375, height: 800 },
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const page = await context.newPage();
  await page.goto(`${suite.server.url}/signin`);
  await field(page, 'メールアドレス').fill(demoAccount.email);
  await field(page, 'パスワード').fill(demoAccount.password);
  await page.getByRole('button', { name: 'ログイン' }).click();
  await page.waitForURL(`${suite.server.url}/mypage/worlds`);
  await page.goto(`${suite.server.url}/mypage/worlds/${suite.worldId}`);
  return page;
}

describe('world guests in Chromium on the real server', () => {
  it('registers a personal guest and copies its link, turns instant entry on, and edits the enter page', async () => {
    const owner = await ownerOnWorld();

    // ゲスト: a guest with its own link, copied as shown.
    await section(owner, 'ゲスト').click();
    await owner.getByText('まだゲストはいません。').waitFor();
    await owner.getByRole('button', { name: 'ゲストを登録' }).click();
    await owner.getByRole('button', { name: '登録する' }).click();
    await owner.getByRole('alert').filter({ hasText: 'ゲストの名前' }).waitFor();
    expect(await field(owner, 'ゲストの名前').getAttribute('aria-invalid')).toBe('true');
    await field(owner, 'ゲストの名前').fill('山田 花子');
    await field(owner, 'メールアドレス').fill('hanako@example.com');
    await owner.getByRole('button', { name: '登録する' }).click();
    await status(
      owner,
      'ゲスト「山田 花子」を登録し、入場用リンクを hanako@example.com に送りました。',
    ).waitFor();
    const guest = owner
      .getByRole('list', { name: 'ゲスト' })
      .getByRole('listitem')
      .filter({ hasText: '山田 花子' });
    const url = (await guest.locator('code').textContent()) ?? '';
    expect(url).toMatch(
      new RegExp(`^${suite.server.url}/worlds/${suite.worldId}/enterGuest\\?token=[A-Za-z0-9_-]+$`),
    );
    await guest.getByRole('button', { name: '山田 花子さんのURLをコピー' }).click();
    await guest.getByRole('status').filter({ hasText: 'コピーしました。' }).waitFor();
    expect(await owner.evaluate(() => navigator.clipboard.readText())).toBe(url);
    const mails = (await api(suite.server.url, '/api/dev/mails')).json.items as {
      to: string;
      text: string;
    }[];
    expect(mails.find((mail) => mail.to === 'hanako@example.com')?.text).toContain(url);

    // Renaming keeps the link.
    await guest.getByRole('button', { name: '山田 花子さんを編集' }).click();
    await field(owner, 'ゲストの名前').fill('山田 花子（登壇）');
    await owner.getByRole('button', { name: '保存する' }).click();
    await status(owner, 'ゲスト「山田 花子（登壇）」を保存しました。').waitFor();
    const renamed = owner
      .getByRole('list', { name: 'ゲスト' })
      .getByRole('listitem')
      .filter({ hasText: '山田 花子（登壇）' });
    expect(await renamed.locator('code').textContent()).toBe(url);

    // かんたん入場: on, with a limit; its URL opens instantEnter.
    await section(owner, 'かんたん入場').click();
    await owner.getByText('かんたん入場は使われていません。').waitFor();
    await owner.getByRole('button', { name: 'かんたん入場のURLを発行' }).click();
    await field(owner, 'リンクの名前').fill('当日受付');
    await field(owner, '使用回数の上限').fill('100');
    await owner.getByRole('button', { name: '発行する' }).click();
    await status(owner, 'かんたん入場のURL「当日受付」を発行しました。').waitFor();
    const entrance = owner
      .getByRole('list', { name: 'かんたん入場のURL' })
      .getByRole('listitem')
      .filter({ hasText: '当日受付' });
    await expect.poll(() => entrance.textContent()).toContain('受付中');
    expect(await entrance.textContent()).toContain('0 / 100回使用');
    expect(await entrance.locator('code').textContent()).toMatch(
      new RegExp(`/worlds/${suite.worldId}/instantEnter\\?token=`),
    );

    // 入場ページの案内: the introduction, and badges added, reordered and one removed after confirming.
    await section(owner, '入場ページの案内').click();
    await field(owner, '案内文').fill('  開場は19時です。受付でお名前をお伝えください。  ');
    await field(owner, '画像のURL').fill('http://example.com/a.png');
    await owner.getByRole('button', { name: '案内文を保存' }).click();
    await owner
      .getByRole('alert')
      .filter({ hasText: 'https:// で始まるURLを入力してください。' })
      .first()
      .waitFor();
    await field(owner, '画像のURL').fill('');
    await owner.getByRole('button', { name: '案内文を保存' }).click();
    await status(owner, '案内文を保存しました。').waitFor();
    expect(await field(owner, '案内文').inputValue()).toBe(
      '開場は19時です。受付でお名前をお伝えください。',
    );

    await owner.getByRole('button', { name: 'バッジを追加' }).click();
    await owner.getByLabel('バッジ1の名前').fill('協賛');
    await owner.getByRole('button', { name: 'バッジを追加' }).click();
    await owner.getByLabel('バッジ2の名前').fill('登壇者');
    await owner.getByRole('button', { name: '「登壇者」を上へ' }).click();
    await owner.getByRole('button', { name: 'バッジを保存' }).click();
    await status(owner, 'バッジを保存しました。').waitFor();
    expect(await owner.getByLabel('バッジ1の名前').inputValue()).toBe('登壇者');

    await owner.getByRole('button', { name: '「協賛」を外す' }).click();
    await owner.getByRole('button', { name: 'バッジを保存' }).click();
    const confirm = owner.getByRole('dialog', { name: 'バッジを削除しますか？' });
    await confirm.getByText('協賛').waitFor();
    await confirm.getByRole('button', { name: '削除して保存' }).click();
    await status(owner, 'バッジを保存しました。').waitFor();

    // What was saved is what the server now holds.
    await owner.reload();
    await expect
      .poll(() => field(owner, '案内文').inputValue())
      .toBe('開場は19時です。受付でお名前をお伝えください。');
    // The badges load on their own, perhaps after the introduction. Rows only: each row's colour
    // picker has a list of swatches of its own.
    await expect
      .poll(() => owner.getByRole('list', { name: 'バッジ' }).locator(':scope > li').count())
      .toBe(1);
    expect(await owner.getByLabel('バッジ1の名前').inputValue()).toBe('登壇者');
    // Nothing sticks out of the phone's width.
    expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );

    // The guest opening the personal link reads that guide and may pick the badge.
    const guestContext = await suite.browser.newContext({ viewport: { width: 375, height: 800 } });
    const visitor = await guestContext.newPage();
    await visitor.goto(url);
    const guide = visitor.getByRole('region', { name: 'ご案内' });
    await guide.getByText('開場は19時です。受付でお名前をお伝えください。').waitFor();
    // A personal link enters under the guest's own name, filled in.
    expect(await field(visitor, 'お名前').inputValue()).toBe('山田 花子（登壇）');
    const badges = visitor.getByRole('group', { name: 'バッジ（任意）' });
    expect(await badges.getByRole('radio', { name: 'なし' }).isChecked()).toBe(true);
    await badges.getByRole('radio', { name: '登壇者' }).check();
    await visitor.screenshot({ path: 'test-results/enter-guest-guide.png', fullPage: true });
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await visitor.getByRole('button', { name: '入場する' }).click();
    await visitor.waitForURL(`${suite.server.url}/worlds/${suite.worldId}/gate`);
    await guestContext.close();
    await owner.context().close();
  });

  it('lets a visitor in with an instant-entry URL by typing a name, until the owner stops it', async () => {
    const owner = await ownerOnWorld();
    await section(owner, 'かんたん入場').click();
    await owner.getByRole('button', { name: 'かんたん入場のURLを発行' }).click();
    await field(owner, 'リンクの名前').fill('ロビー');
    await owner.getByRole('button', { name: '発行する' }).click();
    await status(owner, 'かんたん入場のURL「ロビー」を発行しました。').waitFor();
    const entrance = owner
      .getByRole('list', { name: 'かんたん入場のURL' })
      .getByRole('listitem')
      .filter({ hasText: 'ロビー' });
    const token = new URL((await entrance.locator('code').textContent()) ?? '').searchParams.get(
      'token',
    );
    const instantUrl = `${suite.server.url}/worlds/${suite.worldId}/instantEnter?token=${token}`;

    const visitorContext = await suite.browser.newContext({
      viewport: { width: 375, height: 800 },
    });
    const visitor = await visitorContext.newPage();
    await visitor.goto(instantUrl);
    await visitor.getByText(/お名前を入力すると、ゲストとして入場できます/).waitFor();
    await field(visitor, 'お名前').fill('受付の来場者');
    await visitor.getByRole('button', { name: '入場する' }).click();
    await visitor.waitForURL(`${suite.server.url}/worlds/${suite.worldId}/gate`);

    await entrance.getByRole('button', { name: '「ロビー」を停止' }).click();
    await owner
      .getByRole('dialog', { name: 'かんたん入場のURLを停止しますか？' })
      .getByRole('button', { name: '停止する' })
      .click();
    await status(owner, 'かんたん入場のURL「ロビー」を停止しました。').waitFor();
    await expect.poll(() => entrance.textContent()).toContain('停止されています');

    const late = await (await suite.browser.newContext()).newPage();
    await late.goto(instantUrl);
    await late
      .getByRole('alert')
      .filter({ hasText: 'このかんたん入場のURLは主催者により停止されています。' })
      .waitFor();
    await late.context().close();
    await visitorContext.close();
    await owner.context().close();
  });
});
