import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoAccount } from '../../server/app/seed';
import { E2E_PASSWORD, registerUser } from './support/accounts';
import { demoWorldSuite } from './support/demo-world-suite';
import { tokyo } from './support/tokyo-time';

const suite = demoWorldSuite();

const PASSWORD = E2E_PASSWORD;

/** A form field by its label; the label also carries a 必須/任意 badge. */
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}(必須|任意)?$`));

/** Signs in on /signin; the guard then sends the visitor on to where they were going. */
async function signIn(page: Page, email: string, password: string) {
  await field(page, 'メールアドレス').fill(email);
  await field(page, 'パスワード').fill(password);
  await page.getByRole('button', { name: 'ログイン' }).click();
}

/** A phone-sized page signed in as the demo owner, on the world's page. */
async function ownerOnWorld(): Promise<Page> {
  const page = await suite.browser.newPage({ viewport: { width: 375, height: 800 } });
  await page.goto(`${suite.server.url}/signin`);
  await signIn(page, demoAccount.email, demoAccount.password);
  await page.waitForURL(`${suite.server.url}/mypage/worlds`);
  await page.getByRole('link', { name: 'デモワールド' }).click();
  await page.waitForURL(`${suite.server.url}/mypage/worlds/${suite.worldId}`);
  return page;
}

const section = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'ワールドの管理' }).getByRole('link', { name, exact: true });

describe('world membership in Chromium on the real server', () => {
  it('invites staff by e-mail; the invited person signs in from the mailed link, accepts and sees the world as スタッフ', async () => {
    const staffEmail = `staff-${Date.now()}@example.com`;
    const owner = await ownerOnWorld();
    await section(owner, 'スタッフ招待').click();
    await field(owner, '招待するメールアドレス').fill(staffEmail);
    await owner.getByRole('button', { name: '招待メールを送る' }).click();
    await owner
      .getByRole('status')
      .filter({ hasText: '1件の招待メールを送信しました。' })
      .waitFor();
    const sent = owner
      .getByRole('list', { name: '送信した招待' })
      .getByRole('listitem')
      .filter({ hasText: staffEmail });
    await expect.poll(() => sent.textContent()).toContain('承認待ち');

    await registerUser(suite.server.url, staffEmail, 'スタッフ 太郎');
    const staff = await suite.browser.newPage({ viewport: { width: 375, height: 800 } });
    await staff.goto(`${suite.server.url}/dev/mails`);
    await staff
      .locator('article', { hasText: staffEmail })
      .filter({ hasText: 'スタッフに招待されました' })
      .getByRole('link', { name: /\/invite-staff\// })
      .click();
    // Signed out: the guard sends the visitor to /signin and back to the invitation after.
    await staff.waitForURL(`${suite.server.url}/signin`);
    await signIn(staff, staffEmail, PASSWORD);
    await staff.waitForURL(/\/invite-staff\//);
    const invitationUrl = staff.url();
    await staff
      .getByText('デモ主催者さんから、ワールド「デモワールド」のスタッフとして招待されています。')
      .waitFor();
    await staff.getByRole('button', { name: '招待を承認する' }).click();
    await staff.getByRole('status').filter({ hasText: 'スタッフとして参加しました。' }).waitFor();
    await staff.getByRole('link', { name: 'ワールド一覧へ' }).click();
    const world = staff
      .getByRole('list', { name: 'ワールド' })
      .getByRole('listitem')
      .filter({ hasText: 'デモワールド' });
    await expect.poll(() => world.textContent()).toContain('スタッフ');

    // The link is spent: opening it again says so instead of offering to accept.
    await staff.goto(invitationUrl);
    await staff
      .getByRole('alert')
      .filter({ hasText: 'この招待はすでに承認されています。' })
      .waitFor();
    await staff.goto(`${suite.server.url}/invite-staff/${'x'.repeat(32)}`);
    await staff.getByRole('alert').filter({ hasText: 'この招待リンクは無効です。' }).waitFor();

    // Staff manage the world but not its staff: no スタッフ招待 section.
    await staff.goto(`${suite.server.url}/mypage/worlds/${suite.worldId}`);
    await section(staff, 'メンバー').waitFor();
    expect(await section(staff, 'スタッフ招待').count()).toBe(0);

    await owner.reload();
    await expect.poll(() => sent.textContent()).toContain('承認済み');
    await section(owner, 'メンバー').click();
    const member = owner
      .getByRole('list', { name: 'メンバー' })
      .getByRole('listitem')
      .filter({ hasText: staffEmail });
    await expect.poll(() => member.getByRole('combobox').inputValue()).toBe('staff');

    // docs/product.md §2 Leaving a world: the world keeps its last owner; staff leave it.
    await owner.getByRole('button', { name: 'このワールドから抜ける' }).click();
    await owner.getByRole('dialog').getByRole('button', { name: '抜ける', exact: true }).click();
    await owner
      .getByRole('alert')
      .filter({ hasText: 'オーナーが1人だけのため、このオーナーを外すことはできません。' })
      .waitFor();
    expect(owner.url()).toBe(`${suite.server.url}/mypage/worlds/${suite.worldId}?section=members`);
    await section(staff, 'メンバー').click();
    await staff.getByRole('button', { name: 'このワールドから抜ける' }).click();
    await staff.getByRole('dialog').getByRole('button', { name: 'やめる' }).click();
    await staff.getByRole('button', { name: 'このワールドから抜ける' }).click();
    await staff.getByRole('dialog').getByRole('button', { name: '抜ける', exact: true }).click();
    await staff.waitForURL(`${suite.server.url}/mypage/worlds`);
    await staff
      .getByRole('status')
      .filter({ hasText: '「デモワールド」から抜けました。' })
      .waitFor();
    await staff.getByRole('heading', { name: 'まだワールドがありません' }).waitFor();
    await Promise.all([owner.close(), staff.close()]);
  });

  it('issues a guest link, lists it with its enterGuest URL, changes and revokes it', async () => {
    const owner = await ownerOnWorld();
    await section(owner, 'ゲスト用リンク').click();
    await owner.getByRole('button', { name: 'ゲスト用リンクを発行' }).click();
    await field(owner, 'リンクの名前').fill('受付用');
    await field(owner, '使用回数の上限').fill('30');
    await owner.getByRole('button', { name: '発行する' }).click();
    await owner
      .getByRole('status')
      .filter({ hasText: 'ゲスト用リンク「受付用」を発行しました。' })
      .waitFor();
    const link = owner
      .getByRole('list', { name: 'ゲスト用リンク' })
      .getByRole('listitem')
      .filter({ hasText: '受付用' });
    const text = await link.textContent();
    expect(text).toMatch(new RegExp(`/worlds/${suite.worldId}/enterGuest\\?token=[A-Za-z0-9_-]+`));
    expect(text).toContain('0 / 30回使用');

    // Changing starts from the link's settings; an emptied field clears the setting.
    await link.getByRole('button', { name: '「受付用」を変更' }).click();
    const change = owner.getByRole('form', { name: '「受付用」の変更' });
    expect(await change.getByLabel('使用回数の上限').inputValue()).toBe('30');
    await change.getByLabel('リンクの名前').fill('受付用（午後）');
    await change.getByLabel('使用回数の上限').fill('');
    await change.getByRole('button', { name: '変更する' }).click();
    await owner
      .getByRole('status')
      .filter({ hasText: 'ゲスト用リンク「受付用（午後）」を変更しました。' })
      .waitFor();
    // No limit any more: the uses alone ("0 / 30回使用" would also contain "0回使用").
    await expect
      .poll(() => link.locator('.membership-item-meta').textContent())
      .toMatch(/^0回使用 ・ 有効期限なし/);
    expect(await change.count()).toBe(0);

    // Revoking asks first; やめる keeps the link.
    await link.getByRole('button', { name: '「受付用（午後）」を無効にする' }).click();
    await owner
      .getByRole('dialog', { name: 'ゲスト用リンクを無効にしますか？' })
      .getByRole('button', { name: 'やめる' })
      .click();
    expect(await link.count()).toBe(1);
    await link.getByRole('button', { name: '「受付用（午後）」を無効にする' }).click();
    await owner
      .getByRole('dialog', { name: 'ゲスト用リンクを無効にしますか？' })
      .getByRole('button', { name: '無効にする' })
      .click();
    await owner
      .getByRole('status')
      .filter({ hasText: 'ゲスト用リンク「受付用（午後）」を無効にしました。' })
      .waitFor();
    await expect.poll(() => link.count()).toBe(0);
    await owner.close();
  });

  it('refuses malformed addresses before sending, then bulk-deletes the selected invitations after confirming', async () => {
    const owner = await ownerOnWorld();
    await section(owner, 'スタッフ招待').click();
    await field(owner, '招待するメールアドレス').fill('bulk-1@example.com\nnot-an-address');
    await owner.getByRole('button', { name: '招待メールを送る' }).click();
    await owner
      .getByRole('alert')
      .filter({ hasText: 'not-an-address: メールアドレスの形式が正しくありません。' })
      .first()
      .waitFor();
    await field(owner, '招待するメールアドレス').fill('bulk-1@example.com\nbulk-2@example.com');
    await owner.getByRole('button', { name: '招待メールを送る' }).click();
    await owner
      .getByRole('status')
      .filter({ hasText: '2件の招待メールを送信しました。' })
      .waitFor();

    const list = owner.getByRole('list', { name: '送信した招待' });
    for (const address of ['bulk-1@example.com', 'bulk-2@example.com'])
      await list.getByRole('listitem').filter({ hasText: address }).getByRole('checkbox').check();
    await owner.getByRole('button', { name: '選択した招待を削除（2件）' }).click();
    await owner
      .getByRole('dialog', { name: '選択した2件の招待を削除しますか？' })
      .getByRole('button', { name: '削除する' })
      .click();
    await owner.getByRole('status').filter({ hasText: '2件の招待を削除しました。' }).waitFor();
    await expect
      .poll(() =>
        list
          .getByRole('listitem')
          .filter({ hasText: /bulk-\d@example\.com/ })
          .count(),
      )
      .toBe(0);
    await owner.close();
  });

  it('adds a co-owner; when both book the same time, the second payment is refused with the conflict', async () => {
    const coEmail = `co-owner-${Date.now()}@example.com`;
    await registerUser(suite.server.url, coEmail, '共同 花子');
    const owner = await ownerOnWorld();
    await section(owner, 'メンバー').click();
    await owner.getByRole('button', { name: '共同主催者を追加' }).click();
    await field(owner, '共同主催者のメールアドレス').fill(coEmail);
    await field(owner, 'あなたのパスワード').fill(demoAccount.password);
    await owner.getByRole('button', { name: '主催者に追加する' }).click();
    await owner
      .getByRole('status')
      .filter({ hasText: '共同 花子さんを主催者に追加しました。' })
      .waitFor();

    const coOwner = await suite.browser.newPage({ viewport: { width: 390, height: 900 } });
    await coOwner.goto(`${suite.server.url}/signin`);
    await signIn(coOwner, coEmail, PASSWORD);
    await coOwner.waitForURL(`${suite.server.url}/mypage/worlds`);
    const world = coOwner
      .getByRole('list', { name: 'ワールド' })
      .getByRole('listitem')
      .filter({ hasText: 'デモワールド' });
    await expect.poll(() => world.textContent()).toContain('主催者');

    // Both put the same hour in their carts while it is still free, then both pay.
    await owner.goto(`${suite.server.url}/mypage/worlds/${suite.worldId}/payment`);
    await coOwner.goto(`${suite.server.url}/mypage/worlds/${suite.worldId}/payment`);
    for (const page of [owner, coOwner]) {
      await addToCart(page, tokyo(9, '15:00'), tokyo(9, '16:00'));
      await addCard(page);
    }
    await owner.getByRole('button', { name: '支払う' }).click();
    await owner
      .getByRole('status')
      .filter({ hasText: 'お支払いが完了し、予約が確定しました' })
      .waitFor({ timeout: 15_000 });

    await coOwner.getByRole('button', { name: '支払う' }).click();
    const refusal = coOwner.getByRole('alert').filter({ hasText: 'すでに予約されています' });
    await refusal.waitFor({ timeout: 15_000 });
    expect(await coOwner.getByText('お支払いが完了し、予約が確定しました').count()).toBe(0);
    await Promise.all([owner.close(), coOwner.close()]);
  });
});

async function addToCart(page: Page, start: string, end: string) {
  await page.getByLabel('開始日時').fill(start);
  await page.getByLabel('終了日時').fill(end);
  await page.getByRole('spinbutton', { name: '人数' }).fill('5');
  await expect
    .poll(() => page.getByRole('status', { name: '見積もり' }).textContent(), { timeout: 10_000 })
    .toMatch(/60分 × 5人 = [￥¥]550/);
  await page.getByRole('button', { name: 'カートに追加' }).click();
  await page.getByText('カートに追加しました。').first().waitFor();
}

/** The local provider's test card, on an account that has none yet (the card form is open). */
async function addCard(page: Page) {
  await page.getByLabel('カード番号').fill('4242 4242 4242 4242');
  await page.getByLabel('有効期限（月）').fill('12');
  await page.getByLabel('有効期限（年）').fill(String(new Date().getFullYear() + 3));
  await page.getByLabel('セキュリティコード').fill('123');
  await page.getByRole('button', { name: 'カードを登録する' }).click();
  await page.getByText(/お支払い金額\s*[￥¥]550/).waitFor();
}
