import { describe, expect, it } from 'vitest';
import { api } from './support/api';
import { meetingSuite, signedInOwner } from './support/meeting-suite';
import { createWorld, enterMeeting, guestLink } from './meeting-helpers';

// Journey (issue 15, Deliver 3; docs/product.md §2 入場ページの案内): the guide text and badges the
// owner saved are what a guest opening a guest link reads and picks before entering; the badge
// picked is then shown on the guest's row of the meeting's attendees (ADR 016). The gate's
// ワールドの案内 (issue 29) counts who is in.
const suite = meetingSuite();
const GUIDE = '開場は19時です。\n受付でお名前をお伝えください。';

describe('journey: a guest reads the enter guide and picks a badge', () => {
  it('the owner saves a guide and badges; the guest link shows them, and the guest enters with one', async () => {
    const { url } = suite.server;
    const worldId = await createWorld(url, suite.owner.auth, 'E2E 入場ページの案内');
    const base = `/api/mypage/worlds/${worldId}`;
    const saved = await api(url, `${base}/enter_guest_editable_introductions`, {
      method: 'POST',
      headers: suite.owner.auth,
      body: { body: GUIDE, imageUrl: null },
    });
    expect(saved.status, JSON.stringify(saved.json)).toBeLessThan(300);
    const badges = await api(url, `${base}/enter_guest_editable_badges`, {
      method: 'POST',
      headers: suite.owner.auth,
      body: {
        items: [
          { label: '登壇者', color: '#d1242f' },
          { label: '協賛', color: '#0969da' },
        ],
      },
    });
    expect(badges.status, JSON.stringify(badges.json)).toBeLessThan(300);
    const link = await guestLink(url, suite.owner.auth, worldId);

    const context = await suite.browser.newContext({ viewport: { width: 375, height: 800 } });
    const guest = await context.newPage();
    await guest.goto(link.url);
    const guide = guest.getByRole('region', { name: 'ご案内' });
    // Line breaks kept, nothing else added.
    await expect.poll(() => guide.locator('p').innerText(), { timeout: 15_000 }).toBe(GUIDE);
    const group = guest.getByRole('group', { name: 'バッジ（任意）' });
    expect(await group.getByRole('radio', { name: 'なし' }).isChecked()).toBe(true);
    await group.getByRole('radio', { name: '協賛' }).check();
    await guest.getByLabel(/^お名前/).fill('案内を読んだゲスト');
    await guest.screenshot({ path: 'test-results/enter-guide-journey.png', fullPage: true });
    await guest.getByRole('button', { name: '入場する' }).click();
    await guest.waitForURL(`${url}/worlds/${worldId}/gate`);

    // The gate tells who hosts the world and that nobody is in yet (docs/product.md, "Gate").
    const outline = guest.getByRole('region', { name: 'ワールドの案内' });
    await outline.getByText('主催: デモ主催者・メンバー').waitFor();
    await outline.getByText(/^いま 0人が参加しています（定員 \d+人）$/).waitFor();
    await guest.screenshot({ path: 'test-results/gate-outline-375.png', fullPage: true });

    // In the meeting, the owner's attendee list shows the guest with the badge, in words.
    await enterMeeting(guest, url, worldId);
    const ownerContext = await signedInOwner(suite);
    const owner = await ownerContext.newPage();
    // The owner's gate counts the guest inside.
    await owner.goto(`${url}/worlds/${worldId}/gate`);
    await owner
      .getByRole('region', { name: 'ワールドの案内' })
      .getByText(/^いま 1人が参加しています/)
      .waitFor();
    await enterMeeting(owner, url, worldId);
    const attendees = owner.getByRole('region', { name: /^参加者/ });
    const row = attendees.getByRole('listitem', { name: '案内を読んだゲスト（ゲスト・協賛）' });
    await row.waitFor({ timeout: 30_000 });
    expect(await row.getByText('協賛', { exact: true }).isVisible()).toBe(true);
    await attendees.screenshot({ path: 'test-results/enter-guide-badge-in-attendees.png' });
    await ownerContext.close();
    await context.close();
  }, 120_000);
});
