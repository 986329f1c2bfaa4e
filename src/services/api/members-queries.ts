// The world's members (owners, staff), their invitations and the attendees removed from it, by
// name (ADR 011, ADR 013): views take these, never an API path.
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from './client';
import { invalidateGets, type GetQuery, type JsonBody, type QueryApi } from './queries';

export const memberQueries = {
  /** The world's members, a page (and a search) at a time. */
  list: (
    queryApi: QueryApi,
    worldId: string,
    query: GetQuery<'/api/mypage/worlds/{world_id}/users'>,
  ) =>
    queryApi.queryOptions('get', '/api/mypage/worlds/{world_id}/users', {
      params: { path: { world_id: worldId }, query },
    }),
  /** The staff invitations not yet accepted, a page at a time. */
  staffInvitations: (
    queryApi: QueryApi,
    worldId: string,
    query: GetQuery<'/api/mypage/worlds/{world_id}/staff_invitations'>,
  ) =>
    queryApi.queryOptions('get', '/api/mypage/worlds/{world_id}/staff_invitations', {
      params: { path: { world_id: worldId }, query },
    }),
  /** The attendee invitations (pending, accepted, expired), newest first, a page at a time. */
  memberInvitations: (
    queryApi: QueryApi,
    worldId: string,
    query: GetQuery<'/api/mypage/worlds/{world_id}/world_invitations'>,
  ) =>
    queryApi.queryOptions('get', '/api/mypage/worlds/{world_id}/world_invitations', {
      params: { path: { world_id: worldId }, query },
    }),
  /** How many members the world has by role, and how many are inside it now. */
  counts: (queryApi: QueryApi, worldId: string) =>
    queryApi.queryOptions('get', '/api/mypage/worlds/{world_id}/world_members_counts', {
      params: { path: { world_id: worldId } },
    }),
  /** Those removed from the world's meetings, who may not enter again until allowed. */
  removedAttendees: (queryApi: QueryApi, worldId: string) =>
    queryApi.queryOptions('get', '/api/mypage/worlds/{world_id}/removed_attendees', {
      params: { path: { world_id: worldId } },
    }),
  /** Who came into the world, newest first (listEnterNotifications). */
  recentEntries: (queryApi: QueryApi, worldId: string, page: number, perPage: number) =>
    queryApi.queryOptions('get', '/api/worlds/{id}/enter_notifications', {
      params: { path: { id: worldId }, query: { page, perPage } },
    }),
};

export const memberMutations = {
  changeRole: (
    api: ApiClient,
    worldId: string,
    userId: string,
    body: JsonBody<'/api/mypage/worlds/{world_id}/users/{id}', 'patch'>,
  ) =>
    api.PATCH('/api/mypage/worlds/{world_id}/users/{id}', {
      params: { path: { world_id: worldId, id: userId } },
      body,
    }),
  /** Takes a member out of the world (oneself: leaving it). */
  remove: (api: ApiClient, worldId: string, userId: string) =>
    api.DELETE('/api/mypage/worlds/{world_id}/users/{id}', {
      params: { path: { world_id: worldId, id: userId } },
    }),
  addCoOwner: (
    api: ApiClient,
    worldId: string,
    body: JsonBody<'/api/mypage/worlds/{world_id}/owners', 'post'>,
  ) =>
    api.POST('/api/mypage/worlds/{world_id}/owners', {
      params: { path: { world_id: worldId } },
      body,
    }),
  inviteStaff: (
    api: ApiClient,
    worldId: string,
    body: JsonBody<'/api/mypage/worlds/{world_id}/staff_invitations', 'post'>,
  ) =>
    api.POST('/api/mypage/worlds/{world_id}/staff_invitations', {
      params: { path: { world_id: worldId } },
      body,
    }),
  /** Mails attendees (role user) a link to join the world. */
  inviteMembers: (
    api: ApiClient,
    worldId: string,
    body: JsonBody<'/api/mypage/worlds/{world_id}/world_invitations', 'post'>,
  ) =>
    api.POST('/api/mypage/worlds/{world_id}/world_invitations', {
      params: { path: { world_id: worldId } },
      body,
    }),
  resendStaffInvitation: (api: ApiClient, worldId: string, invitationId: string) =>
    api.POST('/api/mypage/worlds/{world_id}/staff_invitations/{id}/resend', {
      params: { path: { world_id: worldId, id: invitationId } },
    }),
  deleteStaffInvitation: (api: ApiClient, worldId: string, invitationId: string) =>
    api.DELETE('/api/mypage/worlds/{world_id}/staff_invitations/{id}', {
      params: { path: { world_id: worldId, id: invitationId } },
    }),
  deleteStaffInvitations: (api: ApiClient, worldId: string, ids: string[]) =>
    api.POST('/api/mypage/worlds/{world_id}/staff_invitations/bulk_destroy', {
      params: { path: { world_id: worldId } },
      body: { ids },
    }),
  /** Lets a removed attendee enter again. */
  allowRemovedAttendee: (api: ApiClient, worldId: string, userId: string) =>
    api.DELETE('/api/mypage/worlds/{world_id}/removed_attendees/{id}', {
      params: { path: { world_id: worldId, id: userId } },
    }),
};

/** The world's members, every page and search. */
export const invalidateMembers = (queryClient: QueryClient, worldId: string) =>
  invalidateGets(queryClient, '/api/mypage/worlds/{world_id}/users', { world_id: worldId });

export const invalidateStaffInvitations = (queryClient: QueryClient, worldId: string) =>
  invalidateGets(queryClient, '/api/mypage/worlds/{world_id}/staff_invitations', {
    world_id: worldId,
  });

export const invalidateRemovedAttendees = (queryClient: QueryClient, worldId: string) =>
  invalidateGets(queryClient, '/api/mypage/worlds/{world_id}/removed_attendees', {
    world_id: worldId,
  });

export const invalidateMemberInvitations = (queryClient: QueryClient, worldId: string) =>
  invalidateGets(queryClient, '/api/mypage/worlds/{world_id}/world_invitations', {
    world_id: worldId,
  });
