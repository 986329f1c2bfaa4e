// The world layout's queries and calls by name (ADR 013, ADR 020): views take these, never an
// API path.
import type { QueryApi } from './queries';

export const layoutQueries = {
  /** The world's layout as everyone inside sees it (the map, the stage). */
  show: (queryApi: QueryApi, worldId: string) =>
    queryApi.queryOptions('get', '/api/worlds/{id}/layout', {
      params: { path: { id: worldId } },
    }),
};
