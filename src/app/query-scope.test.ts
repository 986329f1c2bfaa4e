import { describe, expect, it, vi } from 'vitest';
import type { SessionSnapshot } from '../machines/session.machine';
import { clearOnUserChange } from './query-scope';

/** A session source whose snapshots the test sets; only context.user is read. */
function fakeSession(userId: string | null) {
  const listeners = new Set<(snapshot: SessionSnapshot) => void>();
  const snapshotOf = (id: string | null) =>
    ({ context: { user: id === null ? null : { id } } }) as unknown as SessionSnapshot;
  let current = snapshotOf(userId);
  return {
    getSnapshot: () => current,
    subscribe(listener: (snapshot: SessionSnapshot) => void) {
      listeners.add(listener);
      return { unsubscribe: () => listeners.delete(listener) };
    },
    become(id: string | null) {
      current = snapshotOf(id);
      for (const listener of listeners) listener(current);
    },
  };
}

describe('clearOnUserChange', () => {
  it('empties the cache on sign-out, and when another account or a guest signs in', () => {
    const session = fakeSession('owner-1');
    const client = { clear: vi.fn() };
    clearOnUserChange(session, client);

    session.become(null);
    expect(client.clear).toHaveBeenCalledTimes(1);
    session.become('owner-2');
    expect(client.clear).toHaveBeenCalledTimes(2);
    session.become('guest-9');
    expect(client.clear).toHaveBeenCalledTimes(3);
  });

  it('keeps the cache while the same user stays (a name change, a token refresh)', () => {
    const session = fakeSession('owner-1');
    const client = { clear: vi.fn() };
    clearOnUserChange(session, client);

    session.become('owner-1');

    expect(client.clear).not.toHaveBeenCalled();
  });

  it('stops when asked', () => {
    const session = fakeSession('owner-1');
    const client = { clear: vi.fn() };
    const stop = clearOnUserChange(session, client);

    stop();
    session.become('owner-2');

    expect(client.clear).not.toHaveBeenCalled();
  });
});
