import createClient from 'openapi-fetch';
import { describe, expect, it } from 'vitest';
import { createFakeFetch, jsonResponse, type TestPaths } from '../test-support';
import { formatSuffix } from './format-suffix';

function setup(baseUrl = 'https://api.test') {
  const fake = createFakeFetch([jsonResponse({ ok: true }), jsonResponse({ ok: true })]);
  const client = createClient<TestPaths>({ baseUrl, fetch: fake.fetch });
  return { fake, client };
}

describe('formatSuffix', () => {
  it('puts .csv after the path and before the query string', async () => {
    const { client, fake } = setup();

    await client.GET('/api/news', {
      params: { query: { page: 2, tags: ['a', 'b'] } },
      middleware: [formatSuffix('csv')],
      parseAs: 'text',
    });

    expect(fake.seen.map((r) => r.url)).toEqual([
      'https://api.test/api/news.csv?page=2&tags=a&tags=b',
    ]);
  });

  it('puts .json after a filled-in path parameter', async () => {
    const { client, fake } = setup();

    await client.GET('/api/worlds/{id}', {
      params: { path: { id: 5 } },
      middleware: [formatSuffix('json')],
    });

    expect(fake.seen.map((r) => r.url)).toEqual(['https://api.test/api/worlds/5.json']);
  });

  it('keeps method, headers and body of a mutating call', async () => {
    const { client, fake } = setup();

    await client.DELETE('/api/worlds/{id}', {
      params: { path: { id: 5 } },
      headers: { 'x-request': 'r1' },
      body: { ids: [1, 2] },
      middleware: [formatSuffix('json')],
    });

    expect(fake.seen).toEqual([
      {
        method: 'DELETE',
        url: 'https://api.test/api/worlds/5.json',
        headers: { 'content-type': 'application/json', 'x-request': 'r1' },
        body: '{"ids":[1,2]}',
      },
    ]);
  });

  it('affects only the call it is given to', async () => {
    const { client, fake } = setup();

    await client.GET('/api/news', { middleware: [formatSuffix('csv')], parseAs: 'text' });
    await client.GET('/api/news');

    expect(fake.seen.map((r) => r.url)).toEqual([
      'https://api.test/api/news.csv',
      'https://api.test/api/news',
    ]);
  });

  it('does not leave a slash before the suffix when the path ends in one', async () => {
    const fake = createFakeFetch([jsonResponse({ ok: true })]);
    const client = createClient<{ '/api/news/': TestPaths['/api/news'] }>({
      baseUrl: 'https://api.test',
      fetch: fake.fetch,
    });

    await client.GET('/api/news/', { middleware: [formatSuffix('json')] });

    expect(fake.seen.map((r) => r.url)).toEqual(['https://api.test/api/news.json']);
  });
});
