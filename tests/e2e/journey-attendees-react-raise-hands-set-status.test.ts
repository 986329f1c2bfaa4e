import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { meetingSuite, worldWithTwoTables } from './support/meeting-suite';
import {
  enterMeeting,
  guestByApi,
  openPanel,
  remoteAudioPeak,
  signedInContext,
} from './meeting-helpers';

// Issue 26, taking part without the microphone (docs/product.md §4 リアクション・挙手・状態,
// ADR 034): a guest's reaction reaches the other at the table; a muted guest raises a hand, the
// owner gives the floor and hears them; a status set on one page shows on the other's map.
const suite = meetingSuite();

const [ICHIRO, JIRO] = ['反応一郎', '反応二郎'];
let worldId = '';
let token = '';
const pages: Page[] = [];

beforeAll(async () => {
  ({ worldId, token } = await worldWithTwoTables(suite, 'E2E リアクション会場'));
});

// Each person's browser context closes after its test, passed or not.
afterEach(async () => {
  await Promise.all(pages.splice(0).map((page) => page.context().close()));
});

async function at(
  who: { auth: Parameters<typeof signedInContext>[1]; userId: string },
  table: string,
  viewport?: { width: number; height: number },
) {
  const context = await signedInContext(suite.browser, who.auth, who.userId, { viewport });
  const page = await context.newPage();
  pages.push(page);
  await enterMeeting(page, suite.server.url, worldId);
  await page.getByRole('button', { name: `「${table}」に移動` }).click();
  await page
    .getByRole('status')
    .filter({ hasText: `いまいる場所: ${table}` })
    .waitFor({ timeout: 20_000 });
  return page;
}

const guest = (name: string) => guestByApi(suite.server.url, token, name);
const seat = (page: Page, userId: string) =>
  page.locator(`.world-map-canvas .map-person[data-user-id="${userId}"]`);
const toolbar = (page: Page) => page.getByRole('region', { name: '会議の操作' });
const mic = (page: Page) => toolbar(page).getByRole('button', { name: 'マイク', exact: true });

describe('taking part without the microphone', () => {
  it('shows a guest’s reaction over their video and seat at the other’s page, and says it', async () => {
    const [ichiro, jiro] = await Promise.all([guest(ICHIRO), guest(JIRO)]);
    const [ichiroPage, jiroPage] = await Promise.all([
      at(ichiro, 'テーブルA'),
      at(jiro, 'テーブルA', { width: 375, height: 800 }),
    ]);
    await toolbar(ichiroPage).getByRole('button', { name: 'リアクション' }).click();
    await toolbar(ichiroPage).getByRole('button', { name: '拍手' }).click();

    // The drawn map is aria-hidden (the list beside it speaks): found by its label, not its role.
    const onSeat = seat(jiroPage, ichiro.userId).locator('.reaction-mark[aria-label="拍手"]');
    await onSeat.waitFor({ timeout: 10_000 });
    await jiroPage
      .locator('figure', { has: jiroPage.locator(`video[aria-label="${ICHIRO}さんのカメラ"]`) })
      .getByRole('img', { name: '拍手' })
      .waitFor({ timeout: 10_000 });
    await expect
      .poll(() => jiroPage.locator('[aria-live="polite"]').allTextContents())
      .toContain(`${ICHIRO}さん：拍手`);
    // About 3 s, then gone.
    await onSeat.waitFor({ state: 'detached', timeout: 6_000 });
  });

  it('gives the floor to a muted guest’s raised hand, and the owner hears them', async () => {
    const ichiro = await guest(ICHIRO);
    const [owner, ichiroPage] = await Promise.all([
      at(suite.owner, 'テーブルB'),
      at(ichiro, 'テーブルB'),
    ]);
    // The owner forces 一郎's microphone off from the attendees in 管理.
    await openPanel(owner, '管理');
    await owner.getByRole('button', { name: 'マイクを強制オフ' }).click();
    // Forced off: the microphone cannot be turned on, and the owner hears nothing.
    await expect.poll(() => mic(ichiroPage).isDisabled(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => remoteAudioPeak(owner, 1_500), { timeout: 10_000 }).toBeLessThan(0.001);

    await toolbar(ichiroPage).getByRole('button', { name: '✋ 手を挙げる' }).click();
    // The hand queue is in 参加者 (giving the floor is about the people there).
    await openPanel(owner, '参加者');
    const queue = owner.getByRole('list', { name: '手を挙げた順' });
    await queue.getByText(ICHIRO, { exact: true }).waitFor({ timeout: 10_000 });
    await expect
      .poll(() => owner.locator('[aria-live="polite"]').allTextContents())
      .toContain(`${ICHIRO}さんが手を挙げました`);
    await queue.getByRole('button', { name: /^発言を許可/ }).click();

    await ichiroPage
      .getByRole('status')
      .filter({ hasText: '発言が許可されました。マイクをオンにして話せます。' })
      .waitFor({ timeout: 10_000 });
    await toolbar(ichiroPage).getByRole('button', { name: '✋ 手を挙げる' }).waitFor();
    await owner.getByText('手を挙げている人はいません。').waitFor({ timeout: 10_000 });
    await mic(ichiroPage).click();
    await expect.poll(() => remoteAudioPeak(owner), { timeout: 20_000 }).toBeGreaterThan(0.001);
  });

  it('shows a status set on one page on the other’s map and list', async () => {
    const [ichiro, jiro] = await Promise.all([guest(ICHIRO), guest(JIRO)]);
    const [ichiroPage, jiroPage] = await Promise.all([
      at(ichiro, 'テーブルA'),
      at(jiro, 'テーブルB'),
    ]);
    await openPanel(ichiroPage, '参加者');
    const mine = ichiroPage.getByRole('region', { name: 'あなたの状態' });
    await mine.getByRole('button', { name: '状態を変える' }).click();
    const form = mine.getByRole('form', { name: '状態を変える' });
    await form.getByLabel('状態', { exact: true }).selectOption('取り込み中');
    await form.getByRole('button', { name: '状態を設定' }).click();
    await mine.getByText('いまの状態：取り込み中').waitFor({ timeout: 10_000 });

    await expect
      .poll(() => seat(jiroPage, ichiro.userId).locator('.map-person-status').textContent())
      .toBe('取り込み中');
    await jiroPage
      .getByRole('list', { name: 'テーブルAにいる人' })
      .getByText(`${ICHIRO}さん（取り込み中）`)
      .waitFor();

    // 41 characters are refused, in Japanese, and nothing changes elsewhere.
    await mine.getByRole('button', { name: '状態を変える' }).click();
    await form.getByLabel('状態', { exact: true }).selectOption('その他（自由に入力）');
    await form.getByLabel('状態（40文字まで）').fill('あ'.repeat(41));
    await form.getByRole('button', { name: '状態を設定' }).click();
    await ichiroPage.getByText('40文字以下で入力してください。').waitFor();
    expect(await seat(jiroPage, ichiro.userId).locator('.map-person-status').textContent()).toBe(
      '取り込み中',
    );
  });
});
