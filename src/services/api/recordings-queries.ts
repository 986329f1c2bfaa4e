// The world's meeting recordings by name (ADR 025): views take these, never an API path.
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from './client';
import { invalidateGets, type GetQuery, type QueryApi } from './queries';

export const recordingQueries = {
  /** The world's recordings, a page at a time. */
  list: (
    queryApi: QueryApi,
    worldId: string,
    query: GetQuery<'/api/worlds/{world_id}/chime_meeting_recordings'>,
  ) =>
    queryApi.queryOptions('get', '/api/worlds/{world_id}/chime_meeting_recordings', {
      params: { path: { world_id: worldId }, query },
    }),
};

export const recordingMutations = {
  rename: (api: ApiClient, worldId: string, recordingId: string, title: string) =>
    api.POST('/api/worlds/{world_id}/chime_meeting_recordings/title_update', {
      params: { path: { world_id: worldId } },
      body: { id: recordingId, title },
    }),
  /** A signed URL that downloads the recording. */
  downloadUrl: (api: ApiClient, worldId: string, recordingId: string) =>
    api.POST('/api/worlds/{world_id}/chime_meeting_recording_urls', {
      params: { path: { world_id: worldId } },
      body: { recordingId },
    }),
  remove: (api: ApiClient, worldId: string, recordingId: string) =>
    api.DELETE('/api/worlds/{world_id}/chime_meeting_recordings/{id}', {
      params: { path: { world_id: worldId, id: recordingId } },
    }),
};

/** The world's recordings, every page. */
export const invalidateRecordings = (queryClient: QueryClient, worldId: string) =>
  invalidateGets(queryClient, '/api/worlds/{world_id}/chime_meeting_recordings', {
    world_id: worldId,
  });
