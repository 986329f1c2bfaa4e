// The worlds' queries and calls by name (ADR 013): views take these, never an API path.
import type { QueryApi } from './queries';

export const worldQueries = {
  /** The world as its pages show it to the caller (gate and meeting). */
  view: (queryApi: QueryApi, worldId: string) =>
    queryApi.queryOptions('get', '/api/worlds/{id}', { params: { path: { id: worldId } } }),
};
