// The heartbeat on its own server: a beat of 0.2 s drops a silent socket within the test, but it
// also drops a socket that answers when a loaded machine holds the event loop for two beats, so
// the other realtime tests (realtime.test.ts) run with the default beat.
import { describe, expect, it } from 'vitest';
import { useTestServer } from './support/app';
import { testDbKind } from './support/database';
import { baseUrl, connect, RealtimeClient, ticketFor, listenWithSockets } from './support/realtime';
import { worldPeople } from './support/world-members';

const t = useTestServer({ env: { REALTIME_HEARTBEAT_SECONDS: '0.2' } });
const people = worldPeople(t);
const open = listenWithSockets(t);

describe(`realtime heartbeat on ${testDbKind}`, () => {
  it('drops a socket that stops answering pings, and the others see it leave', async () => {
    const { owner, world, members } = await people.world(['user']);
    const watcher = await connect(t.app, owner.headers, world.id);
    open.push(watcher);
    const { url } = await ticketFor(t.app, members[0]!.headers, world.id);
    const silent = await RealtimeClient.open(baseUrl(t.app), url, { autoPong: false });
    open.push(silent);
    await watcher.next('presence.joined');
    expect((await silent.closed).code).toBe(1006);
    await watcher.next('presence.left', (m) => m.userId === members[0]!.id);
  });
});
