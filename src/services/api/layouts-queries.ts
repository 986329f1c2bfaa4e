// The world layout's queries by name (ADR 013, ADR 020): views take these, never an API path.
// The editor's saves go through ../layout-api.ts, from its statechart.
import type { QueryClient } from '@tanstack/react-query';
import { invalidateGets, type QueryApi } from './queries';

export const layoutQueries = {
  /** The world's layout as everyone inside sees it (the map, the stage). */
  show: (queryApi: QueryApi, worldId: string) =>
    queryApi.queryOptions('get', '/api/worlds/{id}/layout', {
      params: { path: { id: worldId } },
    }),
  /** The caller's saved layout presets. */
  presets: (queryApi: QueryApi) => queryApi.queryOptions('get', '/api/mypage/presets'),
  /** The base spaces (background images) a layout may stand on. */
  baseSpaces: (queryApi: QueryApi) => queryApi.queryOptions('get', '/api/mypage/base_spaces'),
};

/** After a preset is saved. */
export const invalidatePresets = (queryClient: QueryClient) =>
  invalidateGets(queryClient, '/api/mypage/presets');
