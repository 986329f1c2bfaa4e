// Entering a world through a guest link, by name (ADR 007, ADR 013): the enter page takes these,
// never an API path. The links' management on mypage is in ./guests-queries.ts.
import type { ApiClient } from './client';
import type { JsonBody, QueryApi } from './queries';

export const guestEntryQueries = {
  /** What a guest link (its token) lets one enter, for the enter page. */
  link: (queryApi: QueryApi, token: string) =>
    queryApi.queryOptions('get', '/api/world_guest_tokens/{id}', {
      params: { path: { id: token } },
    }),
};

export const guestEntryMutations = {
  /** Enters through a guest link, as a guest of the name given. */
  enter: (api: ApiClient, token: string, body: JsonBody<'/api/world_guest_tokens/{id}', 'post'>) =>
    api.POST('/api/world_guest_tokens/{id}', { params: { path: { id: token } }, body }),
};
