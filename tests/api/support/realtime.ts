import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import WebSocket from 'ws';
import {
  type RealtimeClientMessage,
  type RealtimeServerMessage,
  serverMessageSchema,
} from '../../../src/domain/realtime';
import type { AuthHeaders } from './session';

type Message = RealtimeServerMessage;
type Of<T extends Message['type']> = Extract<Message, { type: T }>;

/** POST chime_meetings: `headers` joins the meeting of `spaceId` (201 expected); the join answer. */
export async function joinMeeting<
  Join = { id: string; provider: string; attendee: { AttendeeId: string } },
>(app: FastifyInstance, headers: AuthHeaders, worldId: string, spaceId: string): Promise<Join> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/worlds/${worldId}/chime_meetings`,
    headers,
    payload: { spaceId },
  });
  if (res.statusCode !== 201) throw new Error(`join refused: ${res.statusCode} ${res.body}`);
  return res.json() as Join;
}

/** The address of a server started with app.listen (port 0). */
export function baseUrl(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the server is not listening');
  return `ws://127.0.0.1:${address.port}`;
}

export async function ticketFor(app: FastifyInstance, headers: AuthHeaders, worldId: string) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/worlds/${worldId}/realtime_tickets`,
    headers,
  });
  if (res.statusCode !== 201) throw new Error(`ticket refused: ${res.statusCode} ${res.body}`);
  return res.json() as { ticket: string; url: string; expiresAt: string };
}

/**
 * A real WebSocket client: every message it receives is checked against the protocol's schema
 * and kept, so a test can wait for the next one of a type or assert that none came.
 */
export class RealtimeClient {
  readonly received: Message[] = [];
  /** Resolves when the server confirmed the ticket (`ready`): from then on nothing for the user is lost. */
  readonly ready: Promise<void>;
  /** The presence snapshot the server sent first (set by connect()). */
  snapshot: Of<'presence.snapshot'> | null = null;
  readonly closed: Promise<{ code: number }>;
  private waiters: { test: (m: Message) => boolean; resolve: (m: Message) => void }[] = [];

  constructor(
    readonly socket: WebSocket,
    readonly label = 'client',
  ) {
    socket.on('message', (data) => {
      const message = serverMessageSchema.parse(JSON.parse(String(data)));
      this.received.push(message);
      const waiter = this.waiters.find((w) => w.test(message));
      if (waiter) {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        waiter.resolve(message);
      }
    });
    this.closed = new Promise((resolve) => socket.on('close', (code) => resolve({ code })));
    this.ready = this.next('ready').then(() => undefined);
    this.ready.catch(() => {});
  }

  static async open(
    base: string,
    path: string,
    options: { autoPong?: boolean; label?: string } = {},
  ) {
    const socket = new WebSocket(`${base}${path}`, { autoPong: options.autoPong ?? true });
    const client = new RealtimeClient(socket, options.label);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return client;
  }

  /**
   * The first message of this type not yet taken (already received or still to come). The limit
   * is for a hang, not for speed: a second process's first answer took over 5 s at load 12.
   */
  next<T extends Message['type']>(
    type: T,
    match: (m: Of<T>) => boolean = () => true,
    timeoutMs = 20_000,
  ): Promise<Of<T>> {
    const test = (m: Message) => m.type === type && match(m as Of<T>);
    const index = this.received.findIndex(test);
    if (index >= 0) return Promise.resolve(this.received.splice(index, 1)[0] as Of<T>);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${this.label}: no ${type} within ${timeoutMs} ms`)),
        timeoutMs,
      );
      this.waiters.push({
        test,
        resolve: (m) => {
          clearTimeout(timer);
          this.received.splice(this.received.indexOf(m), 1);
          resolve(m as Of<T>);
        },
      });
    });
  }

  /** Nothing of this type arrived (waits a little for stragglers first). */
  async none(type: Message['type'], waitMs = 300): Promise<boolean> {
    await new Promise((r) => setTimeout(r, waitMs));
    return !this.received.some((m) => m.type === type);
  }

  send(message: RealtimeClientMessage) {
    this.socket.send(JSON.stringify(message));
  }

  close() {
    this.socket.close();
    return this.closed;
  }
}

/** Asks for a ticket with the member's headers and opens the world's socket. */
export async function connect(
  app: FastifyInstance,
  headers: AuthHeaders,
  worldId: string,
  label?: string,
  base = baseUrl(app),
) {
  const { url } = await ticketFor(app, headers, worldId);
  const client = await RealtimeClient.open(base, url, { label });
  await client.ready;
  client.snapshot = await client.next('presence.snapshot');
  return client;
}

/**
 * Listens on a free port for the file's tests (sockets need a real port) and terminates the
 * sockets the tests push into the returned list once they are done.
 */
export function listenWithSockets(t: { readonly app: FastifyInstance }): RealtimeClient[] {
  const open: RealtimeClient[] = [];
  beforeAll(async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => {
    for (const client of open) client.socket.terminate();
  });
  return open;
}
