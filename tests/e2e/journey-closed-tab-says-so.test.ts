// Issue 26 item 9 (docs/product.md §4): a page that is closed says so (pagehide with
// navigator.sendBeacon), so the others' attendee list drops it within seconds, not after the
// heartbeat's two rounds (about 31 s by default).
import { describe, it } from 'vitest';
import {
  createWorld,
  enterMeeting,
  guestByApi,
  guestLink,
  openPanel,
  signedInContext,
} from './meeting-helpers';
import { meetingSuite, signedInOwner } from './support/meeting-suite';

const suite = meetingSuite();

describe('a closed tab says so', () => {
  it('leaves the owner’s attendee list within a few seconds of closing', async () => {
    const { url } = suite.server;
    const worldId = await createWorld(url, suite.owner.auth, 'E2E 閉じたタブ');
    const link = await guestLink(url, suite.owner.auth, worldId);
    const guest = await guestByApi(url, link.token, '閉じる人');
    const guestContext = await signedInContext(suite.browser, guest.auth, guest.userId);
    const guestPage = await guestContext.newPage();
    await enterMeeting(guestPage, url, worldId);

    const ownerContext = await signedInOwner(suite);
    const owner = await ownerContext.newPage();
    await enterMeeting(owner, url, worldId);
    await openPanel(owner, '参加者');
    await owner.getByRole('heading', { name: '参加者 2人' }).waitFor({ timeout: 20_000 });

    await guestPage.close({ runBeforeUnload: true });
    await owner.getByRole('heading', { name: '参加者 1人' }).waitFor({ timeout: 8_000 });
  }, 120_000);
});
