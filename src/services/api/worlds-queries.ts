// A world as its own pages ask about it (the gate, the meeting, an event's page, an instant
// entrance), by name (ADR 013): views take these, never an API path. The caller's worlds on
// mypage are in ./my-worlds-queries.ts, so that these pages do not carry them.
import type { ApiClient } from './client';
import type { JsonBody, QueryApi } from './queries';

export const worldQueries = {
  /** The world as its pages show it to the caller (gate and meeting). */
  view: (queryApi: QueryApi, worldId: string) =>
    queryApi.queryOptions('get', '/api/worlds/{id}', { params: { path: { id: worldId } } }),
  /** What anyone may know of a world (its name, its time zone). */
  outline: (queryApi: QueryApi, worldId: string) =>
    queryApi.queryOptions('get', '/api/world_outlines/{id}', { params: { path: { id: worldId } } }),
  /** Whether an instant-entrance token lets the caller in now. */
  instantEnterRight: (queryApi: QueryApi, worldId: string, token: string) =>
    queryApi.queryOptions('get', '/api/worlds/{id}/my_instant_enter_access_right', {
      params: { path: { id: worldId }, query: { token } },
    }),
};

export const worldMutations = {
  /** Enters through an instant entrance, as a guest of the name given. */
  enterInstantly: (
    api: ApiClient,
    worldId: string,
    body: JsonBody<'/api/worlds/{id}/my_instant_enter_access_right', 'post'>,
  ) =>
    api.POST('/api/worlds/{id}/my_instant_enter_access_right', {
      params: { path: { id: worldId } },
      body,
    }),
};
