import createClient from 'openapi-fetch';
import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../memory-storage';
import { createAppStorage } from '../../storage';
import { createFakeFetch, jsonResponse, type TestPaths } from '../test-support';
import { authHeadersMiddleware } from './auth-headers';

function setup(initial: Record<string, string>, replies = 1) {
  const storage = createAppStorage(createMemoryStorage(initial));
  const fake = createFakeFetch(Array.from({ length: replies }, () => jsonResponse({ ok: true })));
  const client = createClient<TestPaths>({ baseUrl: 'https://api.test', fetch: fake.fetch });
  client.use(authHeadersMiddleware(storage));
  return { storage, fake, client };
}

describe('authHeadersMiddleware', () => {
  it('sends client, uid and access-token from storage', async () => {
    const { client, fake } = setup({
      authClient: 'c1',
      authUid: 'u@example.com',
      authAccessToken: 't1',
    });

    await client.GET('/api/news');

    expect(fake.seen).toEqual([
      {
        method: 'GET',
        url: 'https://api.test/api/news',
        headers: { client: 'c1', uid: 'u@example.com', 'access-token': 't1' },
        body: null,
      },
    ]);
  });

  it('sends only the headers whose storage keys are present', async () => {
    const { client, fake } = setup({ authUid: 'u@example.com' });

    await client.GET('/api/news');

    expect(fake.seen[0]?.headers).toEqual({ uid: 'u@example.com' });
  });

  it('sends no auth headers when storage holds no session', async () => {
    const { client, fake } = setup({});

    await client.GET('/api/news');

    expect(fake.seen[0]?.headers).toEqual({});
  });

  it('does not send a blank stored value', async () => {
    const { client, fake } = setup({
      authClient: '',
      authUid: 'u@example.com',
      authAccessToken: '',
    });

    await client.GET('/api/news');

    expect(fake.seen[0]?.headers).toEqual({ uid: 'u@example.com' });
  });

  it('reads storage at request time, not when the client is created', async () => {
    const { client, fake, storage } = setup({ authAccessToken: 'old' }, 3);

    await client.GET('/api/news');
    storage.set('authAccessToken', 'new');
    storage.set('authClient', 'c2');
    await client.GET('/api/news');
    storage.clearAuth();
    await client.GET('/api/news');

    expect(fake.seen.map((r) => r.headers)).toEqual([
      { 'access-token': 'old' },
      { 'access-token': 'new', client: 'c2' },
      {},
    ]);
  });
});
