// A world's URL name (docs/product.md, "World URL") by name (ADR 013): views take these, never an
// API path.
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from './client';
import { invalidateGets, type JsonBody, type QueryApi } from './queries';

export const worldUrlQueries = {
  /** The world's URL name and addresses (owner and staff). */
  show: (queryApi: QueryApi, worldId: string) =>
    queryApi.queryOptions('get', '/api/mypage/world_urls/{id}', {
      params: { path: { id: worldId } },
    }),
  /** The world a URL name (or an id) leads to; public. */
  resolve: (queryApi: QueryApi, name: string) =>
    queryApi.queryOptions('get', '/api/world_ids/{id}', { params: { path: { id: name } } }),
};

export const worldUrlMutations = {
  /** Sets the URL name (null removes it); 409 when another world has it. */
  update: (
    api: ApiClient,
    worldId: string,
    body: JsonBody<'/api/mypage/world_urls/{id}', 'patch'>,
  ) => api.PATCH('/api/mypage/world_urls/{id}', { params: { path: { id: worldId } }, body }),
};

export const invalidateWorldUrls = (queryClient: QueryClient, worldId: string) =>
  invalidateGets(queryClient, '/api/mypage/world_urls/{id}', { id: worldId });
