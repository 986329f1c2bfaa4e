// Issue 30, the rest of the place (ADR 040): a screen share in one's space takes the main area
// with the map as a small panel, for the one who shares and the others; a watcher of the stage
// sees the stage's video as the main area; owner and staff find their tools in one 管理 panel of
// the toolbar; a changed icon shows on the others' maps, in 参加者 and beside chat messages
// without a reload. At 1280×800 and 375×812, axe-core finding nothing.
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import {
  meetingSuite,
  ownerStreamsTheStage,
  signedInOwner,
  worldWithTwoTables,
} from './support/meeting-suite';
import { solidPng } from './support/pictures';
import { axeViolations } from './support/world-place';
import {
  decodedFrames,
  enterMeeting,
  guestByApi,
  openPanel,
  signedInContext,
} from './meeting-helpers';

const suite = meetingSuite();
const OWNER_NAME = 'デモ主催者';
const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 812 };

const contexts: BrowserContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

async function guestPage(token: string, name: string, viewport: typeof LAPTOP) {
  const guest = await guestByApi(suite.server.url, token, name);
  const context = await signedInContext(suite.browser, guest.auth, guest.userId, { viewport });
  contexts.push(context);
  return context.newPage();
}

async function ownerPage(viewport: typeof LAPTOP) {
  const context = await signedInOwner(suite, { viewport });
  contexts.push(context);
  return context.newPage();
}

type Box = { x: number; y: number; width: number; height: number };
const box = async (page: Page, selector: string): Promise<Box> =>
  (await page.locator(selector).boundingBox())!;
/** Below 48rem (768 px) the world page is laid out for a phone (docs/product.md). */
const PHONE_WIDTH_LIMIT = 768;

/** The area two boxes share (0 when they do not meet). */
function overlap(a: Box, b: Box) {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return Math.max(0, width) * Math.max(0, height);
}

/**
 * The main area shows `video` large and the map small inside the first screen (docs/product.md,
 * "What takes the main area"): on a wide screen the video wider than half the main area and the
 * map a panel narrower than half over its corner; on a phone the video as wide as the screen and
 * the map under it, covering none of it. The map's list of spaces is still there for the keyboard.
 */
async function videoIsTheMainArea(page: Page, video: string) {
  const main = page.locator('.world-main');
  await expect.poll(() => main.getAttribute('data-focus'), { timeout: 20_000 }).not.toBeNull();
  const [area, shown, map] = await Promise.all([
    box(page, '.world-main'),
    box(page, `video[aria-label="${video}"]`),
    box(page, '.world-main .world-map'),
  ]);
  if (area.width >= PHONE_WIDTH_LIMIT) {
    expect(shown.width).toBeGreaterThan(area.width * 0.5);
    expect(map.width).toBeLessThan(area.width * 0.5);
    expect(map.width * map.height).toBeLessThan(shown.width * shown.height);
  } else {
    expect(shown.width).toBeGreaterThan(area.width * 0.8);
    expect(overlap(shown, map)).toBe(0);
  }
  const toolbar = await box(page, '.world-toolbar');
  for (const b of [shown, map]) {
    expect(b.y).toBeGreaterThanOrEqual(area.y - 0.5);
    expect(b.y + b.height).toBeLessThanOrEqual(toolbar.y + 0.5);
  }
  expect(await page.locator('.world-map-list [data-space-item]').count()).toBeGreaterThan(0);
}

describe('a screen share takes the main area', () => {
  it('for the one who shares and for the other at the table, the map a small panel; stopped, the map comes back', async () => {
    const { worldId, token } = await worldWithTwoTables(suite, 'E2E 画面共有');
    const [laptop, phone] = await Promise.all([
      guestPage(token, '共有する人', LAPTOP),
      guestPage(token, '共有を見る人', PHONE),
    ]);
    for (const page of [laptop, phone]) {
      await enterMeeting(page, suite.server.url, worldId);
      await page.getByRole('button', { name: '「テーブルA」に移動' }).click();
      await page.getByRole('status').filter({ hasText: 'いまいる場所: テーブルA' }).waitFor();
    }
    expect(await laptop.locator('.world-main').getAttribute('data-focus')).toBeNull();

    await laptop
      .getByRole('region', { name: '会議の操作' })
      .getByRole('button', { name: '画面を共有' })
      .click();
    await videoIsTheMainArea(laptop, 'あなたの画面共有');
    await expect
      .poll(() => decodedFrames(phone, '共有する人さんの画面共有'), { timeout: 30_000 })
      .toBeGreaterThan(0);
    await videoIsTheMainArea(phone, '共有する人さんの画面共有');
    await laptop.screenshot({ path: 'test-results/world-share-1280x800.png' });
    await phone.screenshot({ path: 'test-results/world-share-375x812.png' });
    for (const page of [laptop, phone]) expect(await axeViolations(page)).toEqual([]);

    await laptop.getByRole('button', { name: '画面の共有を停止' }).click();
    for (const page of [laptop, phone])
      await expect
        .poll(() => page.locator('.world-main').getAttribute('data-focus'), { timeout: 20_000 })
        .toBeNull();
  }, 180_000);
});

describe('the stage for its watchers', () => {
  it('a watcher sees the stage’s video as the main area; owner and staff start the stream from 管理', async () => {
    const { url, worldId, link, owner } = await ownerStreamsTheStage(suite, 'E2E 視聴の画面');
    // The stream was started from 管理, which holds every tool of owner and staff.
    const menu = owner.getByRole('region', { name: '管理' });
    await menu.getByRole('button', { name: '配信を停止' }).waitFor();
    for (const [size, viewport] of [
      ['1280x800', LAPTOP],
      ['375x812', PHONE],
    ] as const) {
      const watcher = await guestPage(link.token, `視聴者${size}`, viewport);
      await enterMeeting(watcher, url, worldId);
      await watcher.getByRole('button', { name: '視聴する' }).click();
      await watcher.getByText('視聴中です。', { exact: false }).waitFor({ timeout: 20_000 });
      await expect
        .poll(() => decodedFrames(watcher, `${OWNER_NAME}さんのカメラ`), { timeout: 45_000 })
        .toBeGreaterThan(0);
      await videoIsTheMainArea(watcher, `${OWNER_NAME}さんのカメラ`);
      await watcher.screenshot({ path: `test-results/world-stage-watcher-${size}.png` });
      expect(await axeViolations(watcher)).toEqual([]);
    }
  }, 240_000);
});

describe('owner and staff tools in one 管理 panel', () => {
  for (const [size, viewport] of [
    ['1280x800', LAPTOP],
    ['375x812', PHONE],
  ] as const) {
    it(`at ${size}: recording, mute, kick, the bell, the announcement and the board in 管理, by keyboard; none for a guest`, async () => {
      const { worldId, token } = await worldWithTwoTables(suite, `E2E 管理 ${size}`);
      const guest = await guestPage(token, `管理される客${size}`, PHONE);
      const owner = await ownerPage(viewport);
      await enterMeeting(guest, suite.server.url, worldId);
      await enterMeeting(owner, suite.server.url, worldId);
      const toolbar = (page: Page) => page.getByRole('region', { name: '会議の操作' });
      expect(await toolbar(guest).getByRole('button', { name: '管理' }).count()).toBe(0);

      // Not scattered: nothing of it on the page (the 参加者 rows included) until 管理 opens.
      await openPanel(owner, '参加者');
      await owner.getByRole('heading', { name: '参加者 2人' }).waitFor({ timeout: 20_000 });
      for (const name of ['マイクを強制オフ', '退出させる…', '全員のマイクをオフ', 'ベルを鳴らす'])
        expect(await owner.getByRole('button', { name }).count(), name).toBe(0);

      // By keyboard: the toolbar's 管理 opens the panel and takes the focus there.
      await toolbar(owner).getByRole('button', { name: '管理' }).focus();
      await owner.keyboard.press('Enter');
      const menu = owner.getByRole('region', { name: '管理' });
      await menu.waitFor();
      await expect
        .poll(() => owner.evaluate(() => document.activeElement?.id ?? ''))
        .toBe('side-panel-manage');
      await menu.getByRole('heading', { name: '録画' }).waitFor();
      // The hall (100 seats) runs on the media server, which records.
      await menu.getByRole('button', { name: '録画を開始' }).waitFor();
      const row = menu.getByRole('group', { name: `管理される客${size}さんの操作` });
      for (const name of ['マイクを強制オフ', 'カメラを強制オフ', '退出させる…'])
        await row.getByRole('button', { name }).waitFor();
      await menu.getByRole('button', { name: '全員のマイクをオフ' }).waitFor();
      await menu.getByRole('form', { name: 'ベルを鳴らす' }).waitFor();
      await menu.getByRole('form', { name: '全体へのお知らせ' }).waitFor();
      await menu.getByRole('button', { name: 'お知らせを編集' }).waitFor();
      await row.getByRole('button', { name: 'マイクを強制オフ' }).click();
      await guest.getByText('管理者によりオフにされています').waitFor({ timeout: 15_000 });
      await owner.screenshot({ path: `test-results/world-owner-menu-${size}.png` });
      expect(await axeViolations(owner)).toEqual([]);
      // Escape from inside the panel closes it.
      await menu.getByRole('button', { name: 'ベルを鳴らす' }).focus();
      await owner.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });
    }, 150_000);
  }
});

describe('icons live', () => {
  it('a changed icon shows on the guest’s map, in 参加者 and beside the owner’s chat message, without a reload', async () => {
    const { worldId, token } = await worldWithTwoTables(suite, 'E2E アイコンの更新');
    const owner = await ownerPage(LAPTOP);
    const guest = await guestPage(token, 'アイコンを見る客', PHONE);
    await enterMeeting(owner, suite.server.url, worldId);
    await enterMeeting(guest, suite.server.url, worldId);
    const ownerId = suite.owner.userId;
    const onMap = guest.locator(`.world-map-canvas .map-person[data-user-id="${ownerId}"]`);
    await onMap.waitFor({ timeout: 20_000 });
    expect(await onMap.locator('img').count()).toBe(0);

    // The owner changes the icon in another tab, on the account page.
    const account = await owner.context().newPage();
    await account.goto(`${suite.server.url}/mypage/account`);
    const section = account.getByRole('region', { name: 'アイコン' });
    await section.getByLabel('アイコン画像を選ぶ').setInputFiles({
      name: 'あたらしい.png',
      mimeType: 'image/png',
      buffer: await solidPng(account, [0xd8, 0x5a, 0x2a]),
    });
    await section.getByRole('status').getByText('アイコンを変更しました。').waitFor({
      timeout: 30_000,
    });
    const iconUrl = await section.getByRole('img', { name: '現在のアイコン' }).getAttribute('src');
    expect(iconUrl).toMatch(/\/files\/userIcon\//);

    // The guest's page, never reloaded: the map, the attendees, the chat.
    await expect
      .poll(() => onMap.locator('img').getAttribute('src'), { timeout: 15_000 })
      .toBe(iconUrl);
    await openPanel(guest, '参加者');
    const ownerRow = guest.getByRole('listitem', { name: new RegExp(`^${OWNER_NAME}`) });
    await expect
      .poll(() => ownerRow.locator('.avatar img').getAttribute('src'), { timeout: 15_000 })
      .toBe(iconUrl);
    await openPanel(owner, 'チャット');
    const composer = owner.getByRole('textbox', { name: /^メッセージ/ });
    await composer.fill('アイコンを変えました');
    await composer.press('Enter');
    await openPanel(guest, 'チャット');
    const message = guest
      .getByRole('log')
      .getByRole('listitem')
      .filter({ hasText: 'アイコンを変えました' });
    await message.waitFor({ timeout: 15_000 });
    expect(await message.locator('.avatar img').getAttribute('src')).toBe(iconUrl);
    await guest.screenshot({ path: 'test-results/world-icon-in-chat-375x812.png' });
    expect(await axeViolations(guest)).toEqual([]);
  }, 180_000);
});
