// The meeting's queries and calls by name (ADR 010, 017, 024, 026): views take these, never an
// API path. The meeting statechart's own calls are in ../meeting/meeting-api.ts.
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from './client';
import { invalidateGets, type GetData, type JsonBody, type QueryApi } from './queries';

export type MeetingRecord = GetData<'/api/worlds/{world_id}/chime_meetings/{id}'>;

export const meetingQueries = {
  /**
   * A meeting's attendees as the server has them. `roster` (the media session's attendee ids)
   * is part of the key only: openapi-react-query keeps unknown init keys in the key and
   * openapi-fetch ignores them, so a new roster asks again.
   */
  attendees: (queryApi: QueryApi, worldId: string, meetingId: string, roster: string) =>
    queryApi.queryOptions('get', '/api/worlds/{world_id}/chime_meetings/{id}', {
      params: { path: { world_id: worldId, id: meetingId } },
      roster,
    }),
  informationBoard: (queryApi: QueryApi, worldId: string) =>
    queryApi.queryOptions('get', '/api/worlds/{id}/information_board', {
      params: { path: { id: worldId } },
    }),
  /** Who is in which space of the world (members, not guests), by space then name. */
  whoIsWhere: (queryApi: QueryApi, worldId: string) =>
    queryApi.queryOptions('get', '/api/mypage/world_user_spaces', {
      params: { query: { worldId } },
    }),
  /** The same for the people whose name has `q` anywhere (at most 50). */
  findWhoIsWhere: (queryApi: QueryApi, worldId: string, q: string) =>
    queryApi.queryOptions('get', '/api/mypage/world_user_spaces/search', {
      params: { query: { worldId, q } },
    }),
  /** The shared virtual background images and the caller's own uploads. */
  virtualBackgrounds: (queryApi: QueryApi) =>
    queryApi.queryOptions('get', '/api/virtual_backgrounds'),
};

export const meetingMutations = {
  updateInformationBoard: (
    api: ApiClient,
    worldId: string,
    body: JsonBody<'/api/worlds/{id}/information_board', 'patch'>,
  ) => api.PATCH('/api/worlds/{id}/information_board', { params: { path: { id: worldId } }, body }),
  /** Rings the bell in the world (`spaceId` null: for everyone). */
  ringBell: (api: ApiClient, worldId: string, body: JsonBody<'/api/bell_callings/{id}', 'post'>) =>
    api.POST('/api/bell_callings/{id}', { params: { path: { id: worldId } }, body }),
};

/** After a moderation: the meeting's attendees, for every roster. */
export const invalidateMeetingAttendees = (
  queryClient: QueryClient,
  worldId: string,
  meetingId: string,
) =>
  invalidateGets(queryClient, '/api/worlds/{world_id}/chime_meetings/{id}', {
    world_id: worldId,
    id: meetingId,
  });

/** Someone moved (the presence says so): who is where, everyone's and each name's, read again. */
export const invalidateWhoIsWhere = (queryClient: QueryClient) =>
  Promise.all([
    invalidateGets(queryClient, '/api/mypage/world_user_spaces'),
    invalidateGets(queryClient, '/api/mypage/world_user_spaces/search'),
  ]);

/** After an upload or a deletion of a background image. */
export const invalidateVirtualBackgrounds = (queryClient: QueryClient) =>
  invalidateGets(queryClient, '/api/virtual_backgrounds');
