import { describe, expect, it } from 'vitest';
import { useTestServer } from './support/app';
import { testDbKind } from './support/database';
import { joinMeeting } from './support/realtime';
import { worldPeople } from './support/world-members';

// Every attendee row shows who it is and a badge (ADR 016): a guest's is the enter-page badge
// picked when entering (docs/product.md §2), which the meeting's attendees carry for everyone.
const t = useTestServer();
const people = worldPeople(t);

describe(`attendee badges on ${testDbKind}`, () => {
  it('lists a guest with the badge picked at the enter page, members and guests without one with none', async () => {
    const { owner, world, members, mainSpace } = await people.world(['user']);
    const saved = await t.app.inject({
      method: 'POST',
      url: `/api/mypage/worlds/${world.id}/enter_guest_editable_badges`,
      headers: owner.headers,
      payload: { items: [{ label: '登壇者', color: '#d1242f' }] },
    });
    expect(saved.statusCode, saved.body).toBeLessThan(300);
    const speaker = saved.json().items[0] as { id: string; color: string };
    const guest = await people.guest(world.id, owner.headers, '登壇するゲスト', speaker.id);
    const plain = await people.guest(world.id, owner.headers, '見学のゲスト');

    const meeting = await joinMeeting(t.app, owner.headers, world.id, mainSpace);
    for (const who of [guest, plain, members[0]!])
      await joinMeeting(t.app, who.headers, world.id, mainSpace);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/worlds/${world.id}/chime_meetings/${meeting.id}`,
      headers: members[0]!.headers,
    });
    expect(detail.statusCode, detail.body).toBe(200);
    const rows = detail.json().attendees as {
      userId: string;
      name: string;
      role: string;
      badge: unknown;
      attendeeId: string;
    }[];
    const byUser = new Map(rows.map((r) => [r.userId, r]));
    expect(byUser.get(guest.id)).toMatchObject({
      name: '登壇するゲスト',
      role: 'guest',
      badge: { label: '登壇者', color: speaker.color },
    });
    expect(byUser.get(plain.id)?.badge).toBeNull();
    expect(byUser.get(owner.id)?.badge).toBeNull();
    expect(byUser.get(members[0]!.id)?.badge).toBeNull();
    const one = await t.app.inject({
      method: 'GET',
      url: `/api/worlds/${world.id}/chime_meeting_attendees/${byUser.get(guest.id)!.attendeeId}`,
      headers: owner.headers,
    });
    expect(one.json().badge).toEqual({ label: '登壇者', color: speaker.color });
  });
});
