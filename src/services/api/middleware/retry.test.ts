import createClient from 'openapi-fetch';
import { describe, expect, it } from 'vitest';
import {
  createFakeFetch,
  jsonResponse,
  networkFailure,
  type Reply,
  type TestPaths,
} from '../test-support';
import { retryMiddleware, type RetryOptions } from './retry';

const NEWS = 'https://api.test/api/news';
const WORLD = 'https://api.test/api/worlds/1';

function setup(replies: Reply[], options?: RetryOptions) {
  const fake = createFakeFetch(replies);
  const client = createClient<TestPaths>({ baseUrl: 'https://api.test', fetch: fake.fetch });
  client.use(retryMiddleware(options));
  return { fake, client };
}

const failure = (status: number) => jsonResponse({ errors: ['failed'] }, { status });
const ok = () => jsonResponse({ ok: true });

describe('retryMiddleware', () => {
  it.each([408, 409, 425, 429, 500, 502, 503, 504])('retries a GET once on %i', async (status) => {
    const { client, fake } = setup([failure(status), ok()]);

    const { data, response } = await client.GET('/api/news', { params: { query: { page: 2 } } });

    expect(response.status).toBe(200);
    expect(data).toEqual({ ok: true });
    expect(fake.seen).toEqual([
      { method: 'GET', url: `${NEWS}?page=2`, headers: {}, body: null },
      { method: 'GET', url: `${NEWS}?page=2`, headers: {}, body: null },
    ]);
  });

  it('retries a GET only once when the retry fails with a retryable status too', async () => {
    const { client, fake } = setup([failure(503), failure(502), ok()]);

    const { error, response } = await client.GET('/api/news');

    expect(response.status).toBe(502);
    expect(error).toEqual({ errors: ['failed'] });
    expect(fake.seen).toHaveLength(2);
  });

  it.each([400, 401, 403, 404, 422, 501])('does not retry a GET on %i', async (status) => {
    const { client, fake } = setup([failure(status), ok()]);

    const { response } = await client.GET('/api/news');

    expect(response.status).toBe(status);
    expect(fake.seen).toHaveLength(1);
  });

  it('never retries a POST on 503', async () => {
    const { client, fake } = setup([failure(503), ok()]);

    const { response } = await client.POST('/api/news', { body: { name: 'a' } });

    expect(response.status).toBe(503);
    expect(fake.seen).toEqual([
      {
        method: 'POST',
        url: NEWS,
        headers: { 'content-type': 'application/json' },
        body: '{"name":"a"}',
      },
    ]);
  });

  it.each(['PUT', 'PATCH', 'DELETE'] as const)('never retries a %s on 503', async (method) => {
    const { client, fake } = setup([failure(503), ok()]);
    const init = { params: { path: { id: 1 } }, body: { name: 'a' } };

    const { response } =
      method === 'PUT'
        ? await client.PUT('/api/worlds/{id}', init)
        : method === 'PATCH'
          ? await client.PATCH('/api/worlds/{id}', init)
          : await client.DELETE('/api/worlds/{id}', init);

    expect(response.status).toBe(503);
    expect(fake.seen.map((r) => [r.method, r.url])).toEqual([[method, WORLD]]);
  });

  it('retries a GET once on a network failure', async () => {
    const { client, fake } = setup([networkFailure(), ok()]);

    const { data } = await client.GET('/api/worlds/{id}', { params: { path: { id: 1 } } });

    expect(data).toEqual({ ok: true });
    expect(fake.seen).toEqual([
      { method: 'GET', url: WORLD, headers: {}, body: null },
      { method: 'GET', url: WORLD, headers: {}, body: null },
    ]);
  });

  it('rejects with the second error when a GET fails on the network twice', async () => {
    const second = new TypeError('still offline');
    const { client, fake } = setup([networkFailure(), second, ok()]);

    await expect(client.GET('/api/news')).rejects.toBe(second);
    expect(fake.seen).toHaveLength(2);
  });

  it('does not retry again when the retry after a network failure answers 503', async () => {
    const { client, fake } = setup([networkFailure(), failure(503), ok()]);

    const { response } = await client.GET('/api/news');

    expect(response.status).toBe(503);
    expect(fake.seen).toHaveLength(2);
  });

  it('never retries a POST on a network failure', async () => {
    const failureError = networkFailure();
    const { client, fake } = setup([failureError, ok()]);

    await expect(client.POST('/api/news', { body: {} })).rejects.toBe(failureError);
    expect(fake.seen).toHaveLength(1);
  });

  it('does not retry a GET the caller aborted', async () => {
    const controller = new AbortController();
    const fake = createFakeFetch([]);
    const abortingFetch = async (request: Request) => {
      controller.abort();
      await fake.fetch(request).catch(() => undefined);
      throw new TypeError('aborted while in flight');
    };
    const client = createClient<TestPaths>({ baseUrl: 'https://api.test', fetch: abortingFetch });
    client.use(retryMiddleware());

    await expect(client.GET('/api/news', { signal: controller.signal })).rejects.toThrow(
      'aborted while in flight',
    );
    expect(fake.seen).toHaveLength(1);
  });

  it('does not retry an error that is not a network failure', async () => {
    const bug = new Error('bug in a fetch wrapper');
    const { client, fake } = setup([bug, ok()]);

    await expect(client.GET('/api/news')).rejects.toBe(bug);
    expect(fake.seen).toHaveLength(1);
  });

  it('sends the request returned by beforeRetry, which receives the failed response', async () => {
    const failedStatuses: (number | undefined)[] = [];
    const { client, fake } = setup([failure(503), ok(), networkFailure(), ok()], {
      beforeRetry: (request, failed) => {
        failedStatuses.push(failed?.status);
        request.headers.set('x-attempt', '2');
        return request;
      },
    });

    await client.GET('/api/news');
    await client.GET('/api/news');

    expect(failedStatuses).toEqual([503, undefined]);
    expect(fake.seen.map((r) => r.headers)).toEqual([
      {},
      { 'x-attempt': '2' },
      {},
      { 'x-attempt': '2' },
    ]);
  });
});
