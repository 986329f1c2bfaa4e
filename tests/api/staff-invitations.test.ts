import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hashSecret } from '../../server/auth/secrets';
import { worldInvitations, worldMembers } from '../../server/db/schema';
import { rateRules } from '../../server/http/rate-limit';
import { listMails } from '../../server/mail/outbox';
import { forbiddenMessage } from '../../server/worlds/access';
import { invitationMessages } from '../../server/worlds/invitations';
import { uniqueEmail, useTestServer } from './support/app';
import { testDbKind } from './support/database';
import { membershipCalls, type Person } from './support/members';
import { signIn, signUpAndConfirm } from './support/session';
import { worldNotFoundMessage } from '../../server/db/world-locks';

const t = useTestServer();
const api = membershipCalls(t);
// Below the per-account invitation limit (rateRules.invitations.email), so none answers 429.
const concurrentInvitations = 8;

type Invitation = {
  id: string;
  email: string;
  status: string;
  expiresAt: string;
  acceptedAt: string | null;
  invitedById: string;
};

const invitationsOf = (worldId: string) => `/api/mypage/worlds/${worldId}/staff_invitations`;
const confirmOf = (worldId: string) => `/api/mypage/worlds/${worldId}/invite_confirmations`;

async function invite(owner: Person, worldId: string, emails: string[], message?: string) {
  const res = await api.send('POST', owner.headers, invitationsOf(worldId), {
    emails,
    ...(message ? { message } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().items as Invitation[];
}

/** The newest invitation mail to the address and the token of its /invite-staff link. */
async function invitationMail(to: string) {
  const [mail] = await listMails(t.database.db, { limit: 1, to });
  if (!mail) throw new Error(`no mail to ${to}`);
  const token = /\/invite-staff\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no invitation link in: ${mail.text}`);
  return { ...mail, token };
}

/** Someone with an account at this address, signed in. */
async function accountAt(email: string): Promise<Person> {
  await signUpAndConfirm(t.app, t.database.db, email);
  const headers = await signIn(t.app, email);
  const me = await t.app.inject({ method: 'GET', url: '/api/mypage/me', headers });
  return { email, headers, id: me.json().id as string };
}

async function roleOf(worldId: string, userId: string) {
  const [row] = await t.database.db
    .select({ role: worldMembers.role })
    .from(worldMembers)
    .where(and(eq(worldMembers.worldId, worldId), eq(worldMembers.userId, userId)));
  return row?.role ?? null;
}

const accept = (person: Person, worldId: string, token: string) =>
  api.send('POST', person.headers, confirmOf(worldId), { token });
const showLink = (person: Person, token: string) =>
  api.get(person.headers, `/api/staff_invitation_emails/${token}`);

describe(`staff invitations on ${testDbKind}`, () => {
  it('mails each address a one-time link in Japanese, valid 7 days, and stores only its hash', async () => {
    const owner = await api.person();
    const world = await api.world(owner.headers, '秋の展示会');
    const first = uniqueEmail('staff');
    const second = uniqueEmail('staff');
    const items = await invite(
      owner,
      world.id,
      [first.toUpperCase(), second],
      '当日の受付をお願いします。',
    );
    expect(items).toEqual([
      expect.objectContaining({
        email: first,
        status: 'pending',
        acceptedAt: null,
        invitedById: owner.id,
      }),
      expect.objectContaining({ email: second, status: 'pending' }),
    ]);
    expect(new Date(items[0]!.expiresAt).getTime() - t.clock.now().getTime()).toBe(
      7 * 24 * 3600 * 1000,
    );

    const mail = await invitationMail(first);
    expect(mail.subject).toBe('【Worlds】「秋の展示会」のスタッフに招待されました');
    expect(mail.text).toContain(`http://app.test/invite-staff/${mail.token}`);
    expect(mail.text).toContain('当日の受付をお願いします。');
    expect(mail.text).toContain('一度だけ');
    expect(mail.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const [row] = await t.database.db
      .select()
      .from(worldInvitations)
      .where(eq(worldInvitations.id, items[0]!.id));
    expect(row!.tokenHash).toBe(hashSecret(mail.token));
    expect(JSON.stringify(row)).not.toContain(mail.token);
    expect((await invitationMail(second)).token).not.toBe(mail.token);

    const listed = await api.get(owner.headers, invitationsOf(world.id));
    expect(listed.json()).toMatchObject({ total: 2, page: 1, perPage: 20 });
    const one = await api.get(owner.headers, `${invitationsOf(world.id)}/${items[1]!.id}`);
    expect(one.json()).toEqual(items[1]);
  });

  it('shows the invite-staff page its invitation and lets the invited account accept once, as staff', async () => {
    const owner = await api.person();
    await api.send('PATCH', owner.headers, '/api/mypage/me', { name: '主催 花子' });
    const world = await api.world(owner.headers, '秋の展示会');
    const address = uniqueEmail('staff');
    const [invitation] = await invite(owner, world.id, [address]);
    const { token } = await invitationMail(address);
    const invited = await accountAt(address);

    const page = await showLink(invited, token);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toEqual({
      id: invitation!.id,
      worldId: world.id,
      worldName: '秋の展示会',
      email: address,
      status: 'pending',
      expiresAt: invitation!.expiresAt,
      invitedByName: '主催 花子',
    });

    const accepted = await accept(invited, world.id, token);
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json()).toMatchObject({ id: world.id, name: '秋の展示会', role: 'staff' });
    expect(await roleOf(world.id, invited.id)).toBe('staff');
    expect((await api.get(invited.headers, `/api/mypage/worlds/${world.id}`)).statusCode).toBe(200);

    const again = await accept(invited, world.id, token);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ errors: [invitationMessages.accepted] });
    expect((await showLink(invited, token)).json().status).toBe('accepted');
    const listed = await api.get(owner.headers, `${invitationsOf(world.id)}/${invitation!.id}`);
    expect(listed.json()).toMatchObject({
      status: 'accepted',
      acceptedAt: t.clock.now().toISOString(),
    });
  });

  it('promotes a user of the world who accepts, and refuses an owner or staff member without writing anything', async () => {
    const owner = await api.person();
    const world = await api.world(owner.headers);
    const user = await api.member(world.id, 'user');
    const staff = await api.member(world.id, 'staff');
    await invite(owner, world.id, [user.email]);
    expect(
      (await accept(user, world.id, (await invitationMail(user.email)).token)).statusCode,
    ).toBe(201);
    expect(await roleOf(world.id, user.id)).toBe('staff');

    // Invited while a user, made staff by the owner before accepting.
    const late = await api.member(world.id, 'user');
    const [pending] = await invite(owner, world.id, [late.email]);
    await api.send('PATCH', owner.headers, `/api/mypage/worlds/${world.id}/users/${late.id}`, {
      role: 'staff',
    });
    const refused = await accept(late, world.id, (await invitationMail(late.email)).token);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ errors: [invitationMessages.youAreAlreadyStaff] });
    expect(
      (await api.get(owner.headers, `${invitationsOf(world.id)}/${pending!.id}`)).json().status,
    ).toBe('pending');

    const refusedInvite = await api.send('POST', owner.headers, invitationsOf(world.id), {
      emails: [uniqueEmail(), staff.email, owner.email],
    });
    expect(refusedInvite.statusCode).toBe(422);
    expect(refusedInvite.json()).toEqual({
      errors: expect.arrayContaining([
        invitationMessages.alreadyMember.staff(staff.email),
        invitationMessages.alreadyMember.staff(owner.email),
      ]),
    });
  });

  it('refuses an invitation for another address, expired, withdrawn or replaced, with a message that says so', async () => {
    const owner = await api.person();
    const world = await api.world(owner.headers);
    const address = uniqueEmail('staff');
    const [invitation] = await invite(owner, world.id, [address]);
    const { token } = await invitationMail(address);

    const stranger = await api.person();
    const wrongPerson = await accept(stranger, world.id, token);
    expect(wrongPerson.statusCode).toBe(422);
    expect(wrongPerson.json()).toEqual({ errors: [invitationMessages.otherAddress(address)] });
    expect(await roleOf(world.id, stranger.id)).toBeNull();

    const otherWorld = await api.world(owner.headers, '別のワールド');
    const invited = await accountAt(address);
    const elsewhere = await accept(invited, otherWorld.id, token);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toEqual({ errors: [invitationMessages.unknownLink] });

    t.clock.advance(7 * 24 * 3600 + 1);
    const expired = await accept(invited, world.id, token);
    expect(expired.statusCode).toBe(422);
    expect(expired.json()).toEqual({ errors: [invitationMessages.expired] });
    expect((await showLink(invited, token)).json().status).toBe('expired');
    expect((await api.get(owner.headers, invitationsOf(world.id))).json().items[0]).toMatchObject({
      id: invitation!.id,
      status: 'expired',
    });

    // Resending gives a new link and 7 more days; the old link no longer opens anything.
    const resent = await api.send(
      'POST',
      owner.headers,
      `${invitationsOf(world.id)}/${invitation!.id}/resend`,
    );
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toMatchObject({ id: invitation!.id, status: 'pending' });
    const fresh = (await invitationMail(address)).token;
    expect(fresh).not.toBe(token);
    expect((await showLink(invited, token)).statusCode).toBe(404);
    expect((await accept(invited, world.id, token)).json()).toEqual({
      errors: [invitationMessages.unknownLink],
    });
    const tooSoon = await api.send(
      'POST',
      owner.headers,
      `${invitationsOf(world.id)}/${invitation!.id}/resend`,
    );
    expect(tooSoon.statusCode).toBe(429);
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);

    expect(
      (await api.send('DELETE', owner.headers, `${invitationsOf(world.id)}/${invitation!.id}`))
        .statusCode,
    ).toBe(204);
    const withdrawn = await accept(invited, world.id, fresh);
    expect(withdrawn.statusCode).toBe(422);
    expect(withdrawn.json()).toEqual({ errors: [invitationMessages.revoked] });
    expect((await showLink(invited, fresh)).json().status).toBe('revoked');
    expect((await api.get(owner.headers, invitationsOf(world.id))).json().total).toBe(0);
    expect(
      (await api.get(owner.headers, `${invitationsOf(world.id)}/${invitation!.id}`)).statusCode,
    ).toBe(404);
    expect(await roleOf(world.id, invited.id)).toBeNull();
  });

  it('refuses a pending address (409), replaces an expired one, and creates nothing when one address is refused', async () => {
    const owner = await api.person();
    const world = await api.world(owner.headers);
    const address = uniqueEmail('staff');
    await invite(owner, world.id, [address]);
    const newcomer = uniqueEmail('staff');
    const pending = await api.send('POST', owner.headers, invitationsOf(world.id), {
      emails: [newcomer, address],
    });
    expect(pending.statusCode).toBe(409);
    expect(pending.json()).toEqual({ errors: [invitationMessages.alreadyPending(address)] });
    expect(await listMails(t.database.db, { limit: 1, to: newcomer })).toEqual([]);
    expect((await api.get(owner.headers, invitationsOf(world.id))).json().total).toBe(1);

    t.clock.advance(7 * 24 * 3600 + 1);
    const [replacement] = await invite(owner, world.id, [address]);
    const listed = (await api.get(owner.headers, invitationsOf(world.id))).json();
    // The expired one is withdrawn and no longer listed.
    expect(listed.items.map((i: Invitation) => i.id)).toEqual([replacement!.id]);
  });

  it('withdraws several at once, only of its own world, and resends nothing accepted', async () => {
    const owner = await api.person();
    const world = await api.world(owner.headers);
    const other = await api.person();
    const otherWorld = await api.world(other.headers);
    const mine = await invite(owner, world.id, [uniqueEmail(), uniqueEmail()]);
    const [theirs] = await invite(other, otherWorld.id, [uniqueEmail()]);

    const bulk = await api.send('POST', owner.headers, `${invitationsOf(world.id)}/bulk_destroy`, {
      ids: [...mine.map((i) => i.id), theirs!.id],
    });
    expect(bulk.json()).toEqual({ deletedCount: 2 });
    expect(
      (await api.get(other.headers, `${invitationsOf(otherWorld.id)}/${theirs!.id}`)).json().status,
    ).toBe('pending');
    // Another world's invitation through this world's path is not found.
    expect(
      (await api.get(owner.headers, `${invitationsOf(world.id)}/${theirs!.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await api.send('DELETE', owner.headers, `${invitationsOf(world.id)}/${theirs!.id}`))
        .statusCode,
    ).toBe(404);
    expect(
      (await api.send('POST', owner.headers, `${invitationsOf(world.id)}/${theirs!.id}/resend`))
        .statusCode,
    ).toBe(404);

    const address = uniqueEmail('staff');
    const [invitation] = await invite(owner, world.id, [address]);
    const { token } = await invitationMail(address);
    expect((await accept(await accountAt(address), world.id, token)).statusCode).toBe(201);
    t.clock.advance(120);
    const resend = await api.send(
      'POST',
      owner.headers,
      `${invitationsOf(world.id)}/${invitation!.id}/resend`,
    );
    expect(resend.statusCode).toBe(422);
    expect(resend.json()).toEqual({ errors: [invitationMessages.acceptedCannotResend] });
  });

  it('lets only owners manage invitations: staff get 403, strangers 404', async () => {
    const owner = await api.person();
    const world = await api.world(owner.headers);
    const staff = await api.member(world.id, 'staff');
    const stranger = await api.person();
    const byStaff = await api.send('POST', staff.headers, invitationsOf(world.id), {
      emails: [uniqueEmail()],
    });
    expect(byStaff.statusCode).toBe(403);
    expect(byStaff.json()).toEqual({ errors: [forbiddenMessage] });
    const byStranger = await api.get(stranger.headers, invitationsOf(world.id));
    expect(byStranger.statusCode).toBe(404);
    expect(byStranger.json()).toEqual({ errors: [worldNotFoundMessage] });
    expect(
      (
        await api.send('POST', owner.headers, invitationsOf(world.id), {
          emails: ['not an address'],
        })
      ).statusCode,
    ).toBe(400);
    expect((await api.get(owner.headers, invitationsOf(world.id))).json().total).toBe(0);
  });

  it('limits invitation mails per inviting account with 429 and Retry-After', async () => {
    const owner = await api.person();
    const world = await api.world(owner.headers);
    for (let i = 0; i < rateRules.invitations.email.limit; i++)
      await invite(owner, world.id, [uniqueEmail()]);
    const refused = await api.send('POST', owner.headers, invitationsOf(world.id), {
      emails: [uniqueEmail()],
    });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it(`invites an address once when ${concurrentInvitations} requests race (${testDbKind}): one 201, the others 409`, async () => {
    const owner = await api.person();
    const world = await api.world(owner.headers);
    const address = uniqueEmail('raced');
    const results = await Promise.all(
      Array.from({ length: concurrentInvitations }, () =>
        api.send('POST', owner.headers, invitationsOf(world.id), { emails: [address] }),
      ),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, ...Array<number>(concurrentInvitations - 1).fill(409)]);
    for (const refused of results.filter((r) => r.statusCode === 409))
      expect(refused.json()).toEqual({ errors: [invitationMessages.alreadyPending(address)] });
    expect((await api.get(owner.headers, invitationsOf(world.id))).json().total).toBe(1);
    expect(await listMails(t.database.db, { limit: 10, to: address })).toHaveLength(1);
  });

  it('lets exactly one of two simultaneous acceptances through', async () => {
    const owner = await api.person();
    const world = await api.world(owner.headers);
    const address = uniqueEmail('staff');
    await invite(owner, world.id, [address]);
    const { token } = await invitationMail(address);
    const invited = await accountAt(address);
    const results = await Promise.all([
      accept(invited, world.id, token),
      accept(invited, world.id, token),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    const rows = await t.database.db
      .select()
      .from(worldMembers)
      .where(and(eq(worldMembers.worldId, world.id), eq(worldMembers.userId, invited.id)));
    expect(rows.map((r) => r.role)).toEqual(['staff']);
  });
});
