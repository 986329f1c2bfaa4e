// The caller's world groups on mypage (docs/product.md, "World groups") by name (ADR 013): views
// take these, never an API path.
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from './client';
import { invalidateGets, type JsonBody, type QueryApi } from './queries';

export const worldGroupQueries = {
  /** The caller's groups, newest first, each with the ids of its worlds. */
  list: (queryApi: QueryApi) => queryApi.queryOptions('get', '/api/mypage/world_groups'),
  /** The other worlds of the groups that hold this world (owner and staff). */
  sameGroup: (queryApi: QueryApi, worldId: string) =>
    queryApi.queryOptions('get', '/api/mypage/worlds/{world_id}/same_group_worlds', {
      params: { path: { world_id: worldId } },
    }),
};

export const worldGroupMutations = {
  create: (api: ApiClient, body: JsonBody<'/api/mypage/world_groups', 'post'>) =>
    api.POST('/api/mypage/world_groups', { body }),
  /** Renames the group, or puts these worlds in it (and takes the others out). */
  update: (
    api: ApiClient,
    groupId: string,
    body: JsonBody<'/api/mypage/world_groups/{id}', 'patch'>,
  ) => api.PATCH('/api/mypage/world_groups/{id}', { params: { path: { id: groupId } }, body }),
  remove: (api: ApiClient, groupId: string) =>
    api.DELETE('/api/mypage/world_groups/{id}', { params: { path: { id: groupId } } }),
};

/** The groups, and every world's list of its group's other worlds (a group made, changed or deleted). */
export const invalidateWorldGroups = async (queryClient: QueryClient) => {
  await Promise.all([
    invalidateGets(queryClient, '/api/mypage/world_groups'),
    invalidateGets(queryClient, '/api/mypage/worlds/{world_id}/same_group_worlds'),
  ]);
};
