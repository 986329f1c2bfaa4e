// The caller's worlds on mypage (owners and staff) by name (ADR 013): views take these, never an
// API path. What the world's own pages ask is in ./worlds-queries.ts, so they do not carry these.
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from './client';
import { invalidateGets, type GetQuery, type JsonBody, type QueryApi } from './queries';

export const myWorldQueries = {
  /** The worlds the caller owns or staffs, a page at a time. */
  list: (queryApi: QueryApi, query: GetQuery<'/api/mypage/worlds'>) =>
    queryApi.queryOptions('get', '/api/mypage/worlds', { params: { query } }),
  /** One of the caller's worlds, with the caller's role in it (getMyWorld). */
  show: (queryApi: QueryApi, worldId: string) =>
    queryApi.queryOptions('get', '/api/mypage/worlds/{id}', { params: { path: { id: worldId } } }),
  /** The world an invitation link leads to. */
  byInvitation: (queryApi: QueryApi, token: string) =>
    queryApi.queryOptions('get', '/api/mypage/world_abstract_by_invitations', {
      params: { query: { token } },
    }),
  /** The reserved and free dates of a stretch of the world's calendar. */
  calendarDates: (
    queryApi: QueryApi,
    worldId: string,
    query: GetQuery<'/api/mypage/worlds/{world_id}/calendar_dates'>,
  ) =>
    queryApi.queryOptions('get', '/api/mypage/worlds/{world_id}/calendar_dates', {
      params: { path: { world_id: worldId }, query },
    }),
};

export const myWorldMutations = {
  create: (api: ApiClient, body: JsonBody<'/api/mypage/worlds', 'post'>) =>
    api.POST('/api/mypage/worlds', { body }),
  update: (api: ApiClient, worldId: string, body: JsonBody<'/api/mypage/worlds/{id}', 'patch'>) =>
    api.PATCH('/api/mypage/worlds/{id}', { params: { path: { id: worldId } }, body }),
  remove: (api: ApiClient, worldId: string) =>
    api.DELETE('/api/mypage/worlds/{id}', { params: { path: { id: worldId } } }),
  copy: (api: ApiClient, worldId: string, body: JsonBody<'/api/worlds/{id}/copy', 'post'>) =>
    api.POST('/api/worlds/{id}/copy', { params: { path: { id: worldId } }, body }),
  /** Joins the world of an invitation link. */
  joinByInvitation: (api: ApiClient, token: string) =>
    api.POST('/api/mypage/self_invitations', { body: { token } }),
};

/** The list of the caller's worlds, every page (a world made, renamed, left or deleted). */
export const invalidateMyWorlds = (queryClient: QueryClient) =>
  invalidateGets(queryClient, '/api/mypage/worlds');

/** One of the caller's worlds (its settings, the caller's role in it). */
export const invalidateMyWorld = (queryClient: QueryClient, worldId: string) =>
  invalidateGets(queryClient, '/api/mypage/worlds/{id}', { id: worldId });

/** The world's calendar, every week (a date paid for). */
export const invalidateCalendarDates = (queryClient: QueryClient, worldId: string) =>
  invalidateGets(queryClient, '/api/mypage/worlds/{world_id}/calendar_dates', {
    world_id: worldId,
  });
