import { describe, expect, it } from 'vitest';
import { api } from './support/api';
import { reserveDates } from './support/reserve';
import { meetingSuite } from './support/meeting-suite';
import {
  createWorld,
  enterMeeting,
  guestByApi,
  guestLink,
  signedInContext,
  type Auth,
  openPanel,
} from './meeting-helpers';

// Journey (issue 15): three guests enter a world of capacity 3 and close their tabs without
// leaving; within two heartbeats the world counts 0 and a new guest gets in.
const heartbeatSeconds = 2;
const suite = meetingSuite({ REALTIME_HEARTBEAT_SECONDS: String(heartbeatSeconds) });

/** A reserved date of capacity 3 that starts in a few seconds, waited for. */
async function reserveCapacityThree(baseUrl: string, auth: Auth, worldId: string) {
  const start = Date.now() + 4_000;
  await reserveDates(baseUrl, auth, worldId, [{ start, minutes: 60, capacity: 3 }]);
  await new Promise((r) => setTimeout(r, start - Date.now() + 200));
}

describe('journey: guests who close their tabs free their places', () => {
  it('three guests close their tabs; within two heartbeats the world counts 0 and a new guest enters', async () => {
    const { url } = suite.server;
    const worldId = await createWorld(url, suite.owner.auth, 'E2E 閉じたタブ');
    await reserveCapacityThree(url, suite.owner.auth, worldId);
    const entrance = await api(url, `/api/mypage/worlds/${worldId}/instant_entrances`, {
      method: 'POST',
      headers: suite.owner.auth,
      body: { label: '受付' },
    });
    const token = new URL(entrance.json.url as string).searchParams.get('token')!;
    const right = async () =>
      (
        await api(
          url,
          `/api/worlds/${worldId}/my_instant_enter_access_right?token=${encodeURIComponent(token)}`,
        )
      ).json as { available: boolean; capacity: number; currentAttendees: number };
    expect(await right()).toMatchObject({ available: true, capacity: 3, currentAttendees: 0 });

    const link = await guestLink(url, suite.owner.auth, worldId);
    const contexts = [];
    for (const name of ['ゲスト一', 'ゲスト二', 'ゲスト三']) {
      const guest = await guestByApi(url, link.token, name);
      const context = await signedInContext(suite.browser, guest.auth, guest.userId);
      const page = await context.newPage();
      await enterMeeting(page, url, worldId);
      await page.getByRole('region', { name: /参加者 \d+人/ }).waitFor({ timeout: 20_000 });
      contexts.push(context);
    }
    expect(await right()).toMatchObject({ available: false, reason: 'full', currentAttendees: 3 });

    // Closing the tabs, not 退出.
    const closedAt = Date.now();
    for (const context of contexts) await context.close();
    await expect
      .poll(async () => (await right()).currentAttendees, { timeout: 4 * heartbeatSeconds * 1000 })
      .toBe(0);
    expect(Date.now() - closedAt).toBeLessThanOrEqual(2 * heartbeatSeconds * 1000 + 500);

    const visitorContext = await suite.browser.newContext({
      viewport: { width: 375, height: 800 },
    });
    const visitor = await visitorContext.newPage();
    await visitor.goto(`${url}/worlds/${worldId}/instantEnter?token=${token}`);
    await visitor.getByText('（現在 0人 / 定員 3人）', { exact: false }).waitFor();
    await visitor.getByRole('textbox', { name: 'お名前' }).fill('新しいゲスト');
    await visitor.getByRole('button', { name: '入場する' }).click();
    await visitor.waitForURL(`${url}/worlds/${worldId}/gate`);
    await enterMeeting(visitor, url, worldId);
    await openPanel(visitor, '参加者');
    await visitor.getByRole('heading', { name: '参加者 1人' }).waitFor({ timeout: 20_000 });
    await visitorContext.close();
  });
});
