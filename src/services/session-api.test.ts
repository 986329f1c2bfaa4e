import { describe, expect, it } from 'vitest';
import { createApiClient } from './api/client';
import { createFakeFetch, jsonResponse, networkFailure, type Reply } from './api/test-support';
import { createMemoryStorage } from './memory-storage';
import { restoreSession, signIn, signOut } from './session-api';
import { createAppStorage } from './storage';

const user = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'hanako@example.com',
  name: '山田花子',
  isGuest: false,
  unconfirmedEmail: null,
  createdAt: '2025-01-01T00:00:00.000Z',
};
const STORED = {
  authAccessToken: 't1',
  authClient: 'c1',
  authUid: 'hanako@example.com',
  userId: user.id,
};
const NEW_AUTH = {
  'access-token': 't2',
  client: 'c2',
  uid: 'hanako@example.com',
  'token-type': 'Bearer',
  expiry: '1',
};

function setup(replies: Reply[], initial: Record<string, string> = {}) {
  const backing = createMemoryStorage(initial);
  const storage = createAppStorage(backing);
  const fake = createFakeFetch(replies);
  const client = createApiClient({ baseUrl: 'https://api.test', fetch: fake.fetch, storage });
  return { client, storage, fake, backing };
}

describe('restoreSession', () => {
  it('asks nothing when no session is stored', async () => {
    const { client, storage, fake } = setup([]);

    expect(await restoreSession(client, storage)).toBeNull();
    expect(fake.seen).toEqual([]);
  });

  it('validates the stored token and answers its user', async () => {
    const { client, storage, fake } = setup([jsonResponse({ success: true, data: user })], STORED);

    expect(await restoreSession(client, storage)).toEqual({ user });
    expect(fake.seen.map((r) => [r.method, r.url, r.headers['access-token']])).toEqual([
      ['GET', 'https://api.test/api/auth/validate_token', 't1'],
    ]);
  });

  it('answers null when the server refuses the token', async () => {
    const { client, storage } = setup(
      [jsonResponse({ errors: ['認証が必要です。'] }, { status: 401 })],
      STORED,
    );

    expect(await restoreSession(client, storage)).toBeNull();
  });

  it("tells a refused guest's session apart, so the guest sees the 401 message", async () => {
    const { client, storage } = setup(
      [jsonResponse({ errors: ['認証が必要です。'] }, { status: 401 })],
      {
        ...STORED,
        userIsGuest: 'true',
      },
    );

    expect(await restoreSession(client, storage)).toEqual({ expiredGuest: true });
  });

  it('abandoned, it stores nothing of the late answer (a guest entered meanwhile)', async () => {
    const storage = createAppStorage(createMemoryStorage(STORED));
    let answer: (response: Response) => void = () => {};
    // As a browser's fetch: a pending request rejects when its signal aborts.
    const fetch = (request: Request) =>
      new Promise<Response>((resolve, reject) => {
        answer = resolve;
        request.signal.addEventListener('abort', () => reject(request.signal.reason as Error));
      });
    const client = createApiClient({ baseUrl: 'https://api.test', fetch, storage });
    const abandon = new AbortController();

    const restoring = restoreSession(client, storage, abandon.signal);
    await Promise.resolve();
    storage.set('authAccessToken', 'guest-token');
    abandon.abort();
    answer(jsonResponse({ success: true, data: user }, { headers: NEW_AUTH }));

    await expect(restoring).rejects.toThrow();
    expect(storage.get('authAccessToken')).toBe('guest-token');
  });

  it('throws when the server cannot be reached, after the one retry', async () => {
    const { client, storage, fake } = setup([networkFailure(), networkFailure()], STORED);

    await expect(restoreSession(client, storage)).rejects.toThrow('Failed to fetch');
    expect(fake.seen).toHaveLength(2);
  });
});

describe('signIn', () => {
  it('posts the credentials and leaves the new auth headers in storage', async () => {
    const { client, storage, fake, backing } = setup([
      jsonResponse({ data: user }, { headers: NEW_AUTH }),
    ]);

    expect(await signIn(client, storage, { email: user.email, password: 'correct horse' })).toEqual(
      { user },
    );
    expect(fake.seen.map((r) => [r.method, r.url, r.body])).toEqual([
      [
        'POST',
        'https://api.test/api/auth/sign_in',
        JSON.stringify({ email: user.email, password: 'correct horse' }),
      ],
    ]);
    expect([
      backing.getItem('authAccessToken'),
      backing.getItem('authClient'),
      backing.getItem('authUid'),
    ]).toEqual(['t2', 'c2', 'hanako@example.com']);
  });

  it("throws the server's first message on a refusal", async () => {
    const { client, storage } = setup([
      jsonResponse(
        { errors: ['メールアドレスまたはパスワードが正しくありません。', 'second'] },
        { status: 401 },
      ),
    ]);

    await expect(signIn(client, storage, { email: user.email, password: 'wrong' })).rejects.toThrow(
      /^メールアドレスまたはパスワードが正しくありません。$/,
    );
  });

  it('throws "Error {status}" when the refusal has no message', async () => {
    const { client, storage } = setup([new Response('', { status: 429 })]);

    await expect(signIn(client, storage, { email: user.email, password: 'x' })).rejects.toThrow(
      /^Error 429$/,
    );
  });

  it('fails a success that came without auth headers', async () => {
    const { client, storage } = setup([jsonResponse({ data: user })]);

    await expect(
      signIn(client, storage, { email: user.email, password: 'correct horse' }),
    ).rejects.toThrow('サインインに失敗しました');
  });
});

describe('signOut', () => {
  it('sends DELETE with an empty JSON body and the stored headers', async () => {
    const { client, fake } = setup([jsonResponse({ success: true })], STORED);

    await signOut(client);

    expect(fake.seen.map((r) => [r.method, r.url, r.body, r.headers['access-token']])).toEqual([
      ['DELETE', 'https://api.test/api/auth/sign_out', '{}', 't1'],
    ]);
  });

  it("throws the server's message when it refuses", async () => {
    const { client } = setup(
      [jsonResponse({ errors: ['認証が必要です。'] }, { status: 401 })],
      STORED,
    );

    await expect(signOut(client)).rejects.toThrow('認証が必要です。');
  });
});
