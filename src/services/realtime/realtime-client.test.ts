import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { realtimeCloseCodes, type RealtimeServerMessage } from '../../domain/realtime';
import { nextBackoffMs } from './backoff';
import {
  createRealtimeClient,
  TicketRefusedError,
  type RealtimeClientOptions,
} from './realtime-client';
import { FakeSocket } from './test-support';

const meetingId = '7d3f8c1e-2b4a-4c5d-9e6f-0a1b2c3d4e5f';

function setup(overrides: Partial<RealtimeClientOptions> = {}) {
  const sockets: FakeSocket[] = [];
  let tickets = 0;
  const getTicket = vi.fn(async () => `ticket-${++tickets}`);
  const client = createRealtimeClient({
    getTicket,
    urlFor: (ticket) => `ws://test/api/realtime?ticket=${ticket}`,
    openSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    random: () => 1,
    pingIntervalMs: 1_000,
    ...overrides,
  });
  const last = () => sockets.at(-1)!;
  return { client, sockets, last, getTicket };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('realtime client', () => {
  it('connects with a fresh ticket in the URL and reports open', async () => {
    const { client, last } = setup();
    client.connect();
    await vi.advanceTimersByTimeAsync(0);
    expect(last().url).toBe('ws://test/api/realtime?ticket=ticket-1');
    last().serverOpens();
    expect(client.status).toEqual({ kind: 'open' });
  });

  it('is open only once the server confirmed the ticket; what was sent before waits for it', async () => {
    const { client, last } = setup();
    const statuses: string[] = [];
    client.onStatus((s) => statuses.push(s.kind));
    client.connect();
    await vi.advanceTimersByTimeAsync(0);
    last().serverOpens({ confirm: false });
    client.send({ type: 'presence.move', spaceId: null });
    expect(client.status).toEqual({ kind: 'connecting' });
    expect(last().sent).toEqual([]);
    last().serverSends({ type: 'ready' });
    expect(statuses).toEqual(['connecting', 'open']);
    expect(last().sent.map((d) => JSON.parse(d))).toEqual([
      { type: 'presence.move', spaceId: null },
    ]);
  });

  it('hands valid server messages to subscribers and drops ones outside the protocol', async () => {
    const protocolErrors: unknown[] = [];
    const { client, last } = setup({ onProtocolError: (e) => protocolErrors.push(e) });
    const received: RealtimeServerMessage[] = [];
    client.subscribe((m) => received.push(m));
    client.connect();
    await vi.advanceTimersByTimeAsync(0);
    last().serverOpens();
    last().serverSends({ type: 'meeting.forceDevice', meetingId, device: 'mic', disabled: true });
    last().serverSends({
      type: 'meeting.forceDevice',
      meetingId,
      device: 'speaker',
      disabled: true,
    });
    last().serverSends('not json');
    expect(received).toEqual([
      { type: 'meeting.forceDevice', meetingId, device: 'mic', disabled: true },
    ]);
    expect(protocolErrors).toHaveLength(2);
  });

  it('reconnects after an unexpected close with a new ticket, after a growing backoff', async () => {
    const { client, sockets, last, getTicket } = setup();
    client.connect();
    await vi.advanceTimersByTimeAsync(0);
    last().serverOpens();
    last().serverCloses(1006);
    expect(client.status).toMatchObject({ kind: 'waiting', failures: 1 });
    await vi.advanceTimersByTimeAsync(nextBackoffMs(1, () => 1));
    expect(getTicket).toHaveBeenCalledTimes(2);
    expect(last().url).toContain('ticket-2');
    // This attempt fails before opening: the next wait is longer.
    last().serverCloses(realtimeCloseCodes.badTicket);
    expect(client.status).toMatchObject({ kind: 'waiting', failures: 2 });
    await vi.advanceTimersByTimeAsync(nextBackoffMs(2, () => 1) - 1);
    expect(sockets).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(3);
    expect(last().url).toContain('ticket-3');
  });

  it.each([
    [realtimeCloseCodes.disconnected, 'disconnected'],
    [realtimeCloseCodes.gone, 'gone'],
  ])('does not reconnect after close code %i', async (code, reason) => {
    const { client, sockets, last } = setup();
    client.connect();
    await vi.advanceTimersByTimeAsync(0);
    last().serverOpens();
    last().serverCloses(code);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1);
    expect(client.status).toEqual({ kind: 'closed', reason });
  });

  it('stops when the ticket is refused, and retries when the ticket call merely fails', async () => {
    const refused = setup({ getTicket: () => Promise.reject(new TicketRefusedError(404)) });
    refused.client.connect();
    await vi.advanceTimersByTimeAsync(0);
    expect(refused.client.status).toEqual({ kind: 'closed', reason: 'refused' });

    let calls = 0;
    const flaky = setup({
      getTicket: async () => (++calls === 1 ? Promise.reject(new Error('offline')) : 'ticket-ok'),
    });
    flaky.client.connect();
    await vi.advanceTimersByTimeAsync(0);
    expect(flaky.client.status.kind).toBe('waiting');
    await vi.advanceTimersByTimeAsync(nextBackoffMs(1, () => 1));
    expect(flaky.last().url).toContain('ticket-ok');
  });

  it('queues messages while down and sends them once open; pings while open', async () => {
    const { client, last } = setup();
    client.connect();
    client.send({ type: 'presence.move', spaceId: null });
    await vi.advanceTimersByTimeAsync(0);
    last().serverOpens();
    expect(last().sent).toEqual([JSON.stringify({ type: 'presence.move', spaceId: null })]);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(last().sent.slice(1)).toEqual([
      JSON.stringify({ type: 'ping' }),
      JSON.stringify({ type: 'ping' }),
    ]);
  });

  it('refuses to send a message the server would close the socket for', () => {
    const { client } = setup();
    // @ts-expect-error: not a client message
    expect(() => client.send({ type: 'meeting.kicked', meetingId: null })).toThrow();
  });

  it('close() shuts the socket and never reconnects', async () => {
    const { client, sockets, last } = setup();
    client.connect();
    await vi.advanceTimersByTimeAsync(0);
    last().serverOpens();
    const socket = last();
    client.close();
    expect(socket.closedWith).toBe(1000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1);
    expect(client.status).toEqual({ kind: 'closed', reason: 'closedByClient' });
  });

  it('ignores a ticket that arrives after close()', async () => {
    let resolve: (ticket: string) => void = () => {};
    const { client, sockets } = setup({ getTicket: () => new Promise((r) => (resolve = r)) });
    client.connect();
    client.close();
    resolve('late');
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets).toHaveLength(0);
  });
});

describe('backoff', () => {
  it('doubles up to the cap and stays within half and all of it', () => {
    expect(nextBackoffMs(1, () => 1)).toBe(500);
    expect(nextBackoffMs(3, () => 1)).toBe(2_000);
    expect(nextBackoffMs(30, () => 1)).toBe(15_000);
    expect(nextBackoffMs(3, () => 0)).toBe(1_000);
  });
});
