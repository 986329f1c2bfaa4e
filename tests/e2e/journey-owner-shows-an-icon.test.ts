import { describe, expect, it } from 'vitest';
import { meetingSuite, signedInOwner } from './support/meeting-suite';
import { near, solidPng, topColour } from './support/pictures';
import {
  createWorld,
  enterMeeting,
  guestByApi,
  guestLink,
  signedInContext,
} from './meeting-helpers';

// docs/product.md §4 アイコン: an icon uploaded on the account page is one's avatar on the world's
// map for everyone; without one, the initials on a colour.

const suite = meetingSuite();
/** The colour of the owner's icon. */
const ICON = [0x2a, 0x9d, 0xd8];
const GIF = Buffer.from(
  '47494638396101000100800000ffffff00000021f90401000000002c00000000010001000002024401003b',
  'hex',
);

describe('journey: an owner shows an icon on the map', () => {
  it('uploads an icon on the account page, and a guest sees the owner drawn with it; removed, the initials come back', async () => {
    const { url } = suite.server;
    const ownerContext = await signedInOwner(suite);
    const owner = await ownerContext.newPage();
    await owner.goto(`${url}/mypage/account`);
    const section = owner.getByRole('region', { name: 'アイコン' });
    const input = section.getByLabel('アイコン画像を選ぶ');
    await section.getByRole('img', { name: 'アイコンなし（頭文字を表示）' }).waitFor();

    // Another type is refused before uploading, in Japanese.
    await input.setInputFiles({ name: 'anime.gif', mimeType: 'image/gif', buffer: GIF });
    await section
      .getByRole('alert')
      .getByText('アイコンには JPEG・PNG・WebP の画像を選んでください。')
      .waitFor();

    await input.setInputFiles({
      name: 'わたし.png',
      mimeType: 'image/png',
      buffer: await solidPng(owner, ICON),
    });
    await section.getByRole('status').getByText('アイコンを変更しました。').waitFor({
      timeout: 30_000,
    });
    const preview = section.getByRole('img', { name: '現在のアイコン' });
    const iconUrl = await preview.getAttribute('src');
    expect(iconUrl).toMatch(/\/files\/userIcon\//);
    expect(await section.getByRole('alert').count()).toBe(0);
    await owner.setViewportSize({ width: 375, height: 812 });
    await section.screenshot({ path: 'test-results/user-icon-account-phone.png' });

    // In the world, the guest's map draws the owner's avatar with that image.
    const worldId = await createWorld(url, suite.owner.auth, 'E2E アイコン');
    const link = await guestLink(url, suite.owner.auth, worldId);
    const guest = await guestByApi(url, link.token, 'アイコンを見るゲスト');
    const guestContext = await signedInContext(suite.browser, guest.auth, guest.userId);
    const page = await guestContext.newPage();
    await enterMeeting(owner, url, worldId);
    await enterMeeting(page, url, worldId);
    const avatar = `.world-map-canvas .map-person[data-user-id="${suite.owner.userId}"]`;
    const icon = page.locator(`${avatar} img`);
    await icon.waitFor({ timeout: 30_000 });
    expect(await icon.getAttribute('src')).toBe(iconUrl);
    expect(await icon.getAttribute('alt')).toBe('');
    await expect
      .poll(() => topColour(page, `${avatar} img`), { timeout: 15_000 })
      .toSatisfy((c: number[]) => near(c, ICON));
    // The guest has no icon: drawn with the initials.
    const guestAvatar = page.locator(
      `.world-map-canvas .map-person[data-user-id="${guest.userId}"]`,
    );
    expect(await guestAvatar.locator('img').count()).toBe(0);
    expect(await guestAvatar.textContent()).toMatch(/^ア/);
    await page.screenshot({ path: 'test-results/user-icon-on-the-map.png' });

    // Removed on the account page: gone from the page, and the initials are shown again.
    await owner.goto(`${url}/mypage/account`);
    await section.getByRole('button', { name: 'アイコンを削除' }).click();
    await section.getByRole('status').getByText('アイコンを削除しました。').waitFor();
    await section.getByRole('img', { name: 'アイコンなし（頭文字を表示）' }).waitFor();
    await guestContext.close();
    await ownerContext.close();
  }, 180_000);
});
