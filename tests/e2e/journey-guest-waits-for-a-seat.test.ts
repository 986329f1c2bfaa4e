// Issue 26 item 7 and a defect of item 9 (docs/product.md §4 空いたら知らせる; the map's arrow
// keys): a guest moves through the map's list with the arrow keys, finds a table full, asks to be
// told, and is told (politely, for screen readers) when a seat frees; then moves there.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api } from './support/api';
import { meetingSuite } from './support/meeting-suite';
import {
  createWorld,
  enterMeeting,
  guestByApi,
  guestLink,
  signedInContext,
} from './meeting-helpers';

const suite = meetingSuite();

const here = (page: Page, space: string) =>
  page
    .getByRole('status')
    .filter({ hasText: `いまいる場所: ${space}` })
    .waitFor({ timeout: 20_000 });
const focusedText = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-labelledby') ?? '');

describe('a guest waits for a seat', () => {
  it('moves by arrow keys, waits at a full table and is told when a seat frees', async () => {
    const { url } = suite.server;
    const worldId = await createWorld(url, suite.owner.auth, 'E2E 空き待ち');
    const layout = await api(url, `/api/mypage/layouts/${worldId}`, {
      method: 'PATCH',
      headers: suite.owner.auth,
      body: {
        version: 0,
        name: '会場',
        baseSpaceId: null,
        backgroundColor: '#F6F8FA',
        backgroundImageUrl: null,
        spaces: [
          { name: 'ホール', kind: 'hall', x: 0, y: 0, width: 600, height: 800, capacity: 100 },
          { name: '窓際', kind: 'table', x: 640, y: 40, width: 240, height: 240, capacity: 2 },
        ],
      },
    });
    expect(layout.status, JSON.stringify(layout.json)).toBe(200);
    const { token } = await guestLink(url, suite.owner.auth, worldId);
    const enter = async (name: string) => {
      const guest = await guestByApi(url, token, name);
      const context = await signedInContext(suite.browser, guest.auth, guest.userId, {
        viewport: { width: 375, height: 812 },
      });
      const page = await context.newPage();
      await enterMeeting(page, url, worldId);
      await here(page, 'ホール');
      return page;
    };
    const [first, second, waiter] = [
      await enter('先客一'),
      await enter('先客二'),
      await enter('待つ人'),
    ];
    for (const page of [first, second]) {
      await page.getByRole('button', { name: '「窓際」に移動' }).click();
      await here(page, '窓際');
    }

    // The list is one Tab stop: the current space first; ArrowDown goes to the table.
    const list = waiter.getByRole('list', { name: 'スペースの一覧' });
    await list.getByRole('listitem').first().focus();
    await waiter.keyboard.press('ArrowDown');
    const table = waiter.getByRole('heading', { name: /^窓際/ });
    expect(await focusedText(waiter)).toBe(await table.getAttribute('id'));
    await waiter
      .getByRole('heading', { name: '窓際（テーブル・2/2席・満席）' })
      .waitFor({ timeout: 15_000 });
    await waiter.keyboard.press('Tab');
    await waiter.keyboard.press('Enter');
    await waiter.getByRole('button', { name: '空き待ちをやめる' }).waitFor();

    // 先客一 goes back to the hall: the one waiting is told, in a polite live region.
    await first.getByRole('button', { name: '「ホール」に移動' }).click();
    const notice = waiter.locator('[aria-live="polite"]', {
      hasText: '「窓際」に空きが出ました。',
    });
    await notice.waitFor({ timeout: 20_000 });
    await waiter.getByRole('heading', { name: '窓際（テーブル・1/2席・残り1席）' }).waitFor();
    await notice.getByRole('button', { name: '「窓際」に移動' }).click();
    await here(waiter, '窓際');

    // Back in the hall by keyboard alone: ArrowUp to the hall, Enter moves there.
    await list.getByRole('listitem').filter({ has: table }).focus();
    await waiter.keyboard.press('ArrowUp');
    await waiter.keyboard.press('Enter');
    await here(waiter, 'ホール');
  }, 150_000);
});
