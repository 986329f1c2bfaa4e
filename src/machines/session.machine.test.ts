import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { SESSION_EXPIRED_MESSAGE } from '../domain/session-expiry';
import { sessionMachine, sessionStatus, type RestoredSession, type User } from './session.machine';

const user: User = {
  id: 'u-1',
  email: 'hanako@example.com',
  name: '山田花子',
  isGuest: false,
  unconfirmedEmail: null,
  iconUrl: null,
  createdAt: '2025-01-01T00:00:00.000Z',
};
const guest: User = {
  ...user,
  id: 'g-1',
  email: 'guest@guests.invalid',
  name: 'ゲスト',
  isGuest: true,
};

const EFFECTS = [
  'storeUser',
  'clearCart',
  'saveLatestWorldId',
  'clearStoredAuth',
  'navigateAfterSignIn',
  'navigateToSignIn',
  'showError',
] as const;

function start({
  restored = null as RestoredSession | Promise<RestoredSession>,
  signIn = async (): Promise<{ user: User }> => ({ user }),
  signOut = async (): Promise<void> => {},
} = {}) {
  const effects: [string, unknown][] = [];
  const calls: string[] = [];
  const record = (name: string) => (_: unknown, params: unknown) =>
    void effects.push([name, params]);
  const actions = Object.fromEntries(EFFECTS.map((name) => [name, record(name)]));
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        restoreSession: fromPromise(async () => restored),
        signIn: fromPromise(async ({ input }) => {
          calls.push(`signIn ${input.email}`);
          return signIn();
        }),
        signOut: fromPromise(async () => {
          calls.push('signOut');
          return signOut();
        }),
      },
      actions,
    }),
    { clock: new SimulatedClock() },
  );
  actor.start();
  const settled = (status: ReturnType<typeof sessionStatus>) =>
    waitFor(actor, (s) => sessionStatus(s) === status);
  return { actor, effects, calls, settled, names: () => effects.map(([name]) => name) };
}

describe('session machine', () => {
  it('restores a stored user into signedIn.user', async () => {
    const { actor, settled, effects } = start({ restored: { user } });

    await settled('signedIn');

    expect(actor.getSnapshot().matches({ signedIn: 'user' })).toBe(true);
    expect(effects).toEqual([['storeUser', { userId: 'u-1', isGuest: false }]]);
  });

  it('restores a stored guest into signedIn.guest', async () => {
    const { actor, settled } = start({ restored: { user: guest } });

    await settled('signedIn');

    expect(actor.getSnapshot().matches({ signedIn: 'guest' })).toBe(true);
  });

  it('forgets stored auth when there is no session to restore', async () => {
    const { settled, names } = start();

    await settled('signedOut');

    expect(names()).toEqual(['clearStoredAuth']);
  });

  it('keeps stored auth when the session could not be checked (offline)', async () => {
    const { actor, settled, names } = start({
      restored: Promise.reject(new Error('Failed to fetch')),
    });

    await settled('signedOut');

    expect(names()).toEqual([]);
    expect(actor.getSnapshot().context.user).toBeNull();
  });

  it('sign-in stores the user, clears the cart and saves latestWorldId, then navigates', async () => {
    const { actor, settled, names, effects, calls } = start();
    await settled('signedOut');

    actor.send({ type: 'session.signIn', email: user.email, password: 'pw', worldId: '7' });
    await settled('signedIn');

    expect(calls).toEqual(['signIn hanako@example.com']);
    expect(names()).toEqual([
      'clearStoredAuth', // restore found nothing
      'clearStoredAuth', // a sign-in starts a fresh session
      'storeUser',
      'clearCart',
      'saveLatestWorldId',
      'navigateAfterSignIn',
    ]);
    expect(effects).toContainEqual(['saveLatestWorldId', { worldId: '7' }]);
    // Back to the world the sign-in was started for (issue 15).
    expect(effects).toContainEqual(['navigateAfterSignIn', { worldId: '7' }]);
    expect(actor.getSnapshot().context).toEqual({ user, error: null, worldId: null });
  });

  it('sign-in without a worldId leaves latestWorldId alone', async () => {
    const { actor, settled, names } = start();
    await settled('signedOut');

    actor.send({ type: 'session.signIn', email: user.email, password: 'pw' });
    await settled('signedIn');

    expect(names()).not.toContain('saveLatestWorldId');
  });

  it("a refused sign-in returns to signedOut with the server's message", async () => {
    const { actor, settled, names } = start({
      signIn: async () =>
        Promise.reject(new Error('メールアドレスまたはパスワードが正しくありません。')),
    });
    await settled('signedOut');

    actor.send({ type: 'session.signIn', email: user.email, password: 'wrong', worldId: '7' });
    await waitFor(actor, (s) => s.matches('signedOut') && s.context.error !== null);

    expect(actor.getSnapshot().context).toEqual({
      user: null,
      error: 'メールアドレスまたはパスワードが正しくありません。',
      worldId: null,
    });
    expect(names()).not.toContain('navigateAfterSignIn');
  });

  it('sign-out calls the server, then clears user, cart and stored auth and goes to /signin', async () => {
    const { actor, settled, names, calls } = start({ restored: { user } });
    await settled('signedIn');

    actor.send({ type: 'session.signOut' });
    await settled('signedOut');

    expect(calls).toEqual(['signOut']);
    expect(names().slice(1)).toEqual(['clearCart', 'clearStoredAuth', 'navigateToSignIn']);
    expect(actor.getSnapshot().context.user).toBeNull();
  });

  it('sign-out still clears locally when the server call fails', async () => {
    const { actor, settled, names } = start({
      restored: { user },
      signOut: async () => Promise.reject(new Error('offline')),
    });
    await settled('signedIn');

    actor.send({ type: 'session.signOut' });
    await settled('signedOut');

    expect(names()).toContain('clearStoredAuth');
  });

  it('a user whose token expired goes to /signin with worldId', async () => {
    const { actor, settled, effects } = start({ restored: { user } });
    await settled('signedIn');

    actor.send({ type: 'session.unauthorized', path: '/worlds/7?worldId=7', worldId: '7' });

    expect(sessionStatus(actor.getSnapshot())).toBe('signedOut');
    expect(effects.slice(1)).toEqual([
      ['clearStoredAuth', undefined],
      ['navigateToSignIn', { worldId: '7', expired: true }],
    ]);
  });

  it('a guest whose token expired sees the 401 message and keeps the page', async () => {
    const { actor, settled, effects } = start({ restored: { user: guest } });
    await settled('signedIn');

    actor.send({ type: 'session.unauthorized', path: '/worlds/7' });

    expect(sessionStatus(actor.getSnapshot())).toBe('expired');
    expect(effects.slice(1)).toEqual([
      ['showError', { statusCode: 401, message: SESSION_EXPIRED_MESSAGE }],
    ]);
    expect(SESSION_EXPIRED_MESSAGE).toBe(
      'セッションの有効期限が切れています。指定のURLからアクセスし直してください。',
    );
  });

  it('a guest whose stored session was refused at boot sees the 401 message, not the sign-in page', async () => {
    const { actor, settled, effects } = start({ restored: { expiredGuest: true } });
    await settled('expired');

    expect(actor.getSnapshot().context.user).toBeNull();
    expect(effects).toEqual([
      ['clearStoredAuth', undefined],
      ['showError', { statusCode: 401, message: SESSION_EXPIRED_MESSAGE }],
    ]);
  });

  it('an excluded path ignores a 401', async () => {
    for (const restored of [{ user }, { user: guest }]) {
      const { actor, settled, effects } = start({ restored });
      await settled('signedIn');
      const before = actor.getSnapshot().value;

      actor.send({ type: 'session.unauthorized', path: '/worlds/7/enterGuest' });
      actor.send({ type: 'session.unauthorized', path: '/contact' });

      expect(actor.getSnapshot().value).toEqual(before);
      expect(effects).toHaveLength(1);
    }
  });

  it('ignores a 401 while signing in (a wrong password answers 401)', async () => {
    const { actor, settled } = start({ signIn: () => new Promise(() => {}) });
    await settled('signedOut');
    actor.send({ type: 'session.signIn', email: user.email, password: 'pw' });

    actor.send({ type: 'session.unauthorized', path: '/signin' });

    expect(sessionStatus(actor.getSnapshot())).toBe('signingIn');
  });

  it('a guest entering a world becomes signedIn.guest from anywhere', async () => {
    const { actor, settled, effects } = start({ restored: { user } });
    await settled('signedIn');

    actor.send({ type: 'session.guestEntered', user: guest });

    expect(actor.getSnapshot().matches({ signedIn: 'guest' })).toBe(true);
    expect(effects.at(-1)).toEqual(['storeUser', { userId: 'g-1', isGuest: true }]);
  });

  it('an expired guest can enter again by the URL', async () => {
    const { actor, settled } = start({ restored: { user: guest } });
    await settled('signedIn');
    actor.send({ type: 'session.unauthorized', path: '/worlds/7' });

    actor.send({ type: 'session.guestEntered', user: guest });

    expect(actor.getSnapshot().matches({ signedIn: 'guest' })).toBe(true);
  });

  it('the account page updates the user in place', async () => {
    const { actor, settled } = start({ restored: { user } });
    await settled('signedIn');

    actor.send({ type: 'session.userUpdated', user: { ...user, name: '新しい名前' } });

    expect(actor.getSnapshot().context.user?.name).toBe('新しい名前');
    expect(actor.getSnapshot().matches({ signedIn: 'user' })).toBe(true);
  });
});
