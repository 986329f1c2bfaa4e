import { describe, expect, it } from 'vitest';
import { mailMatch } from './support/accounts';
import { api } from './support/api';
import { meetingSuite } from './support/meeting-suite';
import { createWorld } from './meeting-helpers';

// Journey (issue 15, Deliver 7): an event registrant's mailed entry link works on every device
// until the event ends, and fills in the name given at registration.
const suite = meetingSuite();
const NAME = '登録 太郎';

describe("journey: a registrant's link works on every device", () => {
  it('opens the mailed entry link on a phone, a laptop and the phone again: each enters under the registered name', async () => {
    const { url } = suite.server;
    const worldId = await createWorld(url, suite.owner.auth, 'E2E 登録者のリンク');
    const hours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();
    const event = await api(url, `/api/mypage/worlds/${worldId}/event_announcements`, {
      method: 'POST',
      headers: suite.owner.auth,
      body: {
        title: '登録者の交流会',
        body: 'ワールドで会いましょう',
        startAt: hours(1),
        endAt: hours(3),
        capacity: 30,
        publishedAt: new Date().toISOString(),
        registrationOpen: true,
      },
    });
    expect(event.status, JSON.stringify(event.json)).toBe(201);
    const email = `registrant-${Date.now()}@example.com`;
    const registered = await api(
      url,
      `/api/event_announcements/${event.json.id}/registered_emails`,
      {
        method: 'POST',
        body: { email, name: NAME, botToken: 'unused' },
      },
    );
    expect(registered.status, JSON.stringify(registered.json)).toBe(201);
    const [, token] = await mailMatch(url, email, /[?&]token=([A-Za-z0-9_-]+)/);
    const confirmed = await api(
      url,
      `/api/event_announcements/${event.json.id}/registered_email_confirmations`,
      { method: 'POST', body: { token } },
    );
    expect(confirmed.status, JSON.stringify(confirmed.json)).toBe(200);
    const enterUrl = confirmed.json.enterUrl as string;

    // A phone, then a laptop, then the phone again: each opens the same link and gets in.
    for (const viewport of [
      { width: 375, height: 800 },
      { width: 1100, height: 800 },
      { width: 375, height: 800 },
    ]) {
      const device = await suite.browser.newContext({ viewport });
      const page = await device.newPage();
      await page.goto(enterUrl);
      const name = page.getByLabel(/^お名前/);
      await expect.poll(() => name.inputValue(), { timeout: 15_000 }).toBe(NAME);
      await page.getByRole('button', { name: '入場する' }).click();
      await page.waitForURL(`${url}/worlds/${worldId}/gate`);
      await device.close();
    }
  }, 120_000);
});
