// The browser's one WebSocket per world (ADR 010, protocol in src/domain/realtime.ts): a fresh
// single-use ticket for every connection, server messages checked with serverMessageSchema,
// reconnection with jittered exponential backoff except where a close code says not to, and a
// ping that keeps proxies from closing an idle socket.
import {
  clientMessageSchema,
  realtimeCloseCodes,
  serverMessageSchema,
  type RealtimeClientMessage,
  type RealtimeServerMessage,
} from '../../domain/realtime';
import { nextBackoffMs, type BackoffOptions } from './backoff';

type RealtimeStatus =
  | { kind: 'idle' }
  | { kind: 'connecting' }
  | { kind: 'open' }
  /** Waiting `delayMs` before the next attempt, after `failures` failed ones in a row. */
  | { kind: 'waiting'; failures: number; delayMs: number }
  /** For good: closed by us, or by the server with a code that says not to come back. */
  | { kind: 'closed'; reason: RealtimeClosedReason };

type RealtimeClosedReason = 'closedByClient' | 'disconnected' | 'gone' | 'refused';

/** Thrown by getTicket when asking again cannot help (401, 403, 404): the client stops. */
export class TicketRefusedError extends Error {
  constructor(readonly status: number) {
    super(`realtime ticket refused: ${status}`);
    this.name = 'TicketRefusedError';
  }
}

/** What the client needs of a WebSocket: the browser's, or a fake in tests. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

interface RealtimeTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export interface RealtimeClientOptions {
  /** POST /api/worlds/{world_id}/realtime_tickets; throws TicketRefusedError when hopeless. */
  getTicket: () => Promise<string>;
  /** Default: ws(s)://<this origin>/api/realtime?ticket=... */
  urlFor?: (ticket: string) => string;
  openSocket?: (url: string) => SocketLike;
  timers?: RealtimeTimers;
  random?: () => number;
  backoff?: Partial<BackoffOptions>;
  pingIntervalMs?: number;
  /** Messages kept while the socket is down, sent when it opens again; older ones are dropped. */
  queueLimit?: number;
  /** Told about a server message that does not follow the protocol (a defect, not the user's). */
  onProtocolError?: (error: unknown) => void;
}

export interface RealtimeClient {
  /** Starts connecting (again, after a close by us). */
  connect(): void;
  /** Closes for good; no reconnection. */
  close(): void;
  /**
   * Sends now when open, else queues it for the next connection. Throws on a message the
   * protocol does not allow: the server would close the socket for it (1008).
   */
  send(message: RealtimeClientMessage): void;
  subscribe(listener: (message: RealtimeServerMessage) => void): () => void;
  onStatus(listener: (status: RealtimeStatus) => void): () => void;
  readonly status: RealtimeStatus;
}

const OPEN = 1;
/** A close without a code of ours (network loss, server restart, 1006): reconnect. */
const NO_RECONNECT: ReadonlyMap<number, RealtimeClosedReason> = new Map([
  [realtimeCloseCodes.disconnected, 'disconnected'],
  [realtimeCloseCodes.gone, 'gone'],
]);

const browserTimers: RealtimeTimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof setInterval>),
};

function defaultRealtimeUrl(ticket: string): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}/api/realtime?${new URLSearchParams({ ticket })}`;
}

export function createRealtimeClient(options: RealtimeClientOptions): RealtimeClient {
  const {
    getTicket,
    urlFor = defaultRealtimeUrl,
    openSocket = (url) => new WebSocket(url) as unknown as SocketLike,
    timers = browserTimers,
    random = Math.random,
    pingIntervalMs = 25_000,
    queueLimit = 200,
    onProtocolError = () => {},
  } = options;
  const listeners = new Set<(message: RealtimeServerMessage) => void>();
  const statusListeners = new Set<(status: RealtimeStatus) => void>();
  let status: RealtimeStatus = { kind: 'idle' };
  let socket: SocketLike | null = null;
  let queue: string[] = [];
  // Failed attempts since the last open socket: the backoff grows with them.
  let failures = 0;
  let retryTimer: unknown = null;
  let pingTimer: unknown = null;
  // Bumped on every connect/close so that a ticket arriving for an abandoned attempt is ignored.
  let generation = 0;

  function setStatus(next: RealtimeStatus) {
    status = next;
    for (const listener of statusListeners) listener(next);
  }

  function stopTimers() {
    if (retryTimer !== null) timers.clearTimeout(retryTimer);
    if (pingTimer !== null) timers.clearInterval(pingTimer);
    retryTimer = pingTimer = null;
  }

  function finish(reason: RealtimeClosedReason) {
    generation++;
    stopTimers();
    queue = [];
    const open = socket;
    socket = null;
    if (open) {
      open.onclose = open.onmessage = open.onopen = open.onerror = null;
      open.close(1000);
    }
    setStatus({ kind: 'closed', reason });
  }

  function scheduleRetry() {
    failures++;
    const delayMs = nextBackoffMs(failures, random, options.backoff);
    setStatus({ kind: 'waiting', failures, delayMs });
    const mine = generation;
    retryTimer = timers.setTimeout(() => {
      retryTimer = null;
      if (mine === generation) void open();
    }, delayMs);
  }

  async function open() {
    const mine = ++generation;
    setStatus({ kind: 'connecting' });
    let ticket: string;
    try {
      ticket = await getTicket();
    } catch (error) {
      if (mine !== generation) return;
      if (error instanceof TicketRefusedError) finish('refused');
      else scheduleRetry();
      return;
    }
    if (mine !== generation) return;
    const ws = openSocket(urlFor(ticket));
    socket = ws;
    // The socket is open only once the server has checked the ticket and said `ready`: before
    // that, messages addressed to this user could not reach it (issue 13).
    const ready = () => {
      failures = 0;
      setStatus({ kind: 'open' });
      const pending = queue;
      queue = [];
      for (const data of pending) ws.send(data);
      pingTimer = timers.setInterval(
        () => ws.readyState === OPEN && ws.send(JSON.stringify({ type: 'ping' })),
        pingIntervalMs,
      );
    };
    ws.onmessage = (event) => {
      let message: RealtimeServerMessage;
      try {
        message = serverMessageSchema.parse(JSON.parse(String(event.data)));
      } catch (error) {
        onProtocolError(error);
        return;
      }
      if (message.type === 'ready') {
        if (status.kind !== 'open') ready();
        return;
      }
      for (const listener of listeners) listener(message);
    };
    ws.onclose = (event) => {
      if (socket !== ws) return;
      socket = null;
      if (pingTimer !== null) timers.clearInterval(pingTimer);
      pingTimer = null;
      const reason = NO_RECONNECT.get(event.code);
      // A bad ticket (4001) and any other close: a new ticket and another attempt.
      if (reason) finish(reason);
      else scheduleRetry();
    };
    ws.onerror = () => {
      // The close event that always follows decides what happens next.
    };
  }

  return {
    connect() {
      if (status.kind !== 'idle' && status.kind !== 'closed') return;
      failures = 0;
      void open();
    },
    close() {
      if (status.kind === 'closed') return;
      finish('closedByClient');
    },
    send(message) {
      const data = JSON.stringify(clientMessageSchema.parse(message));
      if (status.kind === 'open' && socket?.readyState === OPEN) {
        socket.send(data);
        return;
      }
      if (status.kind === 'closed') return;
      queue.push(data);
      if (queue.length > queueLimit) queue.shift();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    get status() {
      return status;
    },
  };
}
