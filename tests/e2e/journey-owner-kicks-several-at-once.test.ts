import { describe, expect, it } from 'vitest';
import { meetingSuite, signedInOwner } from './support/meeting-suite';
import {
  createWorld,
  enterMeeting,
  guestByApi,
  guestLink,
  openPanel,
  signedInContext,
} from './meeting-helpers';

// Journey (issue 29, batch kick): the owner chooses two guests in the 参加者 panel, by pointer and
// by keyboard, and removes both with one confirmation; each guest sees what a kick shows.
const suite = meetingSuite();

describe('journey: the owner removes several attendees at once', () => {
  it('chooses two guests and removes both with one confirmation', async () => {
    const { url } = suite.server;
    const worldId = await createWorld(url, suite.owner.auth, 'E2E まとめて退出');
    const link = await guestLink(url, suite.owner.auth, worldId);
    const ownerContext = await signedInOwner(suite);
    const owner = await ownerContext.newPage();
    await enterMeeting(owner, url, worldId);

    const guests = [];
    for (const name of ['ゲスト一郎', 'ゲスト二郎']) {
      const guest = await guestByApi(url, link.token, name);
      const context = await signedInContext(suite.browser, guest.auth, guest.userId, {
        viewport: { width: 375, height: 740 },
      });
      const page = await context.newPage();
      await enterMeeting(page, url, worldId);
      guests.push({ context, page });
    }
    await openPanel(owner, '管理');
    await owner.getByRole('heading', { name: '参加者 3人' }).waitFor({ timeout: 20_000 });

    // Nothing chosen: nothing to remove.
    const batch = owner.getByRole('button', { name: /^選んだ.*退出させる…$/ });
    expect(await batch.isDisabled()).toBe(true);
    await owner.getByRole('checkbox', { name: 'ゲスト一郎さんを選ぶ' }).check();
    // The second by keyboard: Tab reaches the box, Space ticks it.
    const second = owner.getByRole('checkbox', { name: 'ゲスト二郎さんを選ぶ' });
    await second.focus();
    await owner.keyboard.press('Space');
    expect(await second.isChecked()).toBe(true);

    await owner.getByRole('button', { name: '選んだ2人を退出させる…' }).click();
    const dialog = owner.getByRole('dialog', { name: '2人を会議から退出させますか？' });
    await dialog.getByText('ゲスト一郎さん').waitFor();
    await dialog.getByText('ゲスト二郎さん').waitFor();
    await dialog.getByRole('button', { name: '退出させる' }).click();

    for (const { page } of guests) {
      await page
        .getByRole('heading', { name: '会議から退出させられました' })
        .waitFor({ timeout: 15_000 });
      expect(await page.getByRole('button', { name: 'もう一度参加する' }).count()).toBe(0);
    }
    await owner.getByRole('status').getByText('2人を会議から退出させました。').waitFor();
    await owner.getByRole('heading', { name: '参加者 1人' }).waitFor({ timeout: 15_000 });
    expect(await owner.getByRole('checkbox').count()).toBe(0);

    for (const { context } of guests) await context.close();
    await ownerContext.close();
  });
});
