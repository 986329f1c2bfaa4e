import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users, worldMembers } from '../../server/db/schema';
import { listMails } from '../../server/mail/outbox';
import { forbiddenMessage } from '../../server/worlds/access';
import { memberMessages } from '../../server/worlds/members';
import { useTestServer } from './support/app';
import { testDbKind } from './support/database';
import { membershipCalls } from './support/members';
import { anyIp, password } from './support/session';
import { worldNotFoundMessage } from '../../server/db/world-locks';

const t = useTestServer();
const api = membershipCalls(t);

const usersOf = (worldId: string) => `/api/mypage/worlds/${worldId}/users`;
const ownersOf = (worldId: string) => `/api/mypage/worlds/${worldId}/owners`;

async function roleOf(worldId: string, userId: string) {
  const [row] = await t.database.db
    .select({ role: worldMembers.role })
    .from(worldMembers)
    .where(and(eq(worldMembers.worldId, worldId), eq(worldMembers.userId, userId)));
  return row?.role ?? null;
}

/** A guest of the world, entered through a guest link. */
async function guestOf(
  owner: Awaited<ReturnType<typeof api.person>>,
  worldId: string,
  name: string,
) {
  t.clock.advance(1);
  const link = await api.send(
    'POST',
    owner.headers,
    `/api/mypage/worlds/${worldId}/world_guest_tokens`,
    {},
  );
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/world_guest_tokens/${link.json().token}`,
    payload: { name },
    remoteAddress: anyIp(),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string };
}

describe(`world members and roles on ${testDbKind}`, () => {
  it('lists members a page at a time, filtered by role or by name and address; a guest shows no address', async () => {
    const owner = await api.person();
    const world = await api.world(owner.headers);
    const staff = await api.member(world.id, 'staff');
    const user = await api.member(world.id, 'user');
    const guest = await guestOf(owner, world.id, '見学の山田');

    const all = await api.get(owner.headers, `${usersOf(world.id)}?perPage=2`);
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ page: 1, perPage: 2, total: 4 });
    expect(all.json().items.map((m: { userId: string }) => m.userId)).toEqual([owner.id, staff.id]);
    const second = await api.get(owner.headers, `${usersOf(world.id)}?perPage=2&page=2`);
    expect(second.json().items.map((m: { userId: string }) => m.userId)).toEqual([
      user.id,
      guest.id,
    ]);
    expect(second.json().items[1]).toMatchObject({
      name: '見学の山田',
      email: null,
      role: 'guest',
      isGuest: true,
    });

    const staffOnly = await api.get(owner.headers, `${usersOf(world.id)}?role=staff`);
    expect(staffOnly.json()).toMatchObject({
      total: 1,
      items: [{ userId: staff.id, email: staff.email, role: 'staff', isGuest: false }],
    });
    const byAddress = await api.get(
      staff.headers,
      `${usersOf(world.id)}?q=${encodeURIComponent(user.email.slice(0, 12).toUpperCase())}`,
    );
    expect(byAddress.json().items.map((m: { userId: string }) => m.userId)).toEqual([user.id]);
    const byName = await api.get(
      staff.headers,
      `${usersOf(world.id)}?q=${encodeURIComponent('山田')}`,
    );
    expect(byName.json().items.map((m: { userId: string }) => m.userId)).toEqual([guest.id]);
    // A wildcard typed in the box is a character, not "anything".
    expect((await api.get(owner.headers, `${usersOf(world.id)}?q=%25`)).json().total).toBe(0);

    const one = await api.get(staff.headers, `${usersOf(world.id)}/${user.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ userId: user.id, role: 'user', email: user.email });
  });

  it('answers 403 to a plain user and 404 to a stranger and across worlds', async () => {
    const owner = await api.person();
    const world = await api.world(owner.headers);
    const user = await api.member(world.id, 'user');
    const other = await api.person();
    const otherWorld = await api.world(other.headers, '別のワールド');
    const otherStaff = await api.member(otherWorld.id, 'staff');

    const asUser = await api.get(user.headers, usersOf(world.id));
    expect(asUser.statusCode).toBe(403);
    expect(asUser.json()).toEqual({ errors: [forbiddenMessage] });
    const asStranger = await api.get(other.headers, usersOf(world.id));
    expect(asStranger.statusCode).toBe(404);
    expect(asStranger.json()).toEqual({ errors: [worldNotFoundMessage] });

    // The owner of this world naming a member of the other world through this world's path.
    for (const res of [
      await api.get(owner.headers, `${usersOf(world.id)}/${otherStaff.id}`),
      await api.send('PATCH', owner.headers, `${usersOf(world.id)}/${otherStaff.id}`, {
        role: 'user',
      }),
      await api.send('DELETE', owner.headers, `${usersOf(world.id)}/${otherStaff.id}`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ errors: [memberMessages.notFound] });
    }
    expect(await roleOf(otherWorld.id, otherStaff.id)).toBe('staff');
    expect((await api.get(owner.headers, ownersOf(otherWorld.id))).statusCode).toBe(404);
  });

  it('lists the creator as the only owner, and a co-owner added by address with the password', async () => {
    const owner = await api.person();
    const world = await api.world(owner.headers);
    const staff = await api.member(world.id, 'staff');
    const newcomer = await api.person();

    const owners = await api.get(staff.headers, ownersOf(world.id));
    expect(owners.json().items).toEqual([
      expect.objectContaining({ userId: owner.id, role: 'owner', email: owner.email }),
    ]);

    const wrong = await api.send('POST', owner.headers, ownersOf(world.id), {
      email: newcomer.email,
      currentPassword: 'not my password',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ errors: [memberMessages.wrongPassword] });
    const unknown = await api.send('POST', owner.headers, ownersOf(world.id), {
      email: 'nobody-here@example.com',
      currentPassword: password,
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual({ errors: [memberMessages.noAccount] });
    expect(await roleOf(world.id, newcomer.id)).toBeNull();

    t.clock.advance(1);
    const added = await api.send('POST', owner.headers, ownersOf(world.id), {
      email: newcomer.email.toUpperCase(),
      currentPassword: password,
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ userId: newcomer.id, role: 'owner' });
    const [notice] = await listMails(t.database.db, { limit: 1, to: newcomer.email });
    expect(notice!.subject).toBe('【Worlds】「夏祭り」のオーナーに追加されました');
    expect(notice!.text).toContain(`http://app.test/mypage/worlds/${world.id}`);
    const promoted = await api.send('POST', owner.headers, ownersOf(world.id), {
      email: staff.email,
      currentPassword: password,
    });
    expect(promoted.json()).toMatchObject({ userId: staff.id, role: 'owner' });
    const again = await api.send('POST', owner.headers, ownersOf(world.id), {
      email: staff.email,
      currentPassword: password,
    });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ errors: [memberMessages.alreadyOwner] });

    expect(
      (await api.get(owner.headers, ownersOf(world.id)))
        .json()
        .items.map((m: { userId: string }) => m.userId),
    ).toEqual([owner.id, staff.id, newcomer.id]);
    // A co-owner has the owner's rights, and sees the world in their list with role owner.
    const renamed = await api.send('PATCH', newcomer.headers, `/api/mypage/worlds/${world.id}`, {
      name: '共同の夏祭り',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ role: 'owner', ownerId: owner.id });
    expect((await api.get(newcomer.headers, '/api/mypage/worlds')).json().items).toEqual([
      expect.objectContaining({ id: world.id, role: 'owner' }),
    ]);
  });

  it('refuses co-owners from staff (403) and never makes a guest an owner', async () => {
    const owner = await api.person();
    const world = await api.world(owner.headers);
    const staff = await api.member(world.id, 'staff');
    const newcomer = await api.person();
    const byStaff = await api.send('POST', staff.headers, ownersOf(world.id), {
      email: newcomer.email,
      currentPassword: password,
    });
    expect(byStaff.statusCode).toBe(403);
    const guest = await guestOf(owner, world.id, 'ゲスト');
    const [guestRow] = await t.database.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, guest.id));
    const asGuest = await api.send('POST', owner.headers, ownersOf(world.id), {
      email: guestRow!.email,
      currentPassword: password,
    });
    expect(asGuest.statusCode).toBe(422);
    expect(await roleOf(world.id, guest.id)).toBe('guest');
  });

  it('changes staff and users; never demotes the last owner; an owner may step down while another remains', async () => {
    const owner = await api.person();
    const world = await api.world(owner.headers);
    const staff = await api.member(world.id, 'staff');
    const user = await api.member(world.id, 'user');
    const guest = await guestOf(owner, world.id, 'ゲスト');

    const demoted = await api.send('PATCH', owner.headers, `${usersOf(world.id)}/${staff.id}`, {
      role: 'user',
    });
    expect(demoted.statusCode).toBe(200);
    expect(demoted.json()).toMatchObject({ userId: staff.id, role: 'user' });
    const raised = await api.send('PATCH', owner.headers, `${usersOf(world.id)}/${user.id}`, {
      role: 'staff',
    });
    expect(raised.json()).toMatchObject({ role: 'staff' });
    expect(
      (await api.send('PATCH', user.headers, `${usersOf(world.id)}/${staff.id}`, { role: 'staff' }))
        .statusCode,
    ).toBe(403);

    const guestChange = await api.send('PATCH', owner.headers, `${usersOf(world.id)}/${guest.id}`, {
      role: 'user',
    });
    expect(guestChange.statusCode).toBe(422);
    expect(guestChange.json()).toEqual({ errors: [memberMessages.guestRole] });

    const lastOwner = await api.send('PATCH', owner.headers, `${usersOf(world.id)}/${owner.id}`, {
      role: 'staff',
    });
    expect(lastOwner.statusCode).toBe(422);
    expect(lastOwner.json()).toEqual({ errors: [memberMessages.lastOwner] });
    expect(await roleOf(world.id, owner.id)).toBe('owner');

    // Handing the world over: add a co-owner, then step down.
    await api.send('POST', owner.headers, ownersOf(world.id), {
      email: user.email,
      currentPassword: password,
    });
    const steppedDown = await api.send('PATCH', owner.headers, `${usersOf(world.id)}/${owner.id}`, {
      role: 'staff',
    });
    expect(steppedDown.statusCode).toBe(200);
    expect(
      (await api.send('PATCH', owner.headers, `/api/mypage/worlds/${world.id}`, { name: '変更' }))
        .statusCode,
    ).toBe(403);
    const nowLast = await api.send('PATCH', user.headers, `${usersOf(world.id)}/${user.id}`, {
      role: 'user',
    });
    expect(nowLast.statusCode).toBe(422);
  });

  it('lets owners remove anyone but the last owner, staff remove users and guests, and anyone leave', async () => {
    const owner = await api.person();
    const world = await api.world(owner.headers);
    const coOwner = await api.member(world.id, 'owner');
    const staff = await api.member(world.id, 'staff');
    const otherStaff = await api.member(world.id, 'staff');
    const user = await api.member(world.id, 'user');
    const leaver = await api.member(world.id, 'user');
    const guest = await guestOf(owner, world.id, 'ゲスト');
    const remove = (as: { headers: typeof owner.headers }, id: string) =>
      api.send('DELETE', as.headers, `${usersOf(world.id)}/${id}`);

    expect((await remove(staff, coOwner.id)).json()).toEqual({
      errors: [memberMessages.staffCannotChange],
    });
    expect((await remove(staff, otherStaff.id)).statusCode).toBe(403);
    expect((await remove(user, leaver.id)).json()).toEqual({
      errors: [memberMessages.userCanOnlyLeave],
    });
    expect(await roleOf(world.id, leaver.id)).toBe('user');

    expect((await remove(staff, user.id)).statusCode).toBe(204);
    expect(await roleOf(world.id, user.id)).toBeNull();
    expect((await remove(staff, guest.id)).statusCode).toBe(204);
    // A guest exists only for its world: removing it deletes the account.
    expect(await t.database.db.select().from(users).where(eq(users.id, guest.id))).toEqual([]);

    expect((await remove(leaver, leaver.id)).statusCode).toBe(204);
    expect((await api.get(leaver.headers, `/api/mypage/worlds/${world.id}`)).statusCode).toBe(404);
    expect((await remove(otherStaff, otherStaff.id)).statusCode).toBe(204);

    expect((await remove(owner, coOwner.id)).statusCode).toBe(204);
    const last = await remove(owner, owner.id);
    expect(last.statusCode).toBe(422);
    expect(last.json()).toEqual({ errors: [memberMessages.lastOwner] });
    expect(await roleOf(world.id, owner.id)).toBe('owner');
  });

  it('keeps one owner when two owners demote each other at the same moment', async () => {
    const a = await api.person();
    const world = await api.world(a.headers);
    const b = await api.member(world.id, 'owner');
    const results = await Promise.all([
      api.send('PATCH', a.headers, `${usersOf(world.id)}/${b.id}`, { role: 'staff' }),
      api.send('PATCH', b.headers, `${usersOf(world.id)}/${a.id}`, { role: 'staff' }),
    ]);
    const statuses = results.map((r) => r.statusCode).sort();
    // One wins; the other is refused: by 403 when it finds itself demoted, by 422 as the last owner.
    expect(statuses[0]).toBe(200);
    expect([403, 422]).toContain(statuses[1]);
    const owners = await api.get(a.headers, ownersOf(world.id));
    const ownersByB = await api.get(b.headers, ownersOf(world.id));
    expect([owners, ownersByB].map((r) => r.statusCode)).toEqual([200, 200]);
    expect(owners.json().items).toHaveLength(1);
  });
});
