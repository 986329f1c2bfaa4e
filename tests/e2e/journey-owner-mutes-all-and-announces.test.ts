// Issue 26 item 6 (docs/product.md §4 全員のマイクをオフ, 全体へのお知らせ): the owner forces every
// other microphone of the hall off at once, and posts an announcement every page shows.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  createWorld,
  enterMeeting,
  guestByApi,
  guestLink,
  openPanel,
  signedInContext,
  type Auth,
} from './meeting-helpers';
import { meetingSuite } from './support/meeting-suite';

const suite = meetingSuite();

const micButton = (page: Page) => page.getByRole('button', { name: 'マイク', exact: true });

describe('the owner mutes all and announces', () => {
  it('forces both guests’ microphones off, not the owner’s, and shows the announcement to both', async () => {
    const { url } = suite.server;
    const worldId = await createWorld(url, suite.owner.auth, 'E2E 全員ミュート');
    const link = await guestLink(url, suite.owner.auth, worldId);
    const open = async (person: { auth: Auth; userId: string }) => {
      const context = await signedInContext(suite.browser, person.auth, person.userId, {
        viewport: { width: 1000, height: 900 },
      });
      const page = await context.newPage();
      await enterMeeting(page, url, worldId);
      return page;
    };
    const guests = [
      await open(await guestByApi(url, link.token, 'ゲスト一')),
      await open(await guestByApi(url, link.token, 'ゲスト二')),
    ];
    const owner = await open(suite.owner);
    await openPanel(owner, '管理');
    await owner.getByRole('heading', { name: '参加者 3人' }).waitFor({ timeout: 20_000 });
    for (const guest of guests)
      await expect.poll(() => micButton(guest).getAttribute('aria-pressed')).toBe('true');

    await owner.getByRole('button', { name: '全員のマイクをオフ' }).click();
    for (const guest of guests) {
      await guest.getByText('管理者によりオフにされています').waitFor({ timeout: 15_000 });
      await expect.poll(() => micButton(guest).getAttribute('aria-pressed')).toBe('false');
      expect(await micButton(guest).isDisabled()).toBe(true);
    }
    expect(await micButton(owner).getAttribute('aria-pressed')).toBe('true');
    await owner
      .getByRole('group', { name: 'ゲスト一さんの操作' })
      .getByRole('button', { name: 'マイクの強制オフを解除' })
      .waitFor({ timeout: 15_000 });

    await owner.getByLabel(/^すべてのスペースに表示する文/).fill('まもなく第2部を始めます');
    await owner.getByRole('button', { name: 'お知らせを出す' }).click();
    for (const page of [...guests, owner])
      await page
        .getByText('📢 デモ主催者さんからのお知らせ：まもなく第2部を始めます')
        .waitFor({ timeout: 15_000 });
    await owner.getByRole('button', { name: 'お知らせを取り下げる' }).click();
    for (const guest of guests)
      await guest
        .getByText('まもなく第2部を始めます', { exact: false })
        .waitFor({ state: 'detached', timeout: 15_000 });
  }, 150_000);
});
