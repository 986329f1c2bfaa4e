// Watchers join the stage without waiting for one another (ADR 026): a watcher who attends
// nowhere holds the world shared, an attendee's join holds it alone. Only PostgreSQL runs
// transactions side by side; PGlite has one connection, so there every join takes its turn anyway.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { worlds } from '../../server/db/schema';
import { useTestServer } from './support/app';
import { testDbKind } from './support/database';
import { addStage } from './support/layouts';
import { worldPeople } from './support/world-members';

const t = useTestServer({ env: { MEETING_PROVIDER: 'local' } });
const people = worldPeople(t);
beforeAll(async () => {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
});

const call = (method: 'PATCH' | 'POST', url: string, headers: object, payload: object) =>
  t.app.inject({ method, url, headers: headers as Record<string, string>, payload });

/** Holds the world's row shared in a transaction of its own until `release()`. */
async function holdWorldShared(worldId: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const done = t.database.db.transaction(async (tx) => {
    await tx.select({ id: worlds.id }).from(worlds).where(eq(worlds.id, worldId)).for('share');
    locked();
    await released;
  });
  await isLocked;
  return async () => {
    release();
    await done;
  };
}

describe.runIf(testDbKind === 'postgres')('watchers joining at once (PostgreSQL)', () => {
  it('lets a watcher in while the world is held shared, and an attendee only once it is free', async () => {
    const { owner, world, members } = await people.world(['user', 'user']);
    const stage = (await addStage(t, world.id)).id;
    const w = (path: string) => `/api/worlds/${world.id}/${path}`;
    expect(
      (await call('POST', w('chime_meetings'), owner.headers, { spaceId: stage })).statusCode,
    ).toBe(201);
    await call('PATCH', w(`live_streamings/${stage}`), owner.headers, { status: 'live' });

    const release = await holdWorldShared(world.id);
    const watched = await call('PATCH', w(`watching_streamings/${stage}`), members[0]!.headers, {
      mode: 'watching',
    });
    expect(watched.statusCode, watched.body).toBe(200);
    // An attendee's join changes what others count (capacity, seats): it waits for the world.
    let answered = false;
    const attended = call('POST', w('chime_meetings'), members[1]!.headers, {
      spaceId: stage,
    }).then((r) => ((answered = true), r));
    await new Promise((r) => setTimeout(r, 300));
    expect(answered).toBe(false);
    await release();
    expect((await attended).statusCode).toBe(201);
  });

  it('makes a watcher who attends elsewhere wait for the world: ending that attendance may end its meeting', async () => {
    const { owner, world, members, mainSpace } = await people.world(['user']);
    const stage = (await addStage(t, world.id)).id;
    const w = (path: string) => `/api/worlds/${world.id}/${path}`;
    await call('POST', w('chime_meetings'), owner.headers, { spaceId: stage });
    await call('PATCH', w(`live_streamings/${stage}`), owner.headers, { status: 'live' });
    const lobby = await call('POST', w('chime_meetings'), members[0]!.headers, {
      spaceId: mainSpace,
    });
    expect(lobby.statusCode, lobby.body).toBe(201);

    const release = await holdWorldShared(world.id);
    let answered = false;
    const watched = call('PATCH', w(`watching_streamings/${stage}`), members[0]!.headers, {
      mode: 'watching',
    }).then((r) => ((answered = true), r));
    await new Promise((r) => setTimeout(r, 300));
    expect(answered).toBe(false);
    await release();
    expect((await watched).statusCode).toBe(200);
  });
});
