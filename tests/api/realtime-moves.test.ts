import { describe, expect, it, vi } from 'vitest';
import { realtimeCloseCodes } from '../../src/domain/realtime';
import { MOVE_BURST, MOVE_WINDOW_MS, MOVES_PER_SECOND } from '../../server/realtime/moves';
import { useTestServer } from './support/app';
import { testDbKind } from './support/database';
import { connect, listenWithSockets } from './support/realtime';
import { worldPeople } from './support/world-members';

// The default heartbeat: a flood keeps this server busy for a while, which a test heartbeat of a
// fraction of a second would take for a dead peer.
const t = useTestServer();
const people = worldPeople(t);
const open = listenWithSockets(t);

describe(`presence moves on ${testDbKind}`, () => {
  it('closes a socket that floods moves once over its message budget (4008); the others see it a few times', async () => {
    const { owner, world, members, mainSpace } = await people.world(['user']);
    const flooder = members[0]!;
    const watcher = await connect(t.app, owner.headers, world.id, 'watcher');
    const noisy = await connect(t.app, flooder.headers, world.id, 'flooder');
    open.push(watcher, noisy);
    await watcher.next('presence.joined');
    const startedAt = Date.now();
    for (let i = 0; i < 10_000; i++)
      noisy.send({ type: 'presence.move', spaceId: i % 2 === 0 ? mainSpace : null });
    expect((await noisy.closed).code).toBe(realtimeCloseCodes.tooManyMessages);
    await watcher.next('presence.left', (m) => m.userId === flooder.id, 20_000);
    const flooderMoves = watcher.received
      .filter((m) => m.type === 'presence.moved')
      .flatMap((m) => m.moves.filter((x) => x.userId === flooder.id));
    const windows = Math.ceil((Date.now() - startedAt) / MOVE_WINDOW_MS) + 1;
    // At most one move of the socket per window reached the others, not 10,000.
    expect(flooderMoves.length).toBeLessThanOrEqual(windows);
    expect(flooderMoves.length).toBeLessThan(10_000 / 10);
  });

  it('paces a socket that keeps moving: beyond its budget only its latest move is made', async () => {
    const { owner, world, members, mainSpace } = await people.world(['user']);
    const mover = members[0]!;
    const watcher = await connect(t.app, owner.headers, world.id, 'watcher');
    const restless = await connect(t.app, mover.headers, world.id, 'restless');
    open.push(watcher, restless);
    await watcher.next('presence.joined');
    const startedAt = Date.now();
    // One move every 5 ms for a second: 40 windows, each with a move of its own to coalesce.
    for (let i = 0; i < 200; i++) {
      restless.send({ type: 'presence.move', spaceId: i % 2 === 0 ? null : mainSpace });
      await new Promise((r) => setTimeout(r, 5));
    }
    const sentAt = Date.now();
    const seen = () =>
      watcher.received
        .filter((m) => m.type === 'presence.moved')
        .flatMap((m) => m.moves.filter((x) => x.userId === mover.id));
    // The held move is made once the budget allows one more: within a window after that.
    const settled = MOVE_WINDOW_MS + 1000 / MOVES_PER_SECOND;
    await vi.waitFor(
      () => {
        expect(Date.now() - sentAt).toBeGreaterThan(settled);
        expect(seen().at(-1)).toEqual({ userId: mover.id, spaceId: mainSpace });
      },
      { timeout: 20_000, interval: 50 },
    );
    const seconds = (sentAt - startedAt) / 1000;
    expect(seen().length).toBeLessThanOrEqual(MOVE_BURST + MOVES_PER_SECOND * seconds + 2);
  });
});
