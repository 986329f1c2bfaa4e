import type { SocketLike } from './realtime-client';

/** A realtime socket the test speaks for: what the client sent, and the server's side by hand. */
export class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  closedWith: number | undefined;
  onopen: SocketLike['onopen'] = null;
  onclose: SocketLike['onclose'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onerror: SocketLike['onerror'] = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close(code?: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
  /** The socket opens; the server then confirms it (`ready`) unless told the ticket check is still out. */
  serverOpens({ confirm = true } = {}) {
    this.readyState = 1;
    this.onopen?.({});
    if (confirm) this.serverSends({ type: 'ready' });
  }
  serverSends(data: unknown) {
    this.onmessage?.({ data: typeof data === 'string' ? data : JSON.stringify(data) });
  }
  serverCloses(code: number) {
    this.readyState = 3;
    this.onclose?.({ code, reason: '' });
  }
}
