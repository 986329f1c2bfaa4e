// The event announcements (イベントのお知らせ) and their registrations by name (ADR 013): views
// take these, never an API path.
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from './client';
import {
  invalidateGets,
  type GetData,
  type GetQuery,
  type JsonBody,
  type QueryApi,
} from './queries';

/** A page of a world's announcements as its owners and staff list them. */
export type EventListPage = GetData<'/api/mypage/worlds/{world_id}/event_announcements'>;

export const eventQueries = {
  /** A world's announcements, a page at a time. */
  list: (
    queryApi: QueryApi,
    worldId: string,
    query: GetQuery<'/api/mypage/worlds/{world_id}/event_announcements'>,
  ) =>
    queryApi.queryOptions('get', '/api/mypage/worlds/{world_id}/event_announcements', {
      params: { path: { world_id: worldId }, query },
    }),
  /** One announcement as its owners and staff see it. */
  show: (queryApi: QueryApi, worldId: string, eventId: string) =>
    queryApi.queryOptions('get', '/api/mypage/worlds/{world_id}/event_announcements/{id}', {
      params: { path: { world_id: worldId, id: eventId } },
    }),
  /** A world's published announcements that have not ended, by start, as anyone sees them. */
  publicList: (queryApi: QueryApi, query: GetQuery<'/api/event_announcements'>) =>
    queryApi.queryOptions('get', '/api/event_announcements', { params: { query } }),
  /** A published announcement as anyone sees it. */
  published: (queryApi: QueryApi, eventId: string) =>
    queryApi.queryOptions('get', '/api/event_announcements/{id}', {
      params: { path: { id: eventId } },
    }),
  /**
   * Confirms a registration with the token of the mailed link: a POST kept as a query, keyed by
   * the token, so that it is sent once per token (with spendsOneTimeToken).
   */
  confirmRegistration: (queryApi: QueryApi, eventId: string, token: string) =>
    queryApi.queryOptions(
      'post',
      '/api/event_announcements/{event_announcement_id}/registered_email_confirmations',
      { params: { path: { event_announcement_id: eventId } }, body: { token } },
    ),
};

export const eventMutations = {
  create: (
    api: ApiClient,
    worldId: string,
    body: JsonBody<'/api/mypage/worlds/{world_id}/event_announcements', 'post'>,
  ) =>
    api.POST('/api/mypage/worlds/{world_id}/event_announcements', {
      params: { path: { world_id: worldId } },
      body,
    }),
  /** Changes an announcement (its fields, or publishing it: `publishedAt`). */
  update: (
    api: ApiClient,
    worldId: string,
    eventId: string,
    body: JsonBody<'/api/mypage/worlds/{world_id}/event_announcements/{id}', 'patch'>,
  ) =>
    api.PATCH('/api/mypage/worlds/{world_id}/event_announcements/{id}', {
      params: { path: { world_id: worldId, id: eventId } },
      body,
    }),
  remove: (api: ApiClient, worldId: string, eventId: string) =>
    api.DELETE('/api/mypage/worlds/{world_id}/event_announcements/{id}', {
      params: { path: { world_id: worldId, id: eventId } },
    }),
  /** Registers an address for an event; the server mails a link that confirms it. */
  register: (
    api: ApiClient,
    eventId: string,
    body: JsonBody<'/api/event_announcements/{event_announcement_id}/registered_emails', 'post'>,
  ) =>
    api.POST('/api/event_announcements/{event_announcement_id}/registered_emails', {
      params: { path: { event_announcement_id: eventId } },
      body,
    }),
};

/** A world's list of announcements, every page. */
export const invalidateEvents = (queryClient: QueryClient, worldId: string) =>
  invalidateGets(queryClient, '/api/mypage/worlds/{world_id}/event_announcements', {
    world_id: worldId,
  });

/** One announcement as its owners and staff see it. */
export const invalidateEvent = (queryClient: QueryClient, worldId: string, eventId: string) =>
  invalidateGets(queryClient, '/api/mypage/worlds/{world_id}/event_announcements/{id}', {
    world_id: worldId,
    id: eventId,
  });
