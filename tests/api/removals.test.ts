import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { realtimeCloseCodes } from '../../src/domain/realtime';
import { worldGuestTokens } from '../../server/db/schema';
import { removalRecordMessages } from '../../server/meetings/removals';
import { useTestServer } from './support/app';
import { testDbKind } from './support/database';
import { connect, listenWithSockets } from './support/realtime';
import { anyIp, follow, type AuthHeaders } from './support/session';
import { worldPeople } from './support/world-members';

// A kick holds (issue 15): the kicked guest is out by every door until an owner or staff allows it.
const t = useTestServer();
const people = worldPeople(t);
const open = listenWithSockets(t);

const call = (
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  headers?: AuthHeaders,
  payload?: object,
) => t.app.inject({ method, url, headers, payload, remoteAddress: anyIp() });

async function guestOf(worldId: string, ownerHeaders: AuthHeaders) {
  const link = await call(
    'POST',
    `/api/mypage/worlds/${worldId}/world_guest_tokens`,
    ownerHeaders,
    {},
  );
  expect(link.statusCode, link.body).toBe(201);
  const token = (link.json() as { token: string }).token;
  const entered = await call('POST', `/api/world_guest_tokens/${token}`, undefined, {
    name: '山田ゲスト',
  });
  expect(entered.statusCode, entered.body).toBe(201);
  const headers: AuthHeaders = {
    'access-token': String(entered.headers['access-token']),
    client: String(entered.headers.client),
    uid: String(entered.headers.uid),
  };
  return { token, headers, id: (entered.json() as { data: { id: string } }).data.id };
}

describe(`a kick holds, on ${testDbKind}`, () => {
  it('keeps a kicked guest out of every door until an owner or staff allows it again', async () => {
    const { owner, world, members, mainSpace } = await people.world(['staff', 'user']);
    const [staff, user] = members as [(typeof members)[0], (typeof members)[0]];
    const guest = await guestOf(world.id, owner.headers);
    const watcher = await connect(t.app, owner.headers, world.id, 'owner');
    const guestSocket = await connect(t.app, guest.headers, world.id, 'guest');
    open.push(watcher, guestSocket);
    const meetingsUrl = `/api/worlds/${world.id}/chime_meetings`;
    expect(
      (await call('POST', meetingsUrl, owner.headers, { spaceId: mainSpace })).statusCode,
    ).toBe(201);
    expect(
      (await call('POST', meetingsUrl, guest.headers, { spaceId: mainSpace })).statusCode,
    ).toBe(201);

    const kicked = await call('POST', `${meetingsUrl}/kick`, staff.headers, { userId: guest.id });
    expect(kicked.json()).toEqual({ kickedCount: 1 });
    // The guest hears it, its socket closes for good, and everyone sees its row go.
    await guestSocket.next('meeting.kicked');
    expect((await guestSocket.closed).code).toBe(realtimeCloseCodes.disconnected);
    await watcher.next('meeting.attendeeLeft', (m) => m.userId === guest.id);
    await watcher.next('presence.left', (m) => m.userId === guest.id);

    // Every door: joining, the socket's ticket, its personal link, a new link opened in its session.
    let headers = guest.headers;
    const refused = async (res: Awaited<ReturnType<typeof call>>) => {
      headers = follow(headers, res);
      expect([res.statusCode, res.json().errors]).toEqual([403, [removalRecordMessages.removed]]);
    };
    await refused(await call('POST', meetingsUrl, headers, { spaceId: mainSpace }));
    await refused(await call('POST', `/api/worlds/${world.id}/realtime_tickets`, headers));
    const [personal] = await t.database.db
      .select({ token: worldGuestTokens.token })
      .from(worldGuestTokens)
      .where(eq(worldGuestTokens.guestUserId, guest.id));
    await refused(
      await call('POST', `/api/world_guest_tokens/${personal!.token}`, undefined, { name: 'x' }),
    );
    await refused(
      await call('POST', `/api/world_guest_tokens/${guest.token}`, headers, { name: '別名' }),
    );
    const entrance = await call(
      'POST',
      `/api/mypage/worlds/${world.id}/instant_entrances`,
      owner.headers,
      {},
    );
    const instantToken = new URL((entrance.json() as { url: string }).url).searchParams.get(
      'token',
    )!;
    // The entrance page asks first: in the removed session it says so before asking a name;
    // without a session (a stranger to us, ADR 016) the entrance is open.
    const rightUrl = `/api/worlds/${world.id}/my_instant_enter_access_right?token=${instantToken}`;
    const right = await call('GET', rightUrl, headers);
    headers = follow(headers, right);
    expect(right.json()).toMatchObject({
      available: false,
      reason: 'removed',
      message: removalRecordMessages.removed,
    });
    expect((await call('GET', rightUrl, undefined)).json()).toMatchObject({ available: true });
    await refused(
      await call('POST', `/api/worlds/${world.id}/my_instant_enter_access_right`, headers, {
        token: instantToken,
        name: '別名',
        // No bot check is configured in tests: any token passes.
        botToken: 'unchecked',
      }),
    );

    // Owner and staff see who was removed; a user may not.
    const listUrl = `/api/mypage/worlds/${world.id}/removed_attendees`;
    expect((await call('GET', listUrl, user.headers)).statusCode).toBe(403);
    const list = await call('GET', listUrl, staff.headers);
    expect(list.json().items).toEqual([
      {
        userId: guest.id,
        name: '山田ゲスト',
        isGuest: true,
        removedAt: expect.any(String),
        removedByName: expect.any(String),
      },
    ]);

    expect((await call('DELETE', `${listUrl}/${guest.id}`, owner.headers)).statusCode).toBe(204);
    expect((await call('DELETE', `${listUrl}/${guest.id}`, owner.headers)).statusCode).toBe(404);
    expect((await call('GET', listUrl, owner.headers)).json().items).toEqual([]);
    const back = await call('POST', meetingsUrl, headers, { spaceId: mainSpace });
    expect(back.statusCode, back.body).toBe(201);
  });

  it('does not hold a kick from one meeting only (batch kick): the user may join again', async () => {
    const { owner, world, members, mainSpace } = await people.world(['user']);
    const user = members[0]!;
    const meetingsUrl = `/api/worlds/${world.id}/chime_meetings`;
    const joined = await call('POST', meetingsUrl, user.headers, { spaceId: mainSpace });
    const meetingId = (joined.json() as { id: string }).id;
    await call('POST', `${meetingsUrl}/${meetingId}/batch_kick`, owner.headers, {
      userIds: [user.id],
    });
    expect((await call('POST', meetingsUrl, user.headers, { spaceId: mainSpace })).statusCode).toBe(
      201,
    );
  });
});
