// The questionnaires as the world's attendees meet them (open ones, answering), by name (ADR 013):
// views take these, never an API path. Their editing and results on mypage are in
// ./my-questionnaires-queries.ts, so that the world's pages do not carry them.
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from './client';
import { invalidateGets, type JsonBody, type QueryApi } from './queries';

export const questionnaireQueries = {
  /** The world's open questionnaires, for everyone inside. */
  open: (queryApi: QueryApi, worldId: string) =>
    queryApi.queryOptions('get', '/api/worlds/{world_id}/questionnaires', {
      params: { path: { world_id: worldId } },
    }),
  /** Which of them the caller has answered. */
  myAnswers: (queryApi: QueryApi, worldId: string) =>
    queryApi.queryOptions('get', '/api/worlds/{world_id}/questionnaire_answers', {
      params: { path: { world_id: worldId } },
    }),
};

export const questionnaireMutations = {
  answer: (
    api: ApiClient,
    worldId: string,
    body: JsonBody<'/api/worlds/{world_id}/questionnaire_answers', 'post'>,
  ) =>
    api.POST('/api/worlds/{world_id}/questionnaire_answers', {
      params: { path: { world_id: worldId } },
      body,
    }),
};

/** After an answer: which questionnaires the caller has answered. */
export const invalidateMyAnswers = (queryClient: QueryClient, worldId: string) =>
  invalidateGets(queryClient, '/api/worlds/{world_id}/questionnaire_answers', {
    world_id: worldId,
  });
