// A world's insights (docs/product.md, "Insights") by name (ADR 013): views take these, never an
// API path.
import type { ApiClient } from './client';
import type { GetData, QueryApi } from './queries';

export type WorldInsights = GetData<'/api/mypage/worlds/{world_id}/insights'>;
export type ActionAggregate = GetData<'/api/mypage/worlds/{world_id}/user_actions/aggregate'>;

/** A range [from, to) as ISO instants. */
export interface Range {
  from: string;
  to: string;
}

export const insightQueries = {
  /** Attendance from the server's records over the range. */
  attendance: (queryApi: QueryApi, worldId: string, range: Range) =>
    queryApi.queryOptions('get', '/api/mypage/worlds/{world_id}/insights', {
      params: { path: { world_id: worldId }, query: range },
    }),
  /** The recorded actions of the range, counted per kind (one bucket: the range is one day). */
  actions: (queryApi: QueryApi, worldId: string, range: Range) =>
    queryApi.queryOptions('get', '/api/mypage/worlds/{world_id}/user_actions/aggregate', {
      params: { path: { world_id: worldId }, query: { ...range, interval: 'day' } },
    }),
};

/** The range's actions as CSV bytes (a Blob), its file name in the response's headers. */
export const downloadActionsCsv = (api: ApiClient, worldId: string, range: Range) =>
  api.GET('/api/mypage/worlds/{world_id}/user_actions/download', {
    params: { path: { world_id: worldId }, query: range },
    parseAs: 'blob',
  });
