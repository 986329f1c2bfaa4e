import { describe, expect, it } from 'vitest';
import { TRIAL_CAPACITY } from '../../src/domain/price';
import { calendarDates } from '../../server/db/schema';
import { joinMessages } from '../../server/meetings/join';
import { useTestServer } from './support/app';
import { testDbKind } from './support/database';
import { worldPeople } from './support/world-members';

const t = useTestServer();
const people = worldPeople(t);

describe(`meeting capacity on ${testDbKind}`, () => {
  it("lets exactly 8 of 9 simultaneous joins in outside a reserved date, then the date's capacity applies", async () => {
    const { owner, world, members, mainSpace } = await people.world(
      Array.from({ length: TRIAL_CAPACITY + 1 }, () => 'user' as const),
    );
    const join = (headers: typeof owner.headers) =>
      t.app.inject({
        method: 'POST',
        url: `/api/worlds/${world.id}/chime_meetings`,
        headers,
        payload: { spaceId: mainSpace },
      });

    const answers = await Promise.all(members.map((m) => join(m.headers)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(TRIAL_CAPACITY).fill(201), 422]);
    const refused = answers.find((a) => a.statusCode === 422)!;
    expect(refused.json().errors).toEqual([joinMessages.full(TRIAL_CAPACITY)]);
    expect(joinMessages.full(TRIAL_CAPACITY)).toBe('このワールドは満員です（定員8名）。');
    // Everyone who got in is in one meeting.
    expect(new Set(answers.filter((a) => a.statusCode === 201).map((a) => a.json().id)).size).toBe(
      1,
    );

    // Someone already in joining again (another tab) does not count twice.
    const inside = members[answers.findIndex((a) => a.statusCode === 201)]!;
    expect((await join(inside.headers)).statusCode).toBe(201);

    const now = t.clock.now();
    await t.database.db.insert(calendarDates).values({
      worldId: world.id,
      startAt: new Date(now.getTime() - 600_000),
      endAt: new Date(now.getTime() + 3_600_000),
      capacity: TRIAL_CAPACITY + 1,
      status: 'reserved',
    });
    const late = members[answers.indexOf(refused)]!;
    expect((await join(late.headers)).statusCode).toBe(201);
    const full = await join(owner.headers);
    expect([full.statusCode, full.json().errors]).toEqual([
      422,
      ['このワールドは満員です（定員9名）。'],
    ]);
    const view = await t.app.inject({
      method: 'GET',
      url: `/api/worlds/${world.id}`,
      headers: owner.headers,
    });
    expect(view.json()).toMatchObject({
      capacity: TRIAL_CAPACITY + 1,
      currentCalendarDateId: expect.any(String),
    });
  });
});
