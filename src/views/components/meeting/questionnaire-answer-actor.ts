// The world page's アンケート panel takes its machine's actor from src/app
// (src/app/actors/questionnaire-answer-actor.tsx), started with the panel for the world visited.
import type { ActorRefFrom } from 'xstate';
import type { questionnaireAnswerMachine } from '../../../machines/questionnaire-answer.machine';
import { actorHookContext } from '../../hooks/actor-hook';
import type { WorldActors } from './world-actors';

export type QuestionnaireAnswerRef = ActorRefFrom<typeof questionnaireAnswerMachine>;

export const questionnaireAnswerActor =
  actorHookContext<
    (world: Pick<WorldActors, 'worldId' | 'recordAction'>) => QuestionnaireAnswerRef
  >('useQuestionnaireAnswer');
