// Journey (issue 14): the owner lays out a world in the layout editor: a preset, a table added by
// keyboard through the list, one moved on the canvas by dragging, saved and kept; a second editor
// on the stale version is told so and never overwrites; bad input is answered in Japanese.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fileMessages, purposes } from '../../server/files/storage';
import { layoutMessages } from '../../src/domain/layout';
import { createWorld, ownerSession, signedInContext } from './meeting-helpers';
import { api } from './support/api';
import { browserSuite } from './support/browser-suite';

const suite = browserSuite({
  setUp: async ({ server }) => ({ owner: await ownerSession(server.url) }),
});

const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

const space = (page: Page, title: string) => page.getByRole('group', { name: title });

/** Types a number into a list field and leaves it, which commits it (as Tab does for a person). */
async function typeNumber(page: Page, group: string, label: string, value: number) {
  const field = space(page, group).getByLabel(label, { exact: true });
  await field.focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(String(value));
  await page.keyboard.press('Tab');
}

async function editorOf(page: Page, worldId: string) {
  await page.goto(`${suite.server.url}/mypage/worlds/${worldId}/editLayout`);
  await page.getByRole('heading', { name: 'スペースの一覧' }).waitFor({ timeout: 15_000 });
}

describe('journey: the owner lays out a world', () => {
  it('applies a preset, adds a table by keyboard, drags it, saves, and finds it kept after a reload', async () => {
    const worldId = await createWorld(suite.server.url, suite.owner.auth, 'E2E レイアウト');
    const context = await signedInContext(suite.browser, suite.owner.auth, suite.owner.userId, {
      viewport: { width: 1280, height: 900 },
    });
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/mypage/worlds/${worldId}`);
    await page.getByRole('link', { name: 'レイアウトを編集' }).click();
    await page.getByRole('heading', { name: 'レイアウトの編集' }).waitFor();

    // A preset replaces the layout after a confirmation, and is saved at once.
    await page
      .getByLabel('プリセットを選ぶ')
      .selectOption({ label: '交流会（組み込み）（7スペース）' });
    await page.getByRole('button', { name: 'プリセットを適用' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '適用する' }).click();
    await page.getByText('プリセットを適用して保存しました。').waitFor();
    await space(page, 'テーブル「テーブル6」').waitFor();

    // Keyboard only, through the list: there is no free spot for a new table, so it overlaps
    // one and says so beside it; zero seats are refused beside it too.
    await page.getByRole('button', { name: 'テーブルを追加' }).focus();
    await page.keyboard.press('Enter');
    // The new table's name field has the focus.
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('VIP');
    const vip = 'テーブル「VIP」';
    await space(page, vip).getByText(layoutMessages.overlap('テーブル3', 'VIP')).waitFor();
    await typeNumber(page, vip, '席数', 0);
    await space(page, vip).getByText(layoutMessages.seats('VIP')).waitFor();
    expect(await page.getByRole('button', { name: '保存', exact: true }).isDisabled()).toBe(true);
    await typeNumber(page, vip, '席数', 4);
    await typeNumber(page, vip, '幅', 120);
    await typeNumber(page, vip, '高さ', 120);
    await typeNumber(page, vip, '縦位置', 660);
    await expect.poll(() => space(page, vip).getByRole('listitem').count()).toBe(0);
    await page.screenshot({ path: 'test-results/layout-editor-desktop.png' });

    // Dragged on the canvas from x 1040 to x 400 (snapped to the grid of 20).
    const canvas = page.getByRole('group', { name: 'レイアウトの図' });
    await canvas.scrollIntoViewIfNeeded();
    const scale = (await canvas.boundingBox())!.width / 1200;
    const box = (await page.getByRole('img', { name: 'テーブル「VIP」 4席' }).boundingBox())!;
    const start = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    await page.mouse.move(start.x - 300 * scale, start.y, { steps: 5 });
    await page.mouse.move(start.x - 643 * scale, start.y + 4 * scale, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => space(page, vip).getByLabel('横位置').inputValue()).toBe('400');
    expect(await space(page, vip).getByLabel('縦位置').inputValue()).toBe('660');

    // Shift-click selects two tables; Delete removes both, Ctrl+Z brings them back.
    await page.getByRole('img', { name: 'テーブル「テーブル1」 6席' }).click();
    await page
      .getByRole('img', { name: 'テーブル「テーブル2」 6席' })
      .click({ modifiers: ['Shift'] });
    await page.getByText('2個を選択中').waitFor();
    await page.keyboard.press('Delete');
    await expect.poll(() => space(page, 'テーブル「テーブル1」').count()).toBe(0);
    expect(await space(page, 'テーブル「テーブル2」').count()).toBe(0);
    await page.keyboard.press('ControlOrMeta+Z');
    await space(page, 'テーブル「テーブル2」').waitFor();

    await page.getByRole('button', { name: '保存', exact: true }).click();
    await page.getByText('保存しました（版2）。').waitFor();
    await page.reload();
    await space(page, vip).waitFor({ timeout: 15_000 });
    expect(await space(page, vip).getByLabel('横位置').inputValue()).toBe('400');
    expect(await space(page, vip).getByLabel('席数').inputValue()).toBe('4');

    // A background image of one's own, through a signed upload; a PDF is refused in Japanese.
    const background = page.getByRole('region', { name: '背景' });
    await background.getByLabel('自分で選ぶ（色・画像）').check();
    const file = background.getByLabel(/^背景画像/);
    await file.setInputFiles({ name: 'plan.pdf', mimeType: 'application/pdf', buffer: png });
    await background.getByText(fileMessages.type(purposes.layoutImage.types)).waitFor();
    await file.setInputFiles({ name: 'floor.png', mimeType: 'image/png', buffer: png });
    await background.getByRole('button', { name: '背景画像を外す' }).waitFor();

    // A second editor opened now, then left behind by a save of the first, is told so.
    const second = await context.newPage();
    await editorOf(second, worldId);
    await space(page, vip).getByLabel('名前').fill('VIP席');
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await page.getByText('保存しました（版3）。').waitFor();
    await space(second, 'テーブル「テーブル1」').getByLabel('名前').fill('古い版の編集');
    await second.getByRole('button', { name: '保存', exact: true }).click();
    await second.getByRole('alert').getByText(layoutMessages.stale).waitFor();
    await second.screenshot({ path: 'test-results/layout-editor-conflict.png' });
    await second.getByRole('button', { name: /最新のレイアウトを読み込む/ }).click();
    await space(second, 'テーブル「VIP席」').waitFor();
    // Its own session: the browser's requests rotate the tokens it was given (ADR 002).
    const { auth } = await ownerSession(suite.server.url);
    const saved = await api(suite.server.url, `/api/mypage/layouts/${worldId}`, { headers: auth });
    expect(saved.status).toBe(200);
    expect(saved.json.version).toBe(3);
    expect(saved.json.spaces.map((s: { name: string }) => s.name)).not.toContain('古い版の編集');
    expect(saved.json.backgroundImageUrl).toMatch(/\/files\/layoutImage\/.+\.png$/);

    await second.setViewportSize({ width: 375, height: 800 });
    await second.screenshot({ path: 'test-results/layout-editor-phone.png' });
    await second.getByRole('group', { name: 'レイアウトの図' }).scrollIntoViewIfNeeded();
    await second.screenshot({ path: 'test-results/layout-editor-phone-canvas.png' });
    await context.close();
  });
});
