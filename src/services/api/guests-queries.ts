// The world's guests, guest links, instant entrances and enter page, by name (ADR 007, ADR 013):
// views take these, never an API path.
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from './client';
import { invalidateGets, type GetQuery, type JsonBody, type QueryApi } from './queries';

export const guestQueries = {
  /** The world's guests, a page (and a search) at a time. */
  list: (
    queryApi: QueryApi,
    worldId: string,
    query: GetQuery<'/api/mypage/worlds/{world_id}/guests'>,
  ) =>
    queryApi.queryOptions('get', '/api/mypage/worlds/{world_id}/guests', {
      params: { path: { world_id: worldId }, query },
    }),
  /** The world's guest links (ゲスト用リンク). */
  links: (queryApi: QueryApi, worldId: string) =>
    queryApi.queryOptions('get', '/api/mypage/worlds/{world_id}/world_guest_tokens', {
      params: { path: { world_id: worldId } },
    }),
  instantEntrances: (queryApi: QueryApi, worldId: string) =>
    queryApi.queryOptions('get', '/api/mypage/worlds/{world_id}/instant_entrances', {
      params: { path: { world_id: worldId } },
    }),
  /** The enter page's introduction, as its editors see it. */
  introduction: (queryApi: QueryApi, worldId: string) =>
    queryApi.queryOptions(
      'get',
      '/api/mypage/worlds/{world_id}/enter_guest_editable_introductions',
      {
        params: { path: { world_id: worldId } },
      },
    ),
  /** The badges guests may pick on the enter page, as its editors see them. */
  badges: (queryApi: QueryApi, worldId: string) =>
    queryApi.queryOptions('get', '/api/mypage/worlds/{world_id}/enter_guest_editable_badges', {
      params: { path: { world_id: worldId } },
    }),
};

export const guestMutations = {
  create: (
    api: ApiClient,
    worldId: string,
    body: JsonBody<'/api/mypage/worlds/{world_id}/guests', 'post'>,
  ) =>
    api.POST('/api/mypage/worlds/{world_id}/guests', {
      params: { path: { world_id: worldId } },
      body,
    }),
  update: (api: ApiClient, guestId: string, body: JsonBody<'/api/guests/{id}', 'patch'>) =>
    api.PATCH('/api/guests/{id}', { params: { path: { id: guestId } }, body }),
  remove: (api: ApiClient, guestId: string) =>
    api.DELETE('/api/guests/{id}', { params: { path: { id: guestId } } }),
  createLink: (
    api: ApiClient,
    worldId: string,
    body: JsonBody<'/api/mypage/worlds/{world_id}/world_guest_tokens', 'post'>,
  ) =>
    api.POST('/api/mypage/worlds/{world_id}/world_guest_tokens', {
      params: { path: { world_id: worldId } },
      body,
    }),
  /** Changes a guest link's name, expiry or limit (null clears one). */
  changeLink: (
    api: ApiClient,
    worldId: string,
    linkId: string,
    body: JsonBody<'/api/mypage/worlds/{world_id}/world_guest_tokens/{id}', 'patch'>,
  ) =>
    api.PATCH('/api/mypage/worlds/{world_id}/world_guest_tokens/{id}', {
      params: { path: { world_id: worldId, id: linkId } },
      body,
    }),
  revokeLink: (api: ApiClient, worldId: string, linkId: string) =>
    api.DELETE('/api/mypage/worlds/{world_id}/world_guest_tokens/{id}', {
      params: { path: { world_id: worldId, id: linkId } },
    }),
  createInstantEntrance: (
    api: ApiClient,
    worldId: string,
    body: JsonBody<'/api/mypage/worlds/{world_id}/instant_entrances', 'post'>,
  ) =>
    api.POST('/api/mypage/worlds/{world_id}/instant_entrances', {
      params: { path: { world_id: worldId } },
      body,
    }),
  stopInstantEntrance: (api: ApiClient, worldId: string, entranceId: string) =>
    api.DELETE('/api/mypage/worlds/{world_id}/instant_entrances/{id}', {
      params: { path: { world_id: worldId, id: entranceId } },
    }),
  saveIntroduction: (
    api: ApiClient,
    worldId: string,
    body: JsonBody<'/api/mypage/worlds/{world_id}/enter_guest_editable_introductions', 'post'>,
  ) =>
    api.POST('/api/mypage/worlds/{world_id}/enter_guest_editable_introductions', {
      params: { path: { world_id: worldId } },
      body,
    }),
  saveBadges: (
    api: ApiClient,
    worldId: string,
    body: JsonBody<'/api/mypage/worlds/{world_id}/enter_guest_editable_badges', 'post'>,
  ) =>
    api.POST('/api/mypage/worlds/{world_id}/enter_guest_editable_badges', {
      params: { path: { world_id: worldId } },
      body,
    }),
};

/** The world's guests, every page and search. */
export const invalidateGuests = (queryClient: QueryClient, worldId: string) =>
  invalidateGets(queryClient, '/api/mypage/worlds/{world_id}/guests', { world_id: worldId });

export const invalidateGuestLinks = (queryClient: QueryClient, worldId: string) =>
  invalidateGets(queryClient, '/api/mypage/worlds/{world_id}/world_guest_tokens', {
    world_id: worldId,
  });

export const invalidateInstantEntrances = (queryClient: QueryClient, worldId: string) =>
  invalidateGets(queryClient, '/api/mypage/worlds/{world_id}/instant_entrances', {
    world_id: worldId,
  });

export const invalidateIntroduction = (queryClient: QueryClient, worldId: string) =>
  invalidateGets(queryClient, '/api/mypage/worlds/{world_id}/enter_guest_editable_introductions', {
    world_id: worldId,
  });

export const invalidateBadges = (queryClient: QueryClient, worldId: string) =>
  invalidateGets(queryClient, '/api/mypage/worlds/{world_id}/enter_guest_editable_badges', {
    world_id: worldId,
  });
