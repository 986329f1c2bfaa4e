import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { calendarMessages } from '../../server/calendar/rules';
import { worldMembers } from '../../server/db/schema';
import { useTestServer } from './support/app';
import { checkoutCalls } from './support/checkout';
import { testDbKind } from './support/database';

const t = useTestServer();

/** A cart item as createCalendarDate takes it (eventAnnouncementId left out). */
function holdable({
  startAt,
  endAt,
  capacity,
  isRehearsal,
}: ReturnType<ReturnType<typeof checkoutCalls>['item']>) {
  return { startAt, endAt, capacity, isRehearsal };
}
const api = checkoutCalls(t);

describe(`calendar dates on ${testDbKind}`, () => {
  it('holds a date, refuses an overlapping one (409), lists by range, shows, updates and releases it', async () => {
    const { headers } = await api.owner();
    const world = await api.world(headers);
    const url = `/api/mypage/worlds/${world.id}/calendar_dates`;
    const item = holdable(api.item(24));
    const held = await t.app.inject({ method: 'POST', url, headers, payload: item });
    expect(held.statusCode, held.body).toBe(201);
    expect(held.json()).toMatchObject({
      status: 'pending',
      paymentHistory: null,
      paidByFixed: false,
      isRehearsal: false,
      capacity: 20,
    });
    const clash = await t.app.inject({ method: 'POST', url, headers, payload: item });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({ errors: [calendarMessages.overlap] });
    const later = await t.app.inject({
      method: 'POST',
      url,
      headers,
      payload: { ...api.item(72), eventAnnouncementId: undefined },
    });
    expect(later.statusCode).toBe(201);

    const start = new Date(item.startAt);
    const inRange = await api.dates(
      headers,
      world.id,
      `?from=${encodeURIComponent(new Date(start.getTime() - 3_600_000).toISOString())}&to=${encodeURIComponent(new Date(start.getTime() + 86_400_000).toISOString())}`,
    );
    expect(inRange.json().items.map((d: { id: string }) => d.id)).toEqual([held.json().id]);
    expect((await api.dates(headers, world.id)).json().items).toHaveLength(2);

    const id = held.json().id as string;
    const eventAnnouncementId = await api.announcement(headers, world.id);
    const updated = await t.app.inject({
      method: 'PATCH',
      url: `${url}/${id}`,
      headers,
      payload: { isRehearsal: true, eventAnnouncementId },
    });
    expect(updated.json()).toMatchObject({ id, isRehearsal: true, eventAnnouncementId });
    expect(
      (await t.app.inject({ method: 'GET', url: `${url}/${id}`, headers })).json(),
    ).toMatchObject({ id, isRehearsal: true });
    // Not reserved: not a reserved date.
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/mypage/worlds/${world.id}/reserved_calendar_dates/${id}`,
          headers,
        })
      ).statusCode,
    ).toBe(404);

    expect(
      (await t.app.inject({ method: 'DELETE', url: `${url}/${id}`, headers })).statusCode,
    ).toBe(204);
    expect((await api.dates(headers, world.id, '?status=cancelled')).json().items).toMatchObject([
      { id, status: 'cancelled' },
    ]);
    expect((await t.app.inject({ method: 'POST', url, headers, payload: item })).statusCode).toBe(
      201,
    );
    const gone = await t.app.inject({
      method: 'PATCH',
      url: `${url}/${id}`,
      headers,
      payload: { isRehearsal: false },
    });
    expect(gone.statusCode).toBe(422);
    expect(
      (await t.app.inject({ method: 'GET', url: `${url}/${randomUUID()}`, headers })).statusCode,
    ).toBe(404);
  });

  it('shows a reserved date and ties it to an event announcement', async () => {
    const { headers } = await api.owner();
    const world = await api.world(headers);
    const card = await api.card(headers);
    const paid = await api.pay(headers, world.id, card.id, [api.item(24)]);
    const id = paid.json().calendarDates[0].id as string;
    const url = `/api/mypage/worlds/${world.id}/reserved_calendar_dates/${id}`;
    const shown = await t.app.inject({ method: 'GET', url, headers });
    expect(shown.json()).toMatchObject({
      id,
      status: 'reserved',
      eventAnnouncementId: null,
      paymentHistory: { total: 3300 },
    });
    const eventAnnouncementId = await api.announcement(headers, world.id);
    const tied = await t.app.inject({
      method: 'PATCH',
      url,
      headers,
      payload: { eventAnnouncementId },
    });
    expect(tied.statusCode, tied.body).toBe(200);
    expect(tied.json()).toMatchObject({ id, eventAnnouncementId, status: 'reserved' });
  });

  it('lets staff read the calendar but not change it; other users get 404', async () => {
    const owner = await api.owner();
    const world = await api.world(owner.headers);
    const staff = await api.owner();
    await t.database.db
      .insert(worldMembers)
      .values({ worldId: world.id, userId: staff.id, role: 'staff' });
    const stranger = await api.owner();
    const url = `/api/mypage/worlds/${world.id}/calendar_dates`;
    const item = holdable(api.item(24));
    expect((await api.dates(staff.headers, world.id)).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url, headers: staff.headers, payload: item }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: `${url}/refresh`, headers: staff.headers }))
        .statusCode,
    ).toBe(403);
    expect((await api.dates(stranger.headers, world.id)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url, headers: stranger.headers, payload: item }))
        .statusCode,
    ).toBe(404);
  });
});
