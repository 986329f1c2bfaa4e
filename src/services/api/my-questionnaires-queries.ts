// A world's questionnaires on mypage (editing, questions, results) by name (ADR 013): views take
// these, never an API path. Those the world's attendees answer are in ./questionnaires-queries.ts.
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from './client';
import { invalidateGets, type GetData, type JsonBody, type QueryApi } from './queries';

/** A world's questionnaires as its owners and staff list them. */
export type QuestionnaireList = GetData<'/api/mypage/worlds/{world_id}/questionnaires'>;

type QuestionPath =
  '/api/mypage/worlds/{world_id}/questionnaires/{questionnaire_id}/questionnaire_questions';
type QuestionItemPath =
  '/api/mypage/worlds/{world_id}/questionnaires/{questionnaire_id}/questionnaire_questions/{id}';

export const myQuestionnaireQueries = {
  /** A world's questionnaires, for its owners and staff. */
  list: (queryApi: QueryApi, worldId: string) =>
    queryApi.queryOptions('get', '/api/mypage/worlds/{world_id}/questionnaires', {
      params: { path: { world_id: worldId } },
    }),
  /** One questionnaire with its questions, for its owners and staff. */
  show: (queryApi: QueryApi, worldId: string, questionnaireId: string) =>
    queryApi.queryOptions('get', '/api/mypage/worlds/{world_id}/questionnaires/{id}', {
      params: { path: { world_id: worldId, id: questionnaireId } },
    }),
};

export const myQuestionnaireMutations = {
  create: (
    api: ApiClient,
    worldId: string,
    body: JsonBody<'/api/mypage/worlds/{world_id}/questionnaires', 'post'>,
  ) =>
    api.POST('/api/mypage/worlds/{world_id}/questionnaires', {
      params: { path: { world_id: worldId } },
      body,
    }),
  /** Changes a questionnaire's settings or its status (publishing, closing). */
  update: (
    api: ApiClient,
    worldId: string,
    questionnaireId: string,
    body: JsonBody<'/api/mypage/worlds/{world_id}/questionnaires/{id}', 'patch'>,
  ) =>
    api.PATCH('/api/mypage/worlds/{world_id}/questionnaires/{id}', {
      params: { path: { world_id: worldId, id: questionnaireId } },
      body,
    }),
  remove: (api: ApiClient, worldId: string, questionnaireId: string) =>
    api.DELETE('/api/mypage/worlds/{world_id}/questionnaires/{id}', {
      params: { path: { world_id: worldId, id: questionnaireId } },
    }),
  addQuestion: (
    api: ApiClient,
    worldId: string,
    questionnaireId: string,
    body: JsonBody<QuestionPath, 'post'>,
  ) =>
    api.POST(
      '/api/mypage/worlds/{world_id}/questionnaires/{questionnaire_id}/questionnaire_questions',
      { params: { path: { world_id: worldId, questionnaire_id: questionnaireId } }, body },
    ),
  updateQuestion: (
    api: ApiClient,
    worldId: string,
    questionnaireId: string,
    questionId: string,
    body: JsonBody<QuestionItemPath, 'patch'>,
  ) =>
    api.PATCH(
      '/api/mypage/worlds/{world_id}/questionnaires/{questionnaire_id}/questionnaire_questions/{id}',
      {
        params: {
          path: { world_id: worldId, questionnaire_id: questionnaireId, id: questionId },
        },
        body,
      },
    ),
  removeQuestion: (api: ApiClient, worldId: string, questionnaireId: string, questionId: string) =>
    api.DELETE(
      '/api/mypage/worlds/{world_id}/questionnaires/{questionnaire_id}/questionnaire_questions/{id}',
      {
        params: {
          path: { world_id: worldId, questionnaire_id: questionnaireId, id: questionId },
        },
      },
    ),
  /** Puts the questions in this order. */
  orderQuestions: (
    api: ApiClient,
    worldId: string,
    questionnaireId: string,
    questionIds: string[],
  ) =>
    api.POST('/api/mypage/worlds/{world_id}/questionnaires/{id}/update_questions_position', {
      params: { path: { world_id: worldId, id: questionnaireId } },
      body: { questionIds },
    }),
};

/** The answers to a questionnaire as CSV bytes (a Blob), its file name in the response's headers. */
export const downloadAnswersCsv = (api: ApiClient, worldId: string, questionnaireId: string) =>
  api.GET('/api/mypage/worlds/{world_id}/questionnaire_answers/answers_csv', {
    params: { path: { world_id: worldId }, query: { questionnaireId } },
    parseAs: 'blob',
  });

/** A world's list of questionnaires (their counts, their status). */
export const invalidateQuestionnaires = (queryClient: QueryClient, worldId: string) =>
  invalidateGets(queryClient, '/api/mypage/worlds/{world_id}/questionnaires', {
    world_id: worldId,
  });
