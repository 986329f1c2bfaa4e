import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { meetingSuite } from './support/meeting-suite';
import {
  createWorld,
  enterMeeting,
  guestByApi,
  guestLink,
  signedInContext,
} from './meeting-helpers';

// Issue 22, chat moderation (docs/product.md §4 チャット, ADR 029): the owner deletes a message
// (削除されたメッセージ for everyone), mutes a guest, who is told; a direct message reaches only its
// person; a reload keeps the history and the unread count; the owner's CSV keeps the Japanese.
const suite = meetingSuite();

const [ICHIRO, JIRO] = ['発言一郎', '発言二郎'];

const channel = (page: Page, name: string) =>
  page
    .getByRole('navigation', { name: 'チャンネル' })
    .getByRole('button', { name: new RegExp(`^${name}`) });
const log = (page: Page) => page.getByRole('log');
const composer = (page: Page) => page.getByRole('textbox', { name: /^メッセージ/ });

async function say(page: Page, text: string) {
  await composer(page).fill(text);
  await composer(page).press('Enter');
  await log(page).getByText(text).waitFor({ timeout: 15_000 });
}

async function openChat(page: Page) {
  await page.getByRole('button', { name: /^チャット/ }).click();
  await channel(page, 'ワールド全体').waitFor({ timeout: 15_000 });
}

describe('journey: the owner moderates the chat', () => {
  it('deletes a message, mutes a guest who is told, keeps DMs private, and exports the chat', async () => {
    const { url } = suite.server;
    const worldId = await createWorld(url, suite.owner.auth, 'E2E チャット管理');
    const { token } = await guestLink(url, suite.owner.auth, worldId);
    const pageOf = async (auth: Parameters<typeof signedInContext>[1], userId: string) => {
      const context = await signedInContext(suite.browser, auth, userId);
      const page = await context.newPage();
      await enterMeeting(page, url, worldId);
      await openChat(page);
      return page;
    };
    const [g1, g2] = await Promise.all([
      guestByApi(url, token, ICHIRO),
      guestByApi(url, token, JIRO),
    ]);
    const [owner, ichiro, jiro] = await Promise.all([
      pageOf(suite.owner.auth, suite.owner.userId),
      pageOf(g1.auth, g1.userId),
      pageOf(g2.auth, g2.userId),
    ]);

    await say(ichiro, '=HYPERLINK("https://example.com")');
    await say(ichiro, 'これは消されるメッセージです');
    await log(owner).getByText('これは消されるメッセージです').waitFor({ timeout: 15_000 });
    await log(owner)
      .getByRole('listitem')
      .filter({ hasText: 'これは消されるメッセージです' })
      .getByRole('button', { name: /^削除/ })
      .click();
    for (const page of [ichiro, jiro]) {
      await log(page).getByText('削除されたメッセージ').waitFor({ timeout: 15_000 });
      expect(await log(page).getByText('これは消されるメッセージです').count()).toBe(0);
    }

    // 二郎 writes to 一郎 alone; the owner has no such channel.
    await log(jiro)
      .getByRole('button', { name: `${ICHIRO}さんにDMを送る` })
      .first()
      .click();
    await say(jiro, 'ここだけの話です');
    await expect
      .poll(() => channel(ichiro, `DM: ${JIRO}`).textContent(), { timeout: 15_000 })
      .toContain('1件の未読');
    expect(await channel(owner, `DM: `).count()).toBe(0);

    // A reload keeps the history and the unread count (kept on the server).
    await ichiro.reload();
    await enterMeeting(ichiro, url, worldId);
    await openChat(ichiro);
    await log(ichiro).getByText('削除されたメッセージ').waitFor({ timeout: 15_000 });
    await expect
      .poll(() => channel(ichiro, `DM: ${JIRO}`).textContent(), { timeout: 15_000 })
      .toContain('1件の未読');

    // The owner mutes 一郎, who is told and can no longer write.
    await log(owner)
      .getByRole('button', { name: `${ICHIRO}さんの発言を止める` })
      .first()
      .click();
    await ichiro
      .getByRole('status')
      .filter({ hasText: 'オーナーまたはスタッフがあなたのチャットでの発言を止めました。' })
      .waitFor({ timeout: 15_000 });
    await ichiro
      .getByRole('status')
      .filter({ hasText: 'チャットでの発言を止められています。' })
      .waitFor();
    expect(await composer(ichiro).count()).toBe(0);

    // The owner downloads the chat: UTF-8 with BOM, CRLF, Japanese intact, formula-safe, no DM.
    await owner.getByText('チャットの管理').click();
    const [download] = await Promise.all([
      owner.waitForEvent('download'),
      owner.getByRole('button', { name: 'CSVをダウンロード' }).click(),
    ]);
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = bytes.subarray(3).toString('utf8');
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('日時,チャンネル,送信者,役割,バッジ,メッセージ');
    expect(csv).toContain(`ワールド全体,${ICHIRO},ゲスト,,"'=HYPERLINK(""https://example.com"")"`);
    expect(csv).toContain('削除されたメッセージ');
    expect(csv).not.toContain('ここだけの話です');
    expect(download.suggestedFilename()).toBe('E2E チャット管理_チャット.csv');
  });
});
