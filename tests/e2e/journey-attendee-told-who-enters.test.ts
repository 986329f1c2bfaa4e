import { describe, expect, it } from 'vitest';
import { meetingSuite, signedInOwner } from './support/meeting-suite';
import {
  createWorld,
  enterMeeting,
  guestByApi,
  guestLink,
  signedInContext,
} from './meeting-helpers';

const suite = meetingSuite();

describe('journey: an attendee is told who enters', () => {
  it('an attendee is told, politely and briefly, that someone entered the world', async () => {
    const { url } = suite.server;
    const worldId = await createWorld(url, suite.owner.auth, 'E2E 入場のお知らせ');
    const link = await guestLink(url, suite.owner.auth, worldId);
    const first = await guestByApi(url, link.token, '先に来た来場者');
    const firstContext = await signedInContext(suite.browser, first.auth, first.userId, {
      viewport: { width: 375, height: 800 },
    });
    const attendee = await firstContext.newPage();
    await enterMeeting(attendee, url, worldId);
    const notices = attendee.getByRole('status', { name: '入場のお知らせ' });
    await notices.waitFor({ state: 'attached' });
    expect(await notices.getAttribute('aria-live')).toBe('polite');

    const second = await guestByApi(url, link.token, 'あとから来た来場者');
    const secondContext = await signedInContext(suite.browser, second.auth, second.userId);
    const latecomer = await secondContext.newPage();
    await enterMeeting(latecomer, url, worldId);

    // Entering the world, then (once the client reports spaces) coming into this one.
    const notice = notices.getByText(
      /^あとから来た来場者さんが(入場しました|このスペースに来ました)$/,
    );
    await notice.waitFor({ timeout: 15_000 });
    await attendee.screenshot({ path: 'test-results/enter-notice.png' });
    // Nobody is told about themselves, nor about who was there before they came.
    await latecomer.getByRole('heading', { name: /^参加者 \d+人$/ }).waitFor({ timeout: 15_000 });
    expect(await latecomer.getByRole('status', { name: '入場のお知らせ' }).textContent()).toBe('');
    // The notice goes away on its own.
    await notice.waitFor({ state: 'detached', timeout: 15_000 });
    await firstContext.close();
    await secondContext.close();
  });

  it('the owner reads who came in, newest first, in 最近の入場', async () => {
    const { url } = suite.server;
    const worldId = await createWorld(url, suite.owner.auth, 'E2E 最近の入場');
    const link = await guestLink(url, suite.owner.auth, worldId);
    for (const name of ['一番目の来場者', '二番目の来場者']) {
      const guest = await guestByApi(url, link.token, name);
      const context = await signedInContext(suite.browser, guest.auth, guest.userId);
      const page = await context.newPage();
      await enterMeeting(page, url, worldId);
      await page.getByText(/^いまいる場所: /).waitFor({ timeout: 20_000 });
      await context.close();
    }
    const ownerContext = await signedInOwner(suite);
    const owner = await ownerContext.newPage();
    await owner.goto(`${url}/mypage/worlds/${worldId}`);
    await owner
      .getByRole('navigation', { name: 'ワールドの管理' })
      .getByRole('link', { name: '最近の入場' })
      .click();
    const list = owner.getByRole('list', { name: '最近の入場' });
    await list.waitFor();
    const names = await list
      .getByRole('listitem')
      .locator('.membership-item-name')
      .allTextContents();
    expect(names).toEqual(['二番目の来場者（ゲスト）', '一番目の来場者（ゲスト）']);
    await ownerContext.close();
  });
});
