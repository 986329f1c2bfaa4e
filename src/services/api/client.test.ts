import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../memory-storage';
import { createAppStorage } from '../storage';
import { createApiClient, type ApiClient } from './client';
import { formatSuffix } from './middleware/format-suffix';
import {
  createFakeFetch,
  jsonResponse,
  networkFailure,
  type Reply,
  type TestPaths,
} from './test-support';

const SIGNED_IN = {
  authClient: 'c1',
  authUid: 'u@example.com',
  authAccessToken: 't1',
  userId: '7',
};
const AUTH = { client: 'c1', uid: 'u@example.com', 'access-token': 't1' };
const JSON_AUTH = { ...AUTH, 'content-type': 'application/json' };

function setup(replies: Reply[], initial: Record<string, string> = SIGNED_IN) {
  const backing = createMemoryStorage(initial);
  const fake = createFakeFetch(replies);
  const client = createApiClient<TestPaths>({
    baseUrl: 'https://api.test/',
    fetch: fake.fetch,
    storage: createAppStorage(backing),
  });
  return { client, fake, backing };
}

const ok = (headers: Record<string, string> = {}) => jsonResponse({ ok: true }, { headers });

describe('createApiClient', () => {
  it('sends a GET to the base URL with the stored session headers and no body', async () => {
    const { client, fake } = setup([ok()]);

    const { data } = await client.GET('/api/worlds/{id}', { params: { path: { id: 3 } } });

    expect(data).toEqual({ ok: true });
    expect(fake.seen).toEqual([
      { method: 'GET', url: 'https://api.test/api/worlds/3', headers: AUTH, body: null },
    ]);
  });

  it('sends non-path fields as query parameters, arrays as repeated keys', async () => {
    const { client, fake } = setup([ok()]);

    await client.GET('/api/news', { params: { query: { page: 2, tags: ['a b', 'c&d'], q: 'ä' } } });

    expect(fake.seen.map((r) => r.url)).toEqual([
      'https://api.test/api/news?page=2&tags=a%20b&tags=c%26d&q=%C3%A4',
    ]);
    const search = new URL(fake.seen[0]?.url ?? '').searchParams;
    expect(search.getAll('tags')).toEqual(['a b', 'c&d']);
  });

  it('leaves out query parameters that are undefined', async () => {
    const { client, fake } = setup([ok()]);

    await client.GET('/api/news', { params: { query: { page: undefined, tags: [] } } });

    expect(fake.seen.map((r) => r.url)).toEqual(['https://api.test/api/news']);
  });

  it('sends a POST body as JSON', async () => {
    const { client, fake } = setup([ok()]);

    await client.POST('/api/news', { body: { name: '世界', ids: [1, 2] } });

    expect(fake.seen).toEqual([
      {
        method: 'POST',
        url: 'https://api.test/api/news',
        headers: JSON_AUTH,
        body: '{"name":"世界","ids":[1,2]}',
      },
    ]);
  });

  it('sends PUT and PATCH bodies as JSON', async () => {
    const { client, fake } = setup([ok(), ok()]);

    await client.PUT('/api/worlds/{id}', { params: { path: { id: 3 } }, body: { name: 'a' } });
    await client.PATCH('/api/worlds/{id}', { params: { path: { id: 3 } }, body: { name: 'b' } });

    expect(fake.seen).toEqual([
      {
        method: 'PUT',
        url: 'https://api.test/api/worlds/3',
        headers: JSON_AUTH,
        body: '{"name":"a"}',
      },
      {
        method: 'PATCH',
        url: 'https://api.test/api/worlds/3',
        headers: JSON_AUTH,
        body: '{"name":"b"}',
      },
    ]);
  });

  it('sends a DELETE body as JSON', async () => {
    const { client, fake } = setup([ok()]);

    await client.DELETE('/api/worlds/{id}', { params: { path: { id: 3 } }, body: { ids: [4, 5] } });

    expect(fake.seen).toEqual([
      {
        method: 'DELETE',
        url: 'https://api.test/api/worlds/3',
        headers: JSON_AUTH,
        body: '{"ids":[4,5]}',
      },
    ]);
  });

  it('asks for a format per call with formatSuffix, after the path and before the query', async () => {
    const { client, fake } = setup([
      new Response('id,name\n1,a\n', { headers: { 'content-type': 'text/csv' } }),
    ]);

    const { data } = await client.GET('/api/news', {
      params: { query: { page: 1 } },
      middleware: [formatSuffix('csv')],
      parseAs: 'text',
    });

    expect(data).toBe('id,name\n1,a\n');
    expect(fake.seen).toEqual([
      { method: 'GET', url: 'https://api.test/api/news.csv?page=1', headers: AUTH, body: null },
    ]);
  });

  it('stores a rotated token and sends it on the next call', async () => {
    const { client, fake, backing } = setup([
      ok({ 'access-token': 't2' }),
      ok({ 'access-token': '' }),
    ]);

    await client.GET('/api/news');
    await client.GET('/api/news');

    expect(fake.seen.map((r) => r.headers['access-token'])).toEqual(['t1', 't2']);
    expect(backing.getItem('authAccessToken')).toBe('t2');
  });

  it('retries a GET once on 503 and keeps the token the retry answered with', async () => {
    const { client, fake, backing } = setup([
      jsonResponse({ errors: ['busy'] }, { status: 503 }),
      ok({ 'access-token': 't2' }),
    ]);

    const { data } = await client.GET('/api/news');

    expect(data).toEqual({ ok: true });
    expect(fake.seen).toEqual([
      { method: 'GET', url: 'https://api.test/api/news', headers: AUTH, body: null },
      { method: 'GET', url: 'https://api.test/api/news', headers: AUTH, body: null },
    ]);
    expect(backing.getItem('authAccessToken')).toBe('t2');
  });

  it('stores a token rotated by the failed attempt and sends it on the retry', async () => {
    const { client, fake, backing } = setup([
      jsonResponse(
        { errors: ['conflict'] },
        { status: 409, headers: { 'access-token': 't2', client: 'c2' } },
      ),
      // "keep yours": the retry must not undo the rotation
      ok({ 'access-token': '' }),
    ]);

    await client.GET('/api/news');

    expect(fake.seen.map((r) => r.headers)).toEqual([
      AUTH,
      { ...AUTH, 'access-token': 't2', client: 'c2' },
    ]);
    expect(backing.getItem('authAccessToken')).toBe('t2');
    expect(backing.getItem('authClient')).toBe('c2');
  });

  it('retries a GET once on a network failure and stores the token of the retry', async () => {
    const { client, fake, backing } = setup([networkFailure(), ok({ 'access-token': 't2' })]);

    await client.GET('/api/news');

    expect(fake.seen.map((r) => [r.method, r.url, r.headers])).toEqual([
      ['GET', 'https://api.test/api/news', AUTH],
      ['GET', 'https://api.test/api/news', AUTH],
    ]);
    expect(backing.getItem('authAccessToken')).toBe('t2');
  });

  it('never retries a DELETE on 503 but still stores its rotated token', async () => {
    const { client, fake, backing } = setup([
      jsonResponse({ errors: ['busy'] }, { status: 503, headers: { 'access-token': 't2' } }),
      ok(),
    ]);

    const { error, response } = await client.DELETE('/api/worlds/{id}', {
      params: { path: { id: 3 } },
      body: {},
    });

    expect(response.status).toBe(503);
    expect(error).toEqual({ errors: ['busy'] });
    expect(fake.seen).toHaveLength(1);
    expect(backing.getItem('authAccessToken')).toBe('t2');
  });

  it('sends no session headers when signed out', async () => {
    const { client, fake } = setup([ok()], {});

    await client.GET('/api/news');

    expect(fake.seen.map((r) => r.headers)).toEqual([{}]);
  });
});

describe('createApiClient without a type argument', () => {
  it('is typed by the generated schema and still applies the rules', async () => {
    const fake = createFakeFetch([jsonResponse({ status: 'ok' })]);
    const client: ApiClient = createApiClient({
      baseUrl: 'https://api.test',
      fetch: fake.fetch,
      storage: createAppStorage(createMemoryStorage({ authAccessToken: 't1' })),
    });

    await client.GET('/api/health');

    expect(fake.seen).toEqual([
      {
        method: 'GET',
        url: 'https://api.test/api/health',
        headers: { 'access-token': 't1' },
        body: null,
      },
    ]);
  });
});
