import { describe, expect, it } from 'vitest';
import { worldMembers } from '../../server/db/schema';
import { announcementMessages } from '../../server/events/announcements';
import { registrationMessages } from '../../server/events/registrations';
import { rateRules } from '../../server/http/rate-limit';
import { lastMailTo, uniqueEmail, useTestServer } from './support/app';
import { checkoutCalls } from './support/checkout';
import { testDbKind } from './support/database';
import { type AuthHeaders, anyIp } from './support/session';

type Announcement = {
  id: string;
  worldId: string;
  publishedAt: string | null;
  registeredCount: number;
  calendarDates: { id: string; status: string }[];
};

const t = useTestServer();
const checkout = checkoutCalls(t);

function calls() {
  const api = {
    base: (worldId: string) => `/api/mypage/worlds/${worldId}/event_announcements`,
    hours: (n: number) => new Date(t.clock.now().getTime() + n * 3_600_000).toISOString(),
    async announce(headers: AuthHeaders, worldId: string, extra: Record<string, unknown> = {}) {
      const payload = {
        title: '秋の交流会',
        body: 'ワールドで会いましょう',
        startAt: api.hours(48),
        endAt: api.hours(50),
        capacity: 30,
        ...extra,
      };
      const res = await t.app.inject({ method: 'POST', url: api.base(worldId), headers, payload });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as Announcement;
    },
    /** An owner's world with a published announcement open for registration. */
    async published(extra: Record<string, unknown> = {}) {
      const owner = await checkout.owner();
      const world = await checkout.world(owner.headers, 'オンライン展示会');
      const event = await api.announce(owner.headers, world.id, {
        publishedAt: t.clock.now().toISOString(),
        registrationOpen: true,
        ...extra,
      });
      return { owner, world, event };
    },
    register(eventId: string, email: string, name = '山田 花子', remoteAddress = anyIp()) {
      return t.app.inject({
        method: 'POST',
        url: `/api/event_announcements/${eventId}/registered_emails`,
        payload: { email, name, botToken: 'unused' },
        remoteAddress,
      });
    },
    confirm(eventId: string, token: string) {
      return t.app.inject({
        method: 'POST',
        url: `/api/event_announcements/${eventId}/registered_email_confirmations`,
        payload: { token },
        remoteAddress: anyIp(),
      });
    },
    /** Registers and answers the token of the mailed link. */
    async registered(eventId: string, email = uniqueEmail('guest')) {
      const res = await api.register(eventId, email);
      expect(res.statusCode, res.body).toBe(201);
      const mail = await lastMailTo(t.database.db, email);
      return { email, token: mail.token!, mail };
    },
  };
  return api;
}
const api = calls();

describe(`event announcements on ${testDbKind}`, () => {
  it('keeps a draft private, then shows it publicly once published, by start', async () => {
    const owner = await checkout.owner();
    const world = await checkout.world(owner.headers, 'オンライン展示会');
    const later = await api.announce(owner.headers, world.id, {
      title: '後の回',
      startAt: api.hours(72),
      endAt: api.hours(73),
    });
    const draft = await api.announce(owner.headers, world.id);
    expect(draft).toMatchObject({ publishedAt: null, registeredCount: 0, calendarDates: [] });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/event_announcements/${draft.id}` }))
        .statusCode,
    ).toBe(404);

    const list = await t.app.inject({
      method: 'GET',
      url: `${api.base(world.id)}?perPage=1`,
      headers: owner.headers,
    });
    expect(list.json()).toMatchObject({ page: 1, perPage: 1, total: 2 });
    expect(list.json().items.map((a: Announcement) => a.id)).toEqual([draft.id]);

    for (const id of [draft.id, later.id]) {
      const published = await t.app.inject({
        method: 'PATCH',
        url: `${api.base(world.id)}/${id}`,
        headers: owner.headers,
        payload: { publishedAt: t.clock.now().toISOString() },
      });
      expect(published.statusCode, published.body).toBe(200);
    }
    const shown = await t.app.inject({
      method: 'GET',
      url: `/api/event_announcements/${draft.id}`,
    });
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({
      worldName: 'オンライン展示会',
      title: '秋の交流会',
      capacity: 30,
      remainingSeats: 30,
    });
    const publicList = await t.app.inject({
      method: 'GET',
      url: `/api/event_announcements?worldId=${world.id}`,
    });
    expect(publicList.json().items.map((a: Announcement) => a.id)).toEqual([draft.id, later.id]);
  });

  it('refuses an end before the start', async () => {
    const owner = await checkout.owner();
    const world = await checkout.world(owner.headers);
    const res = await t.app.inject({
      method: 'POST',
      url: api.base(world.id),
      headers: owner.headers,
      payload: { title: 'x', startAt: api.hours(5), endAt: api.hours(4), capacity: 10 },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([announcementMessages.endBeforeStart]);
  });

  it('lets staff manage announcements; a plain member gets 403 and a stranger 404', async () => {
    const owner = await checkout.owner();
    const world = await checkout.world(owner.headers);
    const staff = await checkout.owner();
    const member = await checkout.owner();
    await t.database.db.insert(worldMembers).values([
      { worldId: world.id, userId: staff.id, role: 'staff' },
      { worldId: world.id, userId: member.id, role: 'user' },
    ]);
    const stranger = await checkout.owner();
    const created = await api.announce(staff.headers, world.id);
    expect(
      (await t.app.inject({ method: 'GET', url: api.base(world.id), headers: member.headers }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `${api.base(world.id)}/${created.id}`,
          headers: stranger.headers,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `${api.base(world.id)}/${created.id}`,
          headers: staff.headers,
        })
      ).statusCode,
    ).toBe(204);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `${api.base(world.id)}/${created.id}`,
          headers: owner.headers,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('registers by e-mail with a one-time link in a Japanese mail, then gives a personal guest link', async () => {
    const { owner, world, event } = await api.published();
    const res = await api.register(event.id, 'Hanako@Example.com');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: registrationMessages.mailed });
    const mail = await lastMailTo(t.database.db, 'hanako@example.com');
    const token = mail.token!;
    expect(mail.link).toBe(`http://app.test/events/${event.id}?token=${token}`);
    expect(mail.subject).toBe('【Worlds】「秋の交流会」参加登録の確認をお願いします');
    expect(mail.text).toContain('山田 花子 様');

    const confirmed = await api.confirm(event.id, token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const registration = confirmed.json();
    expect(registration).toMatchObject({
      eventAnnouncementId: event.id,
      email: 'hanako@example.com',
      name: '山田 花子',
    });
    expect(registration.enterUrl).toMatch(
      new RegExp(`^http://app\\.test/worlds/${world.id}/enterGuest\\?token=[A-Za-z0-9_-]{22}$`),
    );
    const guestToken = new URL(registration.enterUrl).searchParams.get('token');
    const info = await t.app.inject({
      method: 'GET',
      url: `/api/world_guest_tokens/${guestToken}`,
    });
    expect(info.json()).toMatchObject({ worldId: world.id, valid: true });
    expect((await lastMailTo(t.database.db, 'hanako@example.com')).text).toContain(
      registration.enterUrl,
    );

    const reused = await api.confirm(event.id, token);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().errors).toEqual([registrationMessages.usedToken]);
    const owners = await t.app.inject({
      method: 'GET',
      url: `${api.base(world.id)}/${event.id}`,
      headers: owner.headers,
    });
    expect(owners.json().registeredCount).toBe(1);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/event_announcements/${event.id}` })).json()
        .remainingSeats,
    ).toBe(29);
  });

  it("a registrant's own link works on every device until the event ends, and knows the name", async () => {
    const { event } = await api.published();
    const { token } = await api.registered(event.id);
    const confirmed = await api.confirm(event.id, token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const guestToken = new URL(confirmed.json().enterUrl).searchParams.get('token')!;
    const info = () =>
      t.app.inject({ method: 'GET', url: `/api/world_guest_tokens/${guestToken}` });
    const enter = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/world_guest_tokens/${guestToken}`,
        payload: { name: '山田 花子', botToken: 'unused' },
        remoteAddress: anyIp(),
      });

    // The name given at registration is there for the enter-guest page to fill in.
    expect((await info()).json()).toMatchObject({ valid: true, guestName: '山田 花子' });
    // A phone, a laptop, the phone again: each entry is let in.
    for (let device = 0; device < 3; device++) {
      const entered = await enter();
      expect(entered.statusCode, entered.body).toBeLessThan(300);
    }
    expect((await info()).json()).toMatchObject({ valid: true });

    // The event's end closes it (it ends 50 hours from now).
    t.clock.advance(51 * 3600);
    expect((await info()).json()).toMatchObject({ valid: false });
    expect((await enter()).statusCode).toBeGreaterThanOrEqual(400);
  });

  it('answers the same for an address already registered, and tells its owner by mail', async () => {
    const { event } = await api.published();
    const first = await api.registered(event.id);
    expect((await api.confirm(event.id, first.token)).statusCode).toBe(200);
    const again = await api.register(event.id, first.email);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual({ message: registrationMessages.mailed });
    const mail = await lastMailTo(t.database.db, first.email);
    expect(mail.subject).toBe('【Worlds】「秋の交流会」には参加登録済みです');
    expect(mail.token).toBeUndefined();
  });

  it('says clearly when a link is unknown or expired', async () => {
    const { event } = await api.published();
    const unknown = await api.confirm(event.id, 'not-a-real-token');
    expect(unknown.json().errors).toEqual([registrationMessages.invalidToken]);
    const { token } = await api.registered(event.id);
    t.clock.advance(25 * 3600);
    const expired = await api.confirm(event.id, token);
    expect(expired.statusCode).toBe(422);
    expect(expired.json().errors).toEqual([registrationMessages.expiredToken]);
  });

  it('refuses registration when closed or full, and capacity below the registrations', async () => {
    const closed = await api.published({ registrationOpen: false });
    const refused = await api.register(closed.event.id, uniqueEmail());
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual([registrationMessages.closed]);

    const { owner, world, event } = await api.published({ capacity: 2 });
    const a = await api.registered(event.id);
    const b = await api.registered(event.id);
    const c = await api.registered(event.id);
    expect((await api.confirm(event.id, a.token)).statusCode).toBe(200);
    expect((await api.confirm(event.id, b.token)).statusCode).toBe(200);
    const late = await api.confirm(event.id, c.token);
    expect(late.json().errors).toEqual([registrationMessages.full]);
    expect((await api.register(event.id, uniqueEmail())).json().errors).toEqual([
      registrationMessages.full,
    ]);
    const shrink = await t.app.inject({
      method: 'PATCH',
      url: `${api.base(world.id)}/${event.id}`,
      headers: owner.headers,
      payload: { capacity: 1 },
    });
    expect(shrink.json().errors).toEqual([announcementMessages.capacityBelowRegistered(2)]);
  });

  it('limits registration mails per address', async () => {
    const { event } = await api.published();
    const email = uniqueEmail();
    for (let i = 0; i < rateRules.eventRegistration.email.limit; i++)
      expect((await api.register(event.id, email)).statusCode).toBe(201);
    const limited = await api.register(event.id, email);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('links reserved dates only to announcements of the same world, and shows them on the announcement', async () => {
    const { owner, world, event } = await api.published();
    const other = await api.published();
    const card = await checkout.card(owner.headers);
    const foreign = await checkout.pay(owner.headers, world.id, card.id, [
      { ...checkout.item(24), eventAnnouncementId: other.event.id },
    ]);
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual([announcementMessages.notOfWorld]);

    const paid = await checkout.pay(owner.headers, world.id, card.id, [
      { ...checkout.item(24), eventAnnouncementId: event.id },
      checkout.item(72),
    ]);
    expect(paid.statusCode, paid.body).toBe(201);
    const [linked, unlinked] = paid.json().calendarDates as { id: string }[];
    const shown = (
      await t.app.inject({
        method: 'GET',
        url: `${api.base(world.id)}/${event.id}`,
        headers: owner.headers,
      })
    ).json() as Announcement;
    expect(shown.calendarDates).toEqual([
      expect.objectContaining({ id: linked!.id, status: 'reserved' }),
    ]);

    const tieForeign = await t.app.inject({
      method: 'PATCH',
      url: `/api/mypage/worlds/${world.id}/reserved_calendar_dates/${unlinked!.id}`,
      headers: owner.headers,
      payload: { eventAnnouncementId: other.event.id },
    });
    expect(tieForeign.statusCode).toBe(422);
    const tie = await t.app.inject({
      method: 'PATCH',
      url: `/api/mypage/worlds/${world.id}/reserved_calendar_dates/${unlinked!.id}`,
      headers: owner.headers,
      payload: { eventAnnouncementId: event.id },
    });
    expect(tie.statusCode, tie.body).toBe(200);

    const refused = await t.app.inject({
      method: 'DELETE',
      url: `${api.base(world.id)}/${event.id}`,
      headers: owner.headers,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual([announcementMessages.linkedToReserved]);
  });
});

describe.runIf(testDbKind === 'postgres')('event registration under concurrency', () => {
  it('gives the last seat to exactly one of two simultaneous confirmations', async () => {
    const { event } = await api.published({ capacity: 1 });
    const a = await api.registered(event.id);
    const b = await api.registered(event.id);
    const results = await Promise.all([
      api.confirm(event.id, a.token),
      api.confirm(event.id, b.token),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect(results.find((r) => r.statusCode === 422)!.json().errors).toEqual([
      registrationMessages.full,
    ]);
  });
});
