import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { meetingSuite, worldWithTwoTables } from './support/meeting-suite';
import { enterMeeting, guestByApi, remoteAudioPeak, signedInContext } from './meeting-helpers';

// Issue 26 item 5, listening in (docs/product.md §4 テーブルを聞く, ADR 038): a guest listens to a
// table of four seats (the media server) and hears it, sends it nothing, is seen there as
// 聞いている人 1人, and stops with one action, back at their own table.
const suite = meetingSuite();

const [ICHIRO, JIRO, HANAKO] = ['着席一郎', '着席二郎', '傾聴花子'];
let worldId = '';
let token = '';
const pages: Page[] = [];

beforeAll(async () => {
  ({ worldId, token } = await worldWithTwoTables(suite, 'E2E 聞く会場'));
});

afterEach(async () => {
  await Promise.all(pages.splice(0).map((page) => page.context().close()));
});

async function at(name: string, table: string) {
  const who = await guestByApi(suite.server.url, token, name);
  const context = await signedInContext(suite.browser, who.auth, who.userId);
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

/** Remote audio tracks the page receives (every voice of its meeting goes into one element). */
const voices = (page: Page) =>
  page
    .locator('audio[data-meeting-audio]')
    .evaluate((audio: HTMLAudioElement) =>
      audio.srcObject instanceof MediaStream ? audio.srcObject.getAudioTracks().length : 0,
    );

describe('listening in to a table', () => {
  it('hears the table, sends it nothing, is named there, and stops with one action', async () => {
    const [ichiro, jiro, hanako] = await Promise.all([
      at(ICHIRO, 'テーブルA'),
      at(JIRO, 'テーブルA'),
      at(HANAKO, 'テーブルB'),
    ]);
    // 一郎 hears 二郎: one voice.
    await expect.poll(() => voices(ichiro), { timeout: 20_000 }).toBe(1);

    await hanako.getByRole('button', { name: '「テーブルA」を聞く' }).click();
    await hanako
      .getByRole('status')
      .filter({
        hasText: '「テーブルA」を聞いています。あなたのマイク・カメラは送られていません。',
      })
      .waitFor({ timeout: 20_000 });
    await expect.poll(() => remoteAudioPeak(hanako), { timeout: 20_000 }).toBeGreaterThan(0.001);
    // Audio only: the table's cameras are not sent to a listener.
    expect(await hanako.locator('video[aria-label$="さんのカメラ"]').count()).toBe(0);

    // The table sees who listens, by name.
    for (const page of [ichiro, jiro]) {
      const listeners = page.getByRole('region', { name: '聞いている人 1人' });
      await listeners.waitFor({ timeout: 15_000 });
      await listeners.getByText(HANAKO, { exact: true }).waitFor();
    }
    // …and receives nothing from the listener: still only one voice, no tile of hers.
    expect(await voices(ichiro)).toBe(1);
    expect(await ichiro.locator(`video[aria-label="${HANAKO}さんのカメラ"]`).count()).toBe(0);
    await hanako.screenshot({ path: 'test-results/listening-in-1100x800.png' });

    await hanako.getByRole('button', { name: '聞くのをやめる' }).click();
    await hanako
      .getByRole('status')
      .filter({ hasText: 'いまいる場所: テーブルB' })
      .waitFor({ timeout: 20_000 });
    await ichiro
      .getByRole('region', { name: /^聞いている人/ })
      .waitFor({ state: 'detached', timeout: 15_000 });
  });
});
