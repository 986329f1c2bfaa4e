import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors/api-error';
import { createMemoryStorage } from '../memory-storage';
import { createAppStorage } from '../storage';
import { createApiClient } from './client';
import { createQueryApi, createQueryClient, queriesOf } from './queries';
import { createFakeFetch, jsonResponse, type Reply } from './test-support';

const WORLD = { id: 'w1', name: 'デモワールド' };

function setup(replies: Reply[]) {
  const fake = createFakeFetch(replies);
  const client = createApiClient({
    baseUrl: 'https://api.test',
    fetch: fake.fetch,
    storage: createAppStorage(createMemoryStorage({})),
  });
  return { fake, queryApi: createQueryApi(client), queryClient: createQueryClient() };
}

const worldQuery = (queryApi: ReturnType<typeof setup>['queryApi'], id: string) =>
  queryApi.queryOptions('get', '/api/mypage/worlds/{id}', { params: { path: { id } } });

describe('createQueryApi', () => {
  it('answers the data of a success, and serves it again from the cache', async () => {
    const { fake, queryApi, queryClient } = setup([jsonResponse(WORLD)]);

    const first = await queryClient.fetchQuery(worldQuery(queryApi, 'w1'));
    const again = await queryClient.fetchQuery(worldQuery(queryApi, 'w1'));

    expect(first).toEqual(WORLD);
    expect(again).toEqual(WORLD);
    expect(fake.seen.map((r) => r.url)).toEqual(['https://api.test/api/mypage/worlds/w1']);
  });

  it('fails with an ApiError that keeps the status, also for a refusal without a body', async () => {
    const { queryApi, queryClient } = setup([
      jsonResponse({ errors: ['ワールドが見つかりません'] }, { status: 404 }),
      new Response(null, { status: 403 }),
    ]);

    const refused = await queryClient
      .fetchQuery(worldQuery(queryApi, 'w1'))
      .catch((error: unknown) => error);
    const bare = await queryClient
      .fetchQuery(worldQuery(queryApi, 'w2'))
      .catch((error: unknown) => error);

    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 404, messages: ['ワールドが見つかりません'] });
    expect(bare).toMatchObject({ status: 403, messages: ['Error 403'] });
  });

  it('asks twice for a GET that keeps failing: the client retries once, the cache adds none', async () => {
    const { fake, queryApi, queryClient } = setup([
      new Response(null, { status: 503 }),
      new Response(null, { status: 503 }),
      jsonResponse(WORLD),
    ]);

    await expect(queryClient.fetchQuery(worldQuery(queryApi, 'w1'))).rejects.toMatchObject({
      status: 503,
    });

    expect(fake.seen).toHaveLength(2);
  });
});

describe('queriesOf', () => {
  it("matches one world's list at every page and search, and no other world's", async () => {
    const { queryApi, queryClient } = setup([]);
    const members = (worldId: string, page: number) =>
      queryApi.queryOptions('get', '/api/mypage/worlds/{world_id}/users', {
        params: { path: { world_id: worldId }, query: { page, perPage: 20 } },
      });
    for (const options of [members('w1', 1), members('w1', 2), members('w2', 1)])
      queryClient.setQueryData(options.queryKey, { items: [], page: 1, perPage: 20, total: 0 });
    queryClient.setQueryData(worldQuery(queryApi, 'w1').queryKey, WORLD);

    const matched = queryClient
      .getQueryCache()
      .findAll({ predicate: queriesOf('/api/mypage/worlds/{world_id}/users', { world_id: 'w1' }) })
      .map((query) => query.queryKey);

    expect(matched).toEqual([members('w1', 1).queryKey, members('w1', 2).queryKey]);
  });

  it('without path parameters matches the path for every world', () => {
    const { queryApi, queryClient } = setup([]);
    queryClient.setQueryData(worldQuery(queryApi, 'w1').queryKey, WORLD);
    queryClient.setQueryData(worldQuery(queryApi, 'w2').queryKey, WORLD);

    const matched = queryClient
      .getQueryCache()
      .findAll({ predicate: queriesOf('/api/mypage/worlds/{id}') });

    expect(matched).toHaveLength(2);
  });
});
