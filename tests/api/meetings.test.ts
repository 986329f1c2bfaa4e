import { describe, expect, it } from 'vitest';
import { attendeeMessages } from '../../server/meetings/attendees';
import { timeCountMessages } from '../../server/meetings/queries';
import { removalMessages } from '../../server/meetings/removal';
import { useTestServer } from './support/app';
import { testDbKind } from './support/database';
import { connect, joinMeeting as joinShared, listenWithSockets } from './support/realtime';
import type { AuthHeaders } from './support/session';
import { worldPeople } from './support/world-members';

const t = useTestServer();
const people = worldPeople(t);
const open = listenWithSockets(t);

type Join = {
  id: string;
  attendee: { AttendeeId: string };
  attendees: Array<{ attendeeId: string; userId: string }>;
  micForceDisabled: boolean;
  videoForceDisabled: boolean;
};

const joinMeeting = (headers: AuthHeaders, worldId: string, spaceId: string) =>
  joinShared<Join>(t.app, headers, worldId, spaceId);

async function socket(headers: AuthHeaders, worldId: string, label: string) {
  const client = await connect(t.app, headers, worldId, label);
  open.push(client);
  return client;
}

const post = (headers: AuthHeaders, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers, payload });
const get = (headers: AuthHeaders, url: string) => t.app.inject({ method: 'GET', url, headers });

describe(`meetings on ${testDbKind}`, () => {
  it('starts the meeting of a space on the first join and puts the next member in the same one', async () => {
    const { owner, world, members, mainSpace } = await people.world(['user']);
    const ownerSocket = await socket(owner.headers, world.id, 'owner');
    const first = await joinMeeting(owner.headers, world.id, mainSpace);
    expect(first).toMatchObject({
      spaceId: mainSpace,
      provider: 'sfu',
      micForceDisabled: false,
      videoForceDisabled: false,
    });
    expect(first.attendee).toMatchObject({ ExternalUserId: owner.id });
    expect(first.attendees).toEqual([]);
    t.clock.advance(1);
    const second = await joinMeeting(members[0]!.headers, world.id, mainSpace);
    expect(second.id).toBe(first.id);
    // The newcomer is told whom to connect to in its own join answer.
    expect(second.attendees).toEqual([{ attendeeId: first.attendee.AttendeeId, userId: owner.id }]);
    expect(
      await ownerSocket.next('meeting.attendeeJoined', (m) => m.userId === members[0]!.id),
    ).toMatchObject({
      meetingId: first.id,
      attendeeId: second.attendee.AttendeeId,
    });
    const list = (await get(owner.headers, `/api/worlds/${world.id}/chime_meetings`)).json();
    expect(list.items).toEqual([expect.objectContaining({ id: first.id, attendeeCount: 2 })]);
    const detail = (
      await get(members[0]!.headers, `/api/worlds/${world.id}/chime_meetings/${first.id}`)
    ).json();
    expect(detail.attendees.map((a: { userId: string }) => a.userId)).toEqual([
      owner.id,
      members[0]!.id,
    ]);
    const who = await get(
      owner.headers,
      `/api/worlds/${world.id}/chime_meeting_attendees/${second.attendee.AttendeeId}`,
    );
    expect(who.json()).toMatchObject({ userId: members[0]!.id, role: 'user', leftAt: null });
  });

  it('refuses a space of another world', async () => {
    const { owner, world } = await people.world([]);
    const other = await people.world([]);
    const res = await post(owner.headers, `/api/worlds/${world.id}/chime_meetings`, {
      spaceId: other.mainSpace,
    });
    expect(res.statusCode).toBe(404);
  });

  it('replaces the attendee of a user who joins again, and tells the old tab which attendee must stop', async () => {
    const { world, members, mainSpace } = await people.world(['user']);
    const user = members[0]!;
    const tab = await socket(user.headers, world.id, 'tab');
    const before = await joinMeeting(user.headers, world.id, mainSpace);
    const after = await joinMeeting(user.headers, world.id, mainSpace);
    expect(after.id).toBe(before.id);
    expect(after.attendee.AttendeeId).not.toBe(before.attendee.AttendeeId);
    expect(await tab.next('meeting.joinedElsewhere')).toEqual({
      type: 'meeting.joinedElsewhere',
      meetingId: before.id,
      attendeeId: before.attendee.AttendeeId,
    });
    const id = await get(
      user.headers,
      `/api/worlds/${world.id}/chime_meetings/attendee_id?meetingId=${before.id}&userId=${user.id}`,
    );
    expect(id.json()).toEqual({ attendeeId: after.attendee.AttendeeId });
    const detail = (
      await get(user.headers, `/api/worlds/${world.id}/chime_meetings/${before.id}`)
    ).json();
    expect(detail.attendeeCount).toBe(1);
  });

  it('tells the others who left, and ends the meeting when the last one leaves', async () => {
    const { owner, world, members, mainSpace } = await people.world(['user']);
    const ownerSocket = await socket(owner.headers, world.id, 'owner');
    const meeting = await joinMeeting(owner.headers, world.id, mainSpace);
    const theirs = await joinMeeting(members[0]!.headers, world.id, mainSpace);
    const left = await post(
      members[0]!.headers,
      `/api/worlds/${world.id}/chime_meetings/${meeting.id}/leave`,
    );
    expect(left.json()).toEqual({ message: removalMessages.left });
    expect(await ownerSocket.next('meeting.attendeeLeft')).toEqual({
      type: 'meeting.attendeeLeft',
      meetingId: meeting.id,
      attendeeId: theirs.attendee.AttendeeId,
      userId: members[0]!.id,
    });
    await post(owner.headers, `/api/worlds/${world.id}/chime_meetings/${meeting.id}/leave`);
    expect((await get(owner.headers, `/api/worlds/${world.id}/chime_meetings`)).json()).toEqual({
      items: [],
    });
    const next = await joinMeeting(owner.headers, world.id, mainSpace);
    expect(next.id).not.toBe(meeting.id);
  });

  it('kicks by rank: owner and staff kick users, staff cannot kick staff, nobody kicks the owner', async () => {
    const { owner, world, members, mainSpace } = await people.world(['staff', 'staff', 'user']);
    const [staff, otherStaff, user] = members as [
      (typeof members)[0],
      (typeof members)[0],
      (typeof members)[0],
    ];
    const meeting = await joinMeeting(user.headers, world.id, mainSpace);
    await joinMeeting(otherStaff.headers, world.id, mainSpace);
    const userSocket = await socket(user.headers, world.id, 'user');
    const kickUrl = `/api/worlds/${world.id}/chime_meetings/kick`;

    expect((await post(user.headers, kickUrl, { userId: otherStaff.id })).statusCode).toBe(403);
    const onOwner = await post(staff.headers, kickUrl, { userId: owner.id });
    expect([onOwner.statusCode, onOwner.json().errors]).toEqual([
      422,
      [removalMessages.cannotKickOwner],
    ]);
    const onStaff = await post(staff.headers, kickUrl, { userId: otherStaff.id });
    expect([onStaff.statusCode, onStaff.json().errors]).toEqual([
      422,
      [removalMessages.staffCannotKickStaff],
    ]);

    const kicked = await post(staff.headers, kickUrl, { userId: user.id });
    expect(kicked.json()).toEqual({ kickedCount: 1 });
    expect(await userSocket.next('meeting.kicked')).toEqual({
      type: 'meeting.kicked',
      meetingId: null,
    });
    const batch = await post(
      owner.headers,
      `/api/worlds/${world.id}/chime_meetings/${meeting.id}/batch_kick`,
      {
        userIds: [otherStaff.id],
      },
    );
    expect(batch.json()).toEqual({ kickedCount: 1 });
    expect(
      (await get(owner.headers, `/api/worlds/${world.id}/chime_meetings`)).json().items,
    ).toEqual([]);
  });

  it('refuses a whole batch when one target may not be kicked', async () => {
    const { owner, world, members, mainSpace } = await people.world(['staff', 'user']);
    const [staff, user] = members as [(typeof members)[0], (typeof members)[0]];
    const meeting = await joinMeeting(user.headers, world.id, mainSpace);
    const res = await post(
      staff.headers,
      `/api/worlds/${world.id}/chime_meetings/${meeting.id}/batch_kick`,
      {
        userIds: [user.id, owner.id],
      },
    );
    expect(res.statusCode).toBe(422);
    const id = await get(
      owner.headers,
      `/api/worlds/${world.id}/chime_meetings/attendee_id?meetingId=${meeting.id}&userId=${user.id}`,
    );
    expect(id.json().attendeeId).toBe(meeting.attendee.AttendeeId);
  });

  it('forces a device off: the target hears it, a rejoin keeps it, the others see the device off', async () => {
    const { owner, world, members, mainSpace } = await people.world(['staff', 'user']);
    const [staff, user] = members as [(typeof members)[0], (typeof members)[0]];
    const meeting = await joinMeeting(user.headers, world.id, mainSpace);
    await joinMeeting(owner.headers, world.id, mainSpace);
    const userSocket = await socket(user.headers, world.id, 'user');
    const ownerSocket = await socket(owner.headers, world.id, 'owner');
    const forceUrl = `/api/worlds/${world.id}/chime_meetings/${meeting.id}/force_devices`;

    const forced = await post(staff.headers, forceUrl, {
      userId: user.id,
      device: 'mic',
      disabled: true,
    });
    expect(forced.statusCode, forced.body).toBe(200);
    expect(forced.json()).toMatchObject({
      userId: user.id,
      micForceDisabled: true,
      videoForceDisabled: false,
    });
    expect(await userSocket.next('meeting.forceDevice')).toEqual({
      type: 'meeting.forceDevice',
      meetingId: meeting.id,
      device: 'mic',
      disabled: true,
    });
    const onOwner = await post(staff.headers, forceUrl, {
      userId: owner.id,
      device: 'video',
      disabled: true,
    });
    expect(onOwner.json().errors).toEqual([attendeeMessages.cannotForceOwner]);

    const again = await joinMeeting(user.headers, world.id, mainSpace);
    expect(again).toMatchObject({ micForceDisabled: true, videoForceDisabled: false });
    userSocket.send({
      type: 'meeting.deviceState',
      meetingId: meeting.id,
      mic: true,
      video: true,
      screen: false,
    });
    expect(
      await ownerSocket.next('meeting.deviceState', (m) => m.userId === user.id),
    ).toMatchObject({
      attendeeId: again.attendee.AttendeeId,
      mic: false,
      video: true,
    });
    const released = await post(owner.headers, forceUrl, {
      userId: user.id,
      device: 'mic',
      disabled: false,
    });
    expect(released.json().micForceDisabled).toBe(false);
    await post(user.headers, `/api/worlds/${world.id}/chime_meetings/${meeting.id}/leave`);
    const notIn = await post(owner.headers, forceUrl, {
      userId: user.id,
      device: 'mic',
      disabled: true,
    });
    expect([notIn.statusCode, notIn.json().errors]).toEqual([422, [attendeeMessages.notInMeeting]]);
  });

  it("relays a signal only from the sender's own attendee to another attendee of the same meeting", async () => {
    const { owner, world, members, mainSpace } = await people.world(['user', 'user']);
    const [a, outsider] = members as [(typeof members)[0], (typeof members)[0]];
    const meeting = await joinMeeting(owner.headers, world.id, mainSpace);
    const theirs = await joinMeeting(a.headers, world.id, mainSpace);
    const ownerSocket = await socket(owner.headers, world.id, 'owner');
    const aSocket = await socket(a.headers, world.id, 'a');
    const outsiderSocket = await socket(outsider.headers, world.id, 'outsider');
    const description = { type: 'offer' as const, sdp: 'v=0' };

    ownerSocket.send({
      type: 'meeting.signal',
      signal: {
        meetingId: meeting.id,
        fromAttendeeId: meeting.attendee.AttendeeId,
        toAttendeeId: theirs.attendee.AttendeeId,
        description,
      },
    });
    expect((await aSocket.next('meeting.signal')).signal.fromAttendeeId).toBe(
      meeting.attendee.AttendeeId,
    );
    // Not in the meeting, pretending to be the owner's attendee: dropped.
    outsiderSocket.send({
      type: 'meeting.signal',
      signal: {
        meetingId: meeting.id,
        fromAttendeeId: meeting.attendee.AttendeeId,
        toAttendeeId: theirs.attendee.AttendeeId,
        description,
      },
    });
    // To an attendee that is not in the meeting: dropped.
    ownerSocket.send({
      type: 'meeting.signal',
      signal: {
        meetingId: meeting.id,
        fromAttendeeId: meeting.attendee.AttendeeId,
        toAttendeeId: 'someone-else',
        description,
      },
    });
    expect(await aSocket.none('meeting.signal')).toBe(true);
    expect(await outsiderSocket.none('meeting.signal', 0)).toBe(true);
  });

  it('records time only for attendees and sums it per day of the world', async () => {
    const { owner, world, members, mainSpace } = await people.world(['user']);
    const meeting = await joinMeeting(owner.headers, world.id, mainSpace);
    const url = `/api/worlds/${world.id}/chime_meeting_time_counts`;
    expect(
      (await post(owner.headers, url, { meetingId: meeting.id, seconds: 60 })).statusCode,
    ).toBe(201);
    expect(
      (await post(owner.headers, url, { meetingId: meeting.id, seconds: 30 })).statusCode,
    ).toBe(201);
    const outside = await post(members[0]!.headers, url, { meetingId: meeting.id, seconds: 60 });
    expect([outside.statusCode, outside.json().errors]).toEqual([
      422,
      [attendeeMessages.youAreNotInMeeting],
    ]);

    const now = t.clock.now();
    const from = new Date(now.getTime() - 86_400_000).toISOString();
    const to = new Date(now.getTime() + 86_400_000).toISOString();
    const summary = (await get(owner.headers, `${url}?from=${from}&to=${to}`)).json();
    expect(summary.totalAttendeeSeconds).toBe(90);
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' }).format(now);
    expect(summary.items).toEqual([{ date: today, attendeeSeconds: 90 }]);
    const tooLong = await get(
      owner.headers,
      `${url}?from=${from}&to=${new Date(now.getTime() + 400 * 86_400_000).toISOString()}`,
    );
    expect([tooLong.statusCode, tooLong.json().errors]).toEqual([422, [timeCountMessages.range]]);
    expect((await get(members[0]!.headers, `${url}?from=${from}&to=${to}`)).statusCode).toBe(403);
  });
});
