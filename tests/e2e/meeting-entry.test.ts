import { describe, expect, it } from 'vitest';
import { api } from './support/api';
import { meetingSuite, signedInOwner } from './support/meeting-suite';
import {
  createWorld,
  enterMeeting,
  guestByApi,
  guestLink,
  signedInContext,
  openPanel,
} from './meeting-helpers';

const suite = meetingSuite();

describe('entering a world meeting', () => {
  it('explains a refused camera and microphone and lets the visitor join listen-only on a phone', async () => {
    const worldId = await createWorld(suite.server.url, suite.owner.auth, 'E2E 聞くだけ');
    const link = await guestLink(suite.server.url, suite.owner.auth, worldId);
    const guest = await guestByApi(suite.server.url, link.token, '聞くだけの人');
    const context = await signedInContext(suite.browser, guest.auth, guest.userId, {
      viewport: { width: 375, height: 740 },
    });
    // The visitor said "block" in the browser's prompt.
    await context.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () =>
        Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    });
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/worlds/${worldId}/gate`);

    await page
      .getByRole('heading', { name: 'カメラとマイクを使えません' })
      .waitFor({ timeout: 15_000 });
    await page.getByText('聞くだけで参加することもできます').waitFor();
    await page.getByRole('button', { name: 'マイク・カメラなしで参加' }).click();
    await page.waitForURL(`${suite.server.url}/worlds/${worldId}`);
    await openPanel(page, '参加者');
    await page.getByRole('heading', { name: '参加者 1人' }).waitFor({ timeout: 15_000 });
    const mic = page.getByRole('button', { name: 'マイク', exact: true });
    expect(await mic.isDisabled()).toBe(true);
    await page.getByText('マイクが使えません').waitFor();
    // Nothing wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await context.close();
  });

  it('refuses a ninth attendee outside a reserved date with the server message', async () => {
    const worldId = await createWorld(suite.server.url, suite.owner.auth, 'E2E 満員');
    const world = await api(suite.server.url, `/api/worlds/${worldId}`, {
      headers: suite.owner.auth,
    });
    const spaceId = world.json.mainSpaceId as string;
    const link = await guestLink(suite.server.url, suite.owner.auth, worldId);
    for (let i = 1; i <= 8; i++) {
      const guest = await guestByApi(suite.server.url, link.token, `参加者${i}`);
      const joined = await api(suite.server.url, `/api/worlds/${worldId}/chime_meetings`, {
        method: 'POST',
        headers: guest.auth,
        body: { spaceId },
      });
      expect(joined.status).toBe(201);
    }

    const context = await signedInOwner(suite);
    const page = await context.newPage();
    await enterMeeting(page, suite.server.url, worldId);
    await page.getByRole('heading', { name: '会議に参加できません' }).waitFor({ timeout: 15_000 });
    await page.getByText('このワールドは満員です（定員8名）。').waitFor();
    await page.getByRole('button', { name: 'もう一度参加する' }).waitFor();
    await context.close();
  });

  it('sends a signed-out visitor of the gate to sign-in with the world id, but not from instant entry', async () => {
    const worldId = await createWorld(suite.server.url, suite.owner.auth, 'E2E 入口');
    const context = await suite.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/worlds/${worldId}/gate`);
    await page.waitForURL(`${suite.server.url}/signin?worldId=${worldId}`);

    await page.goto(`${suite.server.url}/worlds/${worldId}/instantEnter`);
    await page.getByRole('heading', { name: 'かんたん入場' }).waitFor();
    // Whatever the server answers (not open, not implemented on this branch), it is said on the page.
    await page
      .getByRole('alert')
      .or(page.getByLabel(/^お名前/))
      .first()
      .waitFor();
    expect(page.url()).toBe(`${suite.server.url}/worlds/${worldId}/instantEnter`);
    await context.close();
  });
});
