// The world page's questionnaire answering actor (src/machines/questionnaire-answer.machine.ts),
// started with the アンケート panel; its effects: the API, the visit's action record (ADR 033) and
// the query cache. Loaded with the world page's chunk (src/app/route-table.ts).
import { useQueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createActor, fromPromise } from 'xstate';
import { questionnaireAnswerMachine } from '../../machines/questionnaire-answer.machine';
import {
  invalidateMyAnswers,
  questionnaireMutations,
} from '../../services/api/questionnaires-queries';
import { dataOf } from '../../services/errors/api-error';
import {
  questionnaireAnswerActor,
  type QuestionnaireAnswerRef,
} from '../../views/components/meeting/questionnaire-answer-actor';
import type { WorldActors } from '../../views/components/meeting/world-actors';
import { apiClient } from '../api';
import { provideToPage } from './provide-to-page';
import { useScoped } from './scoped';

/** The actor for one mounted panel; `world` is read on the first render only. */
export function useQuestionnaireAnswerActor({
  worldId,
  recordAction,
}: Pick<WorldActors, 'worldId' | 'recordAction'>): QuestionnaireAnswerRef {
  const queryClient = useQueryClient();
  return useScoped(() =>
    createActor(
      questionnaireAnswerMachine.provide({
        actors: {
          answer: fromPromise(async ({ input }) => {
            await dataOf(() => questionnaireMutations.answer(apiClient, worldId, input));
          }),
        },
        actions: {
          recordAnswer: () => recordAction('questionnaire.answered'),
          refreshAnswers: () => void invalidateMyAnswers(queryClient, worldId),
        },
      }),
    ),
  );
}

/** `Page` with the questionnaire answering actor to take. */
export const withQuestionnaireAnswerActor = (Page: ComponentType) =>
  provideToPage(questionnaireAnswerActor.Provider, useQuestionnaireAnswerActor, Page);
