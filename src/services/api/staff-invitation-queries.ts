// A mailed staff invitation as its invitee opens it, by name (ADR 011, ADR 013): the invitation
// page takes these, never an API path. The invitations' management is in ./members-queries.ts.
import type { ApiClient } from './client';
import type { QueryApi } from './queries';

export const staffInvitationQueries = {
  /** The staff invitation a mailed link (its token) stands for. */
  byToken: (queryApi: QueryApi, token: string) =>
    queryApi.queryOptions('get', '/api/staff_invitation_emails/{id}', {
      params: { path: { id: token } },
    }),
};

export const staffInvitationMutations = {
  /** Accepts a mailed staff invitation (its token). */
  accept: (api: ApiClient, worldId: string, token: string) =>
    api.POST('/api/mypage/worlds/{world_id}/invite_confirmations', {
      params: { path: { world_id: worldId } },
      body: { token },
    }),
};
