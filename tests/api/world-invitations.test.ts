import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { worldMembers } from '../../server/db/schema';
import { listMails } from '../../server/mail/outbox';
import { invitationMessages } from '../../server/worlds/invitations';
import { uniqueEmail, useTestServer } from './support/app';
import { testDbKind } from './support/database';
import { membershipCalls, type Person } from './support/members';

const t = useTestServer();
const api = membershipCalls(t);

const invitationsOf = (worldId: string) => `/api/mypage/worlds/${worldId}/world_invitations`;

/** The token of the newest attendee invitation mailed to the address. */
async function mailedToken(to: string, worldId: string) {
  const [mail] = await listMails(t.database.db, { limit: 1, to });
  const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no invitation mailed to ${to}`);
  expect(link.startsWith(`http://app.test/mypage/worlds/${worldId}/invitation?token=`)).toBe(true);
  return { mail: mail!, token: new URL(link).searchParams.get('token')! };
}

const join = (person: Person, token: string) =>
  api.send('POST', person.headers, '/api/mypage/self_invitations', { token });
const card = (person: Person, token: string) =>
  api.get(person.headers, `/api/mypage/world_abstract_by_invitations?token=${token}`);

async function roleOf(worldId: string, userId: string) {
  const [row] = await t.database.db
    .select({ role: worldMembers.role })
    .from(worldMembers)
    .where(and(eq(worldMembers.worldId, worldId), eq(worldMembers.userId, userId)));
  return row?.role ?? null;
}

describe(`attendee invitations on ${testDbKind}`, () => {
  it('mails a one-time link; the holder sees the world card and joins as a user, once', async () => {
    const owner = await api.person();
    await api.send('PATCH', owner.headers, '/api/mypage/me', { name: '主催 花子' });
    const world = await api.world(owner.headers, '春の交流会');
    const staff = await api.member(world.id, 'staff');
    const address = uniqueEmail('guest');
    const created = await api.send('POST', staff.headers, invitationsOf(world.id), {
      emails: [address],
      message: 'ぜひ',
    });
    expect(created.statusCode, created.body).toBe(201);
    const [invitation] = created.json().items;
    expect(invitation).toMatchObject({ email: address, status: 'pending', acceptedAt: null });
    const { mail, token } = await mailedToken(address, world.id);
    expect(mail.subject).toBe('【Worlds】「春の交流会」に招待されました');

    const joiner = await api.person();
    const shown = await card(joiner, token);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual({
      id: world.id,
      name: '春の交流会',
      coverImageUrl: null,
      ownerName: '主催 花子',
      memberCount: 2,
    });

    const joined = await join(joiner, token);
    expect(joined.statusCode, joined.body).toBe(201);
    expect(joined.json()).toMatchObject({ id: world.id, role: 'user' });
    expect(await roleOf(world.id, joiner.id)).toBe('user');
    const listed = await api.get(owner.headers, invitationsOf(world.id));
    expect(listed.json()).toMatchObject({
      total: 1,
      items: [{ id: invitation.id, status: 'accepted' }],
    });

    const someoneElse = await api.person();
    const used = await join(someoneElse, token);
    expect(used.statusCode).toBe(422);
    expect(used.json()).toEqual({ errors: [invitationMessages.accepted] });
    expect(await roleOf(world.id, someoneElse.id)).toBeNull();
  });

  it('lets a member keep their role without using the link, and refuses expired or unknown links', async () => {
    const owner = await api.person();
    const world = await api.world(owner.headers);
    const address = uniqueEmail('guest');
    await api.send('POST', owner.headers, invitationsOf(world.id), { emails: [address] });
    const { token } = await mailedToken(address, world.id);

    const own = await join(owner, token);
    expect(own.statusCode).toBe(201);
    expect(own.json().role).toBe('owner');
    expect((await api.get(owner.headers, invitationsOf(world.id))).json().items[0].status).toBe(
      'pending',
    );

    t.clock.advance(7 * 24 * 3600 + 1);
    const late = await api.person();
    const expired = await join(late, token);
    expect(expired.statusCode).toBe(422);
    expect(expired.json()).toEqual({ errors: [invitationMessages.expired] });
    expect(await roleOf(world.id, late.id)).toBeNull();
    const unknown = await join(late, 'A'.repeat(22));
    expect(unknown.statusCode).toBe(404);
    expect((await card(late, 'A'.repeat(22))).statusCode).toBe(404);
  });

  it('refuses addresses already members (nothing mailed), plain users 403 and strangers 404', async () => {
    const owner = await api.person();
    const world = await api.world(owner.headers);
    const user = await api.member(world.id, 'user');
    const fresh = uniqueEmail('guest');
    const refused = await api.send('POST', owner.headers, invitationsOf(world.id), {
      emails: [fresh, user.email],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ errors: [invitationMessages.alreadyMember.user(user.email)] });
    expect(await listMails(t.database.db, { limit: 1, to: fresh })).toEqual([]);
    expect(
      (await api.send('POST', user.headers, invitationsOf(world.id), { emails: [fresh] }))
        .statusCode,
    ).toBe(403);
    const stranger = await api.person();
    expect((await api.get(stranger.headers, invitationsOf(world.id))).statusCode).toBe(404);
    // A staff invitation's link is not an attendee invitation.
    await api.send('POST', owner.headers, `/api/mypage/worlds/${world.id}/staff_invitations`, {
      emails: [fresh],
    });
    const [staffMail] = await listMails(t.database.db, { limit: 1, to: fresh });
    const staffToken = /\/invite-staff\/([A-Za-z0-9_-]+)/.exec(staffMail!.text)![1]!;
    expect((await join(stranger, staffToken)).statusCode).toBe(404);
  });
});
