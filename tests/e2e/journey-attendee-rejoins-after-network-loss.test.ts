import type { WebSocketRoute } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { meetingSuite } from './support/meeting-suite';
import {
  createWorld,
  decodedFrames,
  enterMeeting,
  guestByApi,
  guestLink,
  ownerSession,
  signedInContext,
} from './meeting-helpers';
import { api } from './support/api';

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

    const ownerContext = await signedInContext(suite.browser, suite.owner.auth, suite.owner.userId);
    const owner = await ownerContext.newPage();
    await enterMeeting(owner, url, worldId);
    const attendees = owner.getByRole('region', { name: /参加者 \d+人/ });
    await owner.getByRole('heading', { name: '参加者 2人' }).waitFor({ timeout: 20_000 });
    await attendees.getByText(GUEST).waitFor();

    // The network goes: the socket is cut and cannot come back for more than two heartbeats.
    online = false;
    for (const ws of live) await ws.close();
    live.clear();
    // The server ends the attendance (the meeting keeps the owner alone), and the row goes.
    // Looked at only then: while the socket is merely gone, the row may come and go as the
    // page learns the guest's name from the meeting or from presence.
    const reader = await ownerSession(url);
    const attendeesNow = async () => {
      const res = await api(url, `/api/worlds/${worldId}/chime_meetings`, { headers: reader.auth });
      return (res.json.items as { attendeeCount: number }[])[0]?.attendeeCount;
    };
    await expect.poll(attendeesNow, { timeout: 4 * heartbeatSeconds * 1000 }).toBe(1);
    await owner.getByRole('heading', { name: '参加者 1人' }).waitFor({ timeout: 10_000 });
    await expect.poll(() => attendees.getByText(GUEST).count(), { timeout: 10_000 }).toBe(0);

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
