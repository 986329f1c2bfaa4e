// Issue 22 (docs/product.md §4 チャット): a watcher of the stage, in no space, writes in the world
// channel and the owner on the stage reads it; the watcher has no space channel to write in.
import type { Page } from 'playwright-core';
import { describe, it, expect } from 'vitest';
import { enterMeeting, guestByApi } from './meeting-helpers';
import { meetingSuite, ownerStreamsTheStage } from './support/meeting-suite';

const suite = meetingSuite();

const openChat = async (page: Page) => {
  await page.getByRole('button', { name: /^チャット/ }).click();
  return page.getByRole('navigation', { name: 'チャンネル' });
};

describe('a watcher chats in the world', () => {
  it('writes in the world channel while watching the stage', async () => {
    const { url, worldId, link, owner, open } = await ownerStreamsTheStage(
      suite,
      'E2E 視聴チャット',
    );
    const watcher = await open(await guestByApi(url, link.token, '視聴チャット'));
    await enterMeeting(watcher, url, worldId);
    await watcher.getByRole('button', { name: '視聴する' }).click({ timeout: 15_000 });
    await watcher.getByText('視聴中です。', { exact: false }).waitFor({ timeout: 20_000 });

    const channels = await openChat(watcher);
    await channels.getByRole('button', { name: /^ワールド全体/ }).waitFor({ timeout: 15_000 });
    expect(await channels.getByRole('button', { name: /^ステージ/ }).count()).toBe(0);
    const box = watcher.getByRole('textbox', { name: /^メッセージ/ });
    await box.fill('配信、よく見えています');
    await box.press('Enter');

    await openChat(owner);
    await owner.getByRole('log').getByText('配信、よく見えています').waitFor({ timeout: 15_000 });
  }, 120_000);
});
