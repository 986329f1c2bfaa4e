import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  sessionMachine,
  sessionStatus,
  type RestoredSession,
} from '../../machines/session.machine';
import { createScope } from './scoped';

const user = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'hanako@example.com',
  name: '山田花子',
  isGuest: false,
  unconfirmedEmail: null,
  iconUrl: null,
  createdAt: '2025-01-01T00:00:00.000Z',
};

function counted() {
  const calls = { created: 0, started: 0, stopped: 0 };
  const scope = createScope(() => {
    calls.created++;
    return { start: () => void calls.started++, stop: () => void calls.stopped++ };
  });
  return { scope, calls };
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createScope', () => {
  it("keeps one running value through StrictMode's mount, unmount, mount", async () => {
    const { scope, calls } = counted();
    const first = scope.current;
    scope.mount()();
    scope.mount();
    await nextTask();
    expect(scope.current).toBe(first);
    expect(calls).toEqual({ created: 1, started: 1, stopped: 0 });
  });

  it('stops the value after a real unmount, once', async () => {
    const { scope, calls } = counted();
    const unmount = scope.mount();
    unmount();
    unmount();
    expect(calls.stopped).toBe(0);
    await nextTask();
    expect(calls).toEqual({ created: 1, started: 1, stopped: 1 });
  });

  it('mounting again after the stop starts a new value and says so', async () => {
    const { scope, calls } = counted();
    const first = scope.current;
    scope.mount()();
    await nextTask();
    const replaced = vi.fn();
    scope.mount(replaced);
    expect(replaced).toHaveBeenCalledOnce();
    expect(scope.current).not.toBe(first);
    expect(calls).toEqual({ created: 2, started: 2, stopped: 1 });
  });

  it('keeps a restoring session restoring through a StrictMode remount: signed in, not sent to /signin', async () => {
    // As the API call does, the restore rejects with an AbortError when its signal aborts.
    let answer: (value: RestoredSession) => void = () => {};
    const restoreSession = fromPromise<RestoredSession>(
      ({ signal }) =>
        new Promise((resolve, reject) => {
          answer = resolve;
          signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const navigateToSignIn = vi.fn();
    const scope = createScope(() =>
      createActor(
        sessionMachine.provide({
          actors: { restoreSession },
          actions: {
            navigateToSignIn,
            storeUser: () => {},
            clearStoredAuth: () => {},
            showError: () => {},
          },
        }),
      ),
    );
    scope.mount()();
    scope.mount();
    await nextTask();
    answer({ user });
    const signedIn = await waitFor(scope.current, (s) => sessionStatus(s) !== 'restoring');
    expect(sessionStatus(signedIn)).toBe('signedIn');
    expect(navigateToSignIn).not.toHaveBeenCalled();
  });
});

describe('createScope shared by several pages', () => {
  it('runs while any page is mounted and stops a delay after the last leaves', async () => {
    vi.useFakeTimers();
    try {
      const calls = { started: 0, stopped: 0 };
      const onStopped = vi.fn();
      const scope = createScope(
        () => ({ start: () => void calls.started++, stop: () => void calls.stopped++ }),
        { stopDelayMs: 2_000, onStopped },
      );
      const leaveGate = scope.mount();
      const leaveMeeting = scope.mount();
      leaveGate();
      vi.advanceTimersByTime(5_000);
      expect(calls).toEqual({ started: 1, stopped: 0 });
      leaveMeeting();
      vi.advanceTimersByTime(1_999);
      // The next page of the same world within the delay keeps the same running value.
      scope.mount()();
      vi.advanceTimersByTime(1_999);
      expect(calls.stopped).toBe(0);
      vi.advanceTimersByTime(1);
      expect(calls).toEqual({ started: 1, stopped: 1 });
      expect(onStopped).toHaveBeenCalledOnce();
    } finally {
      vi.useRealTimers();
    }
  });
});
