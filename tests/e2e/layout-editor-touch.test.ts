// The layout editor on a phone (issue 14): a table is resized from a corner handle and moved by a
// finger on the canvas, in Chromium with touch (touches sent as the browser gets them, through
// CDP Input.dispatchTouchEvent, so the page's touch-action is in play), and the page does not
// scroll under the finger.
import type { CDPSession, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createWorld } from './meeting-helpers';
import { meetingSuite, signedInOwner } from './support/meeting-suite';

const suite = meetingSuite();

type Point = { x: number; y: number };

/** A finger put down at `from`, slid to `to` in steps, and lifted. */
async function touchDrag(cdp: CDPSession, from: Point, to: Point, steps = 10) {
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
  for (let i = 1; i <= steps; i++) {
    const at = {
      x: from.x + ((to.x - from.x) * i) / steps,
      y: from.y + ((to.y - from.y) * i) / steps,
    };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [at] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

const table = (page: Page) => page.getByRole('group', { name: 'テーブル「T」' });

async function box(page: Page) {
  const field = (label: string) => table(page).getByLabel(label, { exact: true }).inputValue();
  return {
    x: Number(await field('横位置')),
    y: Number(await field('縦位置')),
    width: Number(await field('幅')),
    height: Number(await field('高さ')),
  };
}

async function typeNumber(page: Page, label: string, value: number) {
  await table(page).getByLabel(label, { exact: true }).fill(String(value));
  await table(page).getByLabel(label, { exact: true }).press('Tab');
}

describe('the layout editor by touch', () => {
  it('resizes a table from its top-left corner and moves it with a finger, without scrolling the page', async () => {
    const worldId = await createWorld(suite.server.url, suite.owner.auth, 'E2E タッチ');
    const context = await signedInOwner(suite, {
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await page.goto(`${suite.server.url}/mypage/worlds/${worldId}/editLayout`);
    await page.getByRole('heading', { name: 'スペースの一覧' }).waitFor({ timeout: 15_000 });

    await page.getByRole('button', { name: 'テーブルを追加' }).tap();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('T');
    await typeNumber(page, '幅', 200);
    await typeNumber(page, '高さ', 200);
    await typeNumber(page, '横位置', 400);
    await typeNumber(page, '縦位置', 300);
    await expect.poll(() => box(page)).toEqual({ x: 400, y: 300, width: 200, height: 200 });

    const canvas = page.getByRole('group', { name: 'レイアウトの図' });
    await canvas.scrollIntoViewIfNeeded();
    const frame = (await canvas.boundingBox())!;
    const scale = frame.width / 1200;
    /** A point of the layout (grid units) on the screen. */
    const at = (x: number, y: number) => ({ x: frame.x + x * scale, y: frame.y + y * scale });

    // A tap selects the table and shows its four corner handles.
    await page.touchscreen.tap(at(500, 400).x, at(500, 400).y);
    await expect.poll(() => page.locator('.editor-space-handle').count()).toBe(4);
    const scrolled = await page.evaluate(() => window.scrollY);

    // The top-left handle dragged up and left: the bottom-right corner (600, 500) stays.
    await touchDrag(cdp, at(400, 300), at(300, 240));
    await expect.poll(() => box(page)).toEqual({ x: 300, y: 240, width: 300, height: 260 });

    // The table itself dragged down and right by a finger.
    await touchDrag(cdp, at(450, 370), at(550, 470));
    await expect.poll(() => box(page)).toEqual({ x: 400, y: 340, width: 300, height: 260 });
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    await page.screenshot({ path: 'test-results/layout-editor-touch.png' });
    await context.close();
  });
});
