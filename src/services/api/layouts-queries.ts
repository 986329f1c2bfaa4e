// The world's layout as everyone inside sees it, by name (ADR 013, ADR 020): views take this,
// never an API path. The editor's own queries are in ./my-layouts-queries.ts.
import type { QueryApi } from './queries';

export const layoutQueries = {
  /** The world's layout (the map, the stage). */
  show: (queryApi: QueryApi, worldId: string) =>
    queryApi.queryOptions('get', '/api/worlds/{id}/layout', {
      params: { path: { id: worldId } },
    }),
};
