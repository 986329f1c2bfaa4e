import { describe, expect, it } from 'vitest';
import { meetingSuite } from './support/meeting-suite';
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
});
