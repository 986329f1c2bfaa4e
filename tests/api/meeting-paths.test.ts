// Which path a space's meeting takes under the embedded default (MEETING_PROVIDER unset, ADR 023):
// the mesh for a space of up to three seats, the media server for a larger one, and a running
// meeting stays on its path when the space's seats change.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { spaces } from '../../server/db/schema';
import { useTestServer } from './support/app';
import { testDbKind } from './support/database';
import type { AuthHeaders } from './support/session';
import { worldPeople } from './support/world-members';

const t = useTestServer();
const people = worldPeople(t);

beforeAll(async () => {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
});

async function join(headers: AuthHeaders, worldId: string, spaceId: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/worlds/${worldId}/chime_meetings`,
    headers,
    payload: { spaceId },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; provider: string };
}

describe(`the embedded meeting paths on ${testDbKind}`, () => {
  it('meets on the media server in the hall and on the mesh at a table of three', async () => {
    const { owner, world, members, mainSpace } = await people.world(['user']);
    expect((await join(owner.headers, world.id, mainSpace)).provider).toBe('sfu');

    const [table] = await t.database.db
      .insert(spaces)
      .values({ worldId: world.id, name: '三人席', kind: 'table', capacity: 3 })
      .returning({ id: spaces.id });
    const first = await join(members[0]!.headers, world.id, table!.id);
    expect(first.provider).toBe('local');

    // Four seats now: the meeting already running keeps its path and its attendees.
    await t.database.db.update(spaces).set({ capacity: 4 }).where(eq(spaces.id, table!.id));
    const second = await join(owner.headers, world.id, table!.id);
    expect(second).toMatchObject({ id: first.id, provider: 'local' });
  });

  it('starts a table of four on the media server', async () => {
    const { owner, world } = await people.world([]);
    const [table] = await t.database.db
      .insert(spaces)
      .values({ worldId: world.id, name: '四人席', kind: 'table', capacity: 4 })
      .returning({ id: spaces.id });
    expect((await join(owner.headers, world.id, table!.id)).provider).toBe('sfu');
  });
});
