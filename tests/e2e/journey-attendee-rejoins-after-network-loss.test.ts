import type { WebSocketRoute } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { meetingSuite, signedInOwner } from './support/meeting-suite';
import {
  createWorld,
  decodedFrames,
  enterMeeting,
  guestByApi,
  guestLink,
  signedInContext,
} from './meeting-helpers';

// Journey (issue 15, ADR 016): an attendee whose realtime socket is gone longer than two
// heartbeats has ended their attendance (their row disappears for everyone); when the network
// comes back, their page finds it out and rejoins the same space, without a reload.
const heartbeatSeconds = 2;
const suite = meetingSuite({ REALTIME_HEARTBEAT_SECONDS: String(heartbeatSeconds) });
const GUEST = '回線が切れる来場者';

describe('journey: an attendee rejoins after losing the network', () => {
  it('the attendance ends while the socket is gone; back online, the attendee is in the meeting again', async () => {
    const { url } = suite.server;
    const worldId = await createWorld(url, suite.owner.auth, 'E2E 回線断からの再入場');
    const link = await guestLink(url, suite.owner.auth, worldId);
    const guest = await guestByApi(url, link.token, GUEST);
    const guestContext = await signedInContext(suite.browser, guest.auth, guest.userId);
    const attendee = await guestContext.newPage();

    // The realtime socket through a switch: online passes it to the server, offline cuts it.
    let online = true;
    const live = new Set<WebSocketRoute>();
    await attendee.routeWebSocket(/\/api\/realtime/, (ws) => {
      if (!online) {
        void ws.close();
        return;
      }
      ws.connectToServer();
      live.add(ws);
    });
    await enterMeeting(attendee, url, worldId);

    const ownerContext = await signedInOwner(suite);
    const owner = await ownerContext.newPage();
    await enterMeeting(owner, url, worldId);
    const attendees = owner.getByRole('region', { name: /参加者 \d+人/ });
    await owner.getByRole('heading', { name: '参加者 2人' }).waitFor({ timeout: 20_000 });
    await attendees.getByText(GUEST).waitFor();

    // The network goes: the socket is cut and cannot come back for more than two heartbeats.
    online = false;
    for (const ws of live) await ws.close();
    live.clear();
    // The row stays while the socket is merely gone and goes once, with the attendance: the list
    // is the server's attendance, so when it says 1人 the guest is not listed (the panel once
    // listed rows by realtime presence until the attendance answered, and a row came and went).
    await owner
      .getByRole('heading', { name: '参加者 1人' })
      .waitFor({ timeout: 4 * heartbeatSeconds * 1000 });
    expect(await attendees.getByText(GUEST).count()).toBe(0);

    // Back online: the page reconnects, finds its attendance ended, and joins again.
    online = true;
    await owner.getByRole('heading', { name: '参加者 2人' }).waitFor({ timeout: 30_000 });
    await attendees.getByText(GUEST).waitFor();
    expect(attendee.url()).toBe(`${url}/worlds/${worldId}`);
    await attendee.getByRole('button', { name: '退出する' }).waitFor();
    await expect
      .poll(() => decodedFrames(owner, `${GUEST}さんのカメラ`), { timeout: 30_000 })
      .toBeGreaterThan(0);
    await attendee.screenshot({ path: 'test-results/rejoined-after-network-loss.png' });
    await guestContext.close();
    await ownerContext.close();
  }, 120_000);
});
