import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { meetingAttendees, seatWaits, spaces, worldAnnouncements } from '../../server/db/schema';
import { useTestServer } from './support/app';
import { testDbKind } from './support/database';
import { connect, joinMeeting, listenWithSockets } from './support/realtime';
import type { AuthHeaders } from './support/session';
import { worldPeople } from './support/world-members';

// The world's announcement, mute all and waiting for a seat (docs/product.md §4 全体へのお知らせ,
// 全員のマイクをオフ, 空いたら知らせる; ADR 035).

const t = useTestServer();
const open = listenWithSockets(t);
const people = worldPeople(t);

const announce = (headers: AuthHeaders, worldId: string, body: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/worlds/${worldId}/announcement`,
    headers,
    payload: { body },
  });
const current = async (headers: AuthHeaders, worldId: string) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/worlds/${worldId}/announcement`, headers })
  ).json().announcement as { body: string; fromName: string } | null;

describe(`the world's announcement, on ${testDbKind}`, () => {
  it('shows staff’s announcement to everyone, later arrivals included, until it is taken down', async () => {
    const { owner, world, members } = await people.world(['staff', 'user']);
    const [staff, user] = members as [(typeof members)[0], (typeof members)[0]];
    const su = await connect(t.app, user.headers, world.id, 'user');
    open.push(su);

    const posted = await announce(staff.headers, world.id, '  10分後に第2部を始めます ');
    expect(posted.statusCode, posted.body).toBe(201);
    expect(posted.json().announcement).toMatchObject({ body: '10分後に第2部を始めます' });
    expect((await su.next('world.announcement')).announcement?.body).toBe(
      '10分後に第2部を始めます',
    );
    expect(await current(user.headers, world.id)).toMatchObject({
      body: '10分後に第2部を始めます',
    });

    const down = await t.app.inject({
      method: 'DELETE',
      url: `/api/worlds/${world.id}/announcement`,
      headers: owner.headers,
    });
    expect(down.statusCode).toBe(204);
    expect((await su.next('world.announcement')).announcement).toBeNull();
    expect(await current(user.headers, world.id)).toBeNull();
  });

  it('refuses an announcement by a guest or a member, a blank one and one of 201 characters', async () => {
    const { owner, world, members } = await people.world(['user']);
    const guest = await people.guest(world.id, owner.headers, 'ゲスト');
    const so = await connect(t.app, owner.headers, world.id, 'owner');
    open.push(so);

    const byGuest = await announce(guest.headers, world.id, 'みなさん');
    expect(byGuest.statusCode).toBe(403);
    expect(byGuest.json().errors).toEqual(['この操作を行う権限がありません。']);
    expect((await announce(members[0]!.headers, world.id, 'みなさん')).statusCode).toBe(403);
    expect((await announce(owner.headers, world.id, ' ')).json()).toEqual({
      errors: ['body: 入力してください。'],
    });
    const long = await announce(owner.headers, world.id, 'あ'.repeat(201));
    expect(long.statusCode).toBe(422);
    expect(long.json()).toEqual({ errors: ['body: 200文字以下で入力してください。'] });
    expect(
      await t.database.db
        .select()
        .from(worldAnnouncements)
        .where(eq(worldAnnouncements.worldId, world.id)),
    ).toEqual([]);
    expect(await so.none('world.announcement')).toBe(true);
  });
});

describe(`mute all, on ${testDbKind}`, () => {
  const muteAll = (headers: AuthHeaders, worldId: string, meetingId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/worlds/${worldId}/chime_meetings/${meetingId}/mute_all`,
      headers,
    });

  it('forces every other microphone off by the forced-device rule, and keeps it on a rejoin', async () => {
    const { owner, world, members, mainSpace } = await people.world(['staff', 'staff', 'user']);
    const [staff, otherStaff, user] = members as [
      (typeof members)[0],
      (typeof members)[0],
      (typeof members)[0],
    ];
    const guest = await people.guest(world.id, owner.headers, 'ゲスト');
    let meetingId = '';
    for (const p of [owner, staff, otherStaff, user, guest])
      meetingId = (await joinMeeting(t.app, p.headers, world.id, mainSpace!)).id;
    const [su, sg, so] = await Promise.all(
      [user, guest, otherStaff].map((p, i) => connect(t.app, p.headers, world.id, `m${i}`)),
    );
    open.push(su!, sg!, so!);

    const byUser = await muteAll(user.headers, world.id, meetingId);
    expect(byUser.statusCode).toBe(403);

    const muted = await muteAll(staff.headers, world.id, meetingId);
    expect(muted.statusCode, muted.body).toBe(200);
    // Staff force neither the owner nor other staff, nor themselves.
    expect([...muted.json().mutedUserIds].sort()).toEqual([user.id, guest.id].sort());
    for (const s of [su!, sg!])
      expect(await s.next('meeting.forceDevice')).toEqual({
        type: 'meeting.forceDevice',
        meetingId,
        device: 'mic',
        disabled: true,
      });
    expect(await so!.none('meeting.forceDevice')).toBe(true);
    const flags = await t.database.db
      .select({ userId: meetingAttendees.userId, mic: meetingAttendees.micForceDisabled })
      .from(meetingAttendees)
      .where(and(eq(meetingAttendees.meetingId, meetingId), isNull(meetingAttendees.leftAt)));
    expect(
      flags
        .filter((f) => f.mic)
        .map((f) => f.userId)
        .sort(),
    ).toEqual([user.id, guest.id].sort());
    expect(
      await joinMeeting<{ micForceDisabled: boolean }>(t.app, user.headers, world.id, mainSpace!),
    ).toMatchObject({
      micForceDisabled: true,
    });

    // The owner's mute all reaches staff too.
    const byOwner = await muteAll(owner.headers, world.id, meetingId);
    expect(byOwner.json().mutedUserIds).toEqual(expect.arrayContaining([staff.id, otherStaff.id]));
    expect(byOwner.json().mutedUserIds).not.toContain(owner.id);
  });
});

describe(`waiting for a seat, on ${testDbKind}`, () => {
  const wait = (headers: AuthHeaders, worldId: string, spaceId: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/worlds/${worldId}/seat_waits/${spaceId}`,
      headers,
    });

  it('tells the first one waiting when a seat of a full table frees, and only them', async () => {
    const { world, members, mainSpace } = await people.world(['user', 'user', 'user']);
    const [a, b, c] = members as [(typeof members)[0], (typeof members)[0], (typeof members)[0]];
    const [table] = await t.database.db
      .insert(spaces)
      .values({ worldId: world.id, name: '二人席', kind: 'table', capacity: 1 })
      .returning({ id: spaces.id });
    const tableId = table!.id;

    // Not full yet, and the hall is no table: nothing to wait for.
    expect((await wait(b.headers, world.id, tableId)).json()).toEqual({
      errors: ['このテーブルには空いている席があります。そのまま移動できます。'],
    });
    expect((await wait(b.headers, world.id, mainSpace!)).json()).toEqual({
      errors: ['空き待ちができるのはテーブルだけです。'],
    });
    const meeting = await joinMeeting(t.app, a.headers, world.id, tableId);
    expect((await wait(a.headers, world.id, tableId)).statusCode).toBe(422);

    const first = await wait(b.headers, world.id, tableId);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({ spaceId: tableId, position: 1 });
    expect((await wait(c.headers, world.id, tableId)).json().position).toBe(2);
    expect((await wait(b.headers, world.id, tableId)).json().position).toBe(1);
    const [sb, sc] = await Promise.all([
      connect(t.app, b.headers, world.id, 'b'),
      connect(t.app, c.headers, world.id, 'c'),
    ]);
    open.push(sb, sc);

    const left = await t.app.inject({
      method: 'POST',
      url: `/api/worlds/${world.id}/chime_meetings/${meeting.id}/leave`,
      headers: a.headers,
    });
    expect(left.statusCode, left.body).toBe(200);
    expect(await sb.next('seat.freed')).toEqual({
      type: 'seat.freed',
      spaceId: tableId,
      spaceName: '二人席',
    });
    expect(await sc.none('seat.freed')).toBe(true);
    const queue = await t.database.db
      .select({ userId: seatWaits.userId })
      .from(seatWaits)
      .where(eq(seatWaits.spaceId, tableId));
    expect(queue).toEqual([{ userId: c.id }]);
  });
});

describe(`a closing page's leave beacon, on ${testDbKind}`, () => {
  const beacon = (key: string) =>
    t.app.inject({ method: 'POST', url: '/api/chime_meeting_leaves', payload: { key } });

  it('ends the attendance its key was given for at once, without the session headers', async () => {
    const { owner, world, members, mainSpace } = await people.world(['user']);
    await joinMeeting(t.app, owner.headers, world.id, mainSpace!);
    const joined = await joinMeeting<{ id: string; leaveKey: string }>(
      t.app,
      members[0]!.headers,
      world.id,
      mainSpace!,
    );
    const so = await connect(t.app, owner.headers, world.id, 'owner');
    open.push(so);
    const present = () =>
      t.database.db
        .select({ userId: meetingAttendees.userId })
        .from(meetingAttendees)
        .where(and(eq(meetingAttendees.meetingId, joined.id), isNull(meetingAttendees.leftAt)));

    // A wrong key answers the same and ends nothing.
    expect((await beacon('wrong-key')).statusCode).toBe(204);
    expect(await present()).toHaveLength(2);

    expect((await beacon(joined.leaveKey)).statusCode).toBe(204);
    expect(await present()).toEqual([{ userId: owner.id }]);
    await so.next('meeting.attendeeLeft', (m) => m.userId === members[0]!.id);
    // Used once: sent again, nothing more happens.
    expect((await beacon(joined.leaveKey)).statusCode).toBe(204);
  });
});
