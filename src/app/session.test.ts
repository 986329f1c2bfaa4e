// Wiring only: the machine's effects reach the real API client, storage and navigation.
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { sessionStatus } from '../machines/session.machine';
import { createApiClient } from '../services/api/client';
import { createFakeFetch, jsonResponse, type Reply } from '../services/api/test-support';
import type { AppError } from '../services/errors/app-error';
import { createMemoryStorage } from '../services/memory-storage';
import { createAppStorage } from '../services/storage';
import { createUnauthorizedMiddleware, provideSession } from './session';

const user = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'hanako@example.com',
  name: '山田花子',
  isGuest: false,
  unconfirmedEmail: null,
  createdAt: '2025-01-01T00:00:00.000Z',
};
const AUTH = { 'access-token': 't2', client: 'c2', uid: user.email };

function setup(
  replies: Reply[],
  initial: Record<string, string> = {},
  callbackPath: string | null = null,
) {
  const backing = createMemoryStorage({ cart: '[1]', ...initial });
  const storage = createAppStorage(backing);
  const fake = createFakeFetch(replies);
  const client = createApiClient({ baseUrl: 'https://api.test', fetch: fake.fetch, storage });
  const visited: string[] = [];
  const errors: AppError[] = [];
  const machine = provideSession({
    client,
    storage,
    navigate: (to) => visited.push(to),
    showError: (error) => errors.push(error),
    clearCart: () => backing.removeItem('cart'),
    takeCallbackPath: () => callbackPath,
  });
  const actor = createActor(machine);
  client.use(
    createUnauthorizedMiddleware(
      () => actor,
      () => '/mypage/worlds?worldId=9',
    ),
  );
  return { actor, backing, fake, visited, errors, client };
}

describe('session glue', () => {
  it('signs in through the API: headers, user id, latestWorldId stored, cart cleared, callback path followed', async () => {
    const { actor, backing, visited } = setup(
      [jsonResponse({ data: user }, { headers: AUTH })],
      {},
      '/worlds/7',
    );
    actor.start();
    await waitFor(actor, (s) => sessionStatus(s) === 'signedOut');

    actor.send({ type: 'session.signIn', email: user.email, password: 'pw', worldId: '7' });
    await waitFor(actor, (s) => sessionStatus(s) === 'signedIn');

    expect(
      Object.fromEntries(
        ['authAccessToken', 'authClient', 'authUid', 'userId', 'latestWorldId', 'cart'].map((k) => [
          k,
          backing.getItem(k),
        ]),
      ),
    ).toEqual({
      authAccessToken: 't2',
      authClient: 'c2',
      authUid: user.email,
      userId: user.id,
      latestWorldId: '7',
      cart: null,
    });
    expect(visited).toEqual(['/worlds/7']);
  });

  it('goes to /mypage/worlds after sign-in when no path was remembered', async () => {
    const { actor, visited } = setup([jsonResponse({ data: user }, { headers: AUTH })]);
    actor.start();
    await waitFor(actor, (s) => sessionStatus(s) === 'signedOut');

    actor.send({ type: 'session.signIn', email: user.email, password: 'pw' });
    await waitFor(actor, (s) => sessionStatus(s) === 'signedIn');

    expect(visited).toEqual(['/mypage/worlds']);
  });

  it('a 401 from any call signs a user out to /signin?worldId= from the page query', async () => {
    const stored = {
      authAccessToken: 't1',
      authClient: 'c1',
      authUid: user.email,
      userId: user.id,
    };
    const { actor, backing, visited, client } = setup(
      [
        jsonResponse({ success: true, data: user }),
        jsonResponse({ errors: ['認証が必要です。'] }, { status: 401 }),
      ],
      stored,
    );
    actor.start();
    await waitFor(actor, (s) => sessionStatus(s) === 'signedIn');

    await client.GET('/api/auth/validate_token');

    expect(sessionStatus(actor.getSnapshot())).toBe('signedOut');
    expect(
      ['authAccessToken', 'authClient', 'authUid', 'userId'].map((k) => backing.getItem(k)),
    ).toEqual([null, null, null, null]);
    expect(visited).toEqual(['/signin?worldId=9']);
  });

  it('goes back to the world after a sign-in from /signin?worldId= when no path was remembered', async () => {
    const { actor, visited } = setup([jsonResponse({ data: user }, { headers: AUTH })]);
    actor.start();
    await waitFor(actor, (s) => sessionStatus(s) === 'signedOut');

    actor.send({ type: 'session.signIn', email: user.email, password: 'pw', worldId: 'w 7' });
    await waitFor(actor, (s) => sessionStatus(s) === 'signedIn');

    expect(visited).toEqual(['/worlds/w%207']);
  });

  it('remembers an expiry by 401 until the next sign-in', async () => {
    const stored = {
      authAccessToken: 't1',
      authClient: 'c1',
      authUid: user.email,
      userId: user.id,
    };
    const { actor, backing, client } = setup(
      [
        jsonResponse({ success: true, data: user }),
        jsonResponse({ errors: ['認証が必要です。'] }, { status: 401 }),
        jsonResponse({ data: user }, { headers: AUTH }),
      ],
      stored,
    );
    actor.start();
    await waitFor(actor, (s) => sessionStatus(s) === 'signedIn');
    expect(backing.getItem('sessionExpired')).toBeNull();

    await client.GET('/api/auth/validate_token');
    expect(backing.getItem('sessionExpired')).toBe('user');

    actor.send({ type: 'session.signIn', email: user.email, password: 'pw' });
    await waitFor(actor, (s) => sessionStatus(s) === 'signedIn');
    expect(backing.getItem('sessionExpired')).toBeNull();
  });

  it("remembers a user's stored session refused at start-up", async () => {
    const stored = {
      authAccessToken: 't1',
      authClient: 'c1',
      authUid: user.email,
      userId: user.id,
    };
    const { actor, backing } = setup(
      [jsonResponse({ errors: ['認証が必要です。'] }, { status: 401 })],
      stored,
    );
    actor.start();
    await waitFor(actor, (s) => sessionStatus(s) === 'signedOut');

    expect(backing.getItem('sessionExpired')).toBe('user');
  });

  it("keeps a guest's expiry error across reloads, after the refused token is gone", async () => {
    const guestStored = {
      authAccessToken: 't1',
      authClient: 'c1',
      authUid: 'g@guests.invalid',
      userId: 'g-1',
      userIsGuest: 'true',
    };
    const first = setup(
      [jsonResponse({ errors: ['認証が必要です。'] }, { status: 401 })],
      guestStored,
    );
    first.actor.start();
    await waitFor(first.actor, (s) => sessionStatus(s) === 'expired');
    expect(first.backing.getItem('authAccessToken')).toBeNull();

    // The reload: nothing but the note is left in storage, and no call is made.
    const reload = setup([], { sessionExpired: first.backing.getItem('sessionExpired') ?? '' });
    reload.actor.start();
    await waitFor(reload.actor, (s) => sessionStatus(s) !== 'restoring');

    expect(sessionStatus(reload.actor.getSnapshot())).toBe('expired');
    expect(reload.errors).toEqual([expect.objectContaining({ statusCode: 401 })]);
  });

  it('signs out with DELETE {} and clears every stored auth value', async () => {
    const stored = {
      authAccessToken: 't1',
      authClient: 'c1',
      authUid: user.email,
      userId: user.id,
      latestWorldId: '7',
    };
    const { actor, backing, fake, visited } = setup(
      [jsonResponse({ success: true, data: user }), jsonResponse({ success: true })],
      stored,
    );
    actor.start();
    await waitFor(actor, (s) => sessionStatus(s) === 'signedIn');

    actor.send({ type: 'session.signOut' });
    await waitFor(actor, (s) => sessionStatus(s) === 'signedOut');

    expect(fake.seen.at(-1)).toMatchObject({
      method: 'DELETE',
      body: '{}',
      headers: { 'access-token': 't1' },
    });
    expect(
      ['authAccessToken', 'authClient', 'authUid', 'userId', 'cart'].map((k) => backing.getItem(k)),
    ).toEqual([null, null, null, null, null]);
    expect(backing.getItem('latestWorldId')).toBe('7');
    expect(visited).toEqual(['/signin']);
  });
});

describe('createUnauthorizedMiddleware', () => {
  const respond = (middleware: ReturnType<typeof createUnauthorizedMiddleware>, status: number) =>
    middleware.onResponse?.({ response: new Response(null, { status }) } as never);

  it('sends session.unauthorized with the path and its worldId on a 401 only', async () => {
    const sent: unknown[] = [];
    const middleware = createUnauthorizedMiddleware(
      () => ({ send: (e) => void sent.push(e) }),
      () => '/worlds/7?worldId=7',
    );

    await respond(middleware, 200);
    await respond(middleware, 403);
    await respond(middleware, 401);

    expect(sent).toEqual([
      { type: 'session.unauthorized', path: '/worlds/7?worldId=7', worldId: '7' },
    ]);
  });

  it('leaves worldId out when the page has none', async () => {
    const sent: unknown[] = [];
    const middleware = createUnauthorizedMiddleware(
      () => ({ send: (e) => void sent.push(e) }),
      () => '/mypage',
    );

    await respond(middleware, 401);

    expect(sent).toEqual([{ type: 'session.unauthorized', path: '/mypage' }]);
  });
});
