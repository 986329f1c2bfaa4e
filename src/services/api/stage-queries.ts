// Questions to the stage and the world's announcement by name (ADR 013, 035): views take these,
// never an API path.
import type { ApiClient } from './client';
import type { GetData, JsonBody, QueryApi } from './queries';

export type StageQuestionList = GetData<'/api/worlds/{world_id}/stage_questions'>;
export type StageQuestion = StageQuestionList['items'][number];

export const stageQueries = {
  /** The world's questions, newest first (hidden ones only for owner and staff). */
  questions: (queryApi: QueryApi, worldId: string) =>
    queryApi.queryOptions('get', '/api/worlds/{world_id}/stage_questions', {
      params: { path: { world_id: worldId } },
    }),
  /** The announcement shown in every space, or null. */
  announcement: (queryApi: QueryApi, worldId: string) =>
    queryApi.queryOptions('get', '/api/worlds/{world_id}/announcement', {
      params: { path: { world_id: worldId } },
    }),
};

const world = (worldId: string) => ({ params: { path: { world_id: worldId } } });
const question = (worldId: string, id: string) => ({
  params: { path: { world_id: worldId, id } },
});

export const stageMutations = {
  ask: (api: ApiClient, worldId: string, body: string) =>
    api.POST('/api/worlds/{world_id}/stage_questions', { ...world(worldId), body: { body } }),
  vote: (api: ApiClient, worldId: string, id: string) =>
    api.POST('/api/worlds/{world_id}/stage_questions/{id}/votes', question(worldId, id)),
  moderate: (
    api: ApiClient,
    worldId: string,
    id: string,
    body: JsonBody<'/api/worlds/{world_id}/stage_questions/{id}', 'patch'>,
  ) => api.PATCH('/api/worlds/{world_id}/stage_questions/{id}', { ...question(worldId, id), body }),
  /** The questions as CSV bytes (a Blob), its file name in the response's headers. */
  downloadCsv: (api: ApiClient, worldId: string) =>
    api.GET('/api/mypage/worlds/{world_id}/stage_questions_csv', {
      ...world(worldId),
      parseAs: 'blob',
    }),
  announce: (api: ApiClient, worldId: string, body: string) =>
    api.POST('/api/worlds/{world_id}/announcement', { ...world(worldId), body: { body } }),
  takeDownAnnouncement: (api: ApiClient, worldId: string) =>
    api.DELETE('/api/worlds/{world_id}/announcement', world(worldId)),
};

/** 空いたら知らせる: wait for a seat of a full table, or stop waiting. */
export const seatWaitMutations = {
  wait: (api: ApiClient, worldId: string, spaceId: string) =>
    api.PUT('/api/worlds/{world_id}/seat_waits/{id}', {
      params: { path: { world_id: worldId, id: spaceId } },
    }),
  stop: (api: ApiClient, worldId: string, spaceId: string) =>
    api.DELETE('/api/worlds/{world_id}/seat_waits/{id}', {
      params: { path: { world_id: worldId, id: spaceId } },
    }),
};
