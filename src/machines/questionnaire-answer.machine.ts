import { assertEvent, assign, setup, type SnapshotFrom } from 'xstate';
import { checkAnswers, type AnswerInput, type QuestionForAnswer } from '../domain/questionnaire';
import { toApiError } from '../services/errors/api-error';
import { refusal } from './refusal';
import { unprovidedAction, unprovidedActor } from './unprovided';

// Answering a questionnaire in the world page's アンケート panel (docs/product.md §2 Answering a
// questionnaire): 回答する opens one questionnaire's form (another's opens that one instead, the
// first's choices dropped); the answers are checked by the server's own rules
// (src/domain/questionnaire.ts) before anything is sent; sent, the form closes with thanks and the
// questionnaire says 回答済み. Answered already in another tab (409) is the same; any other refusal
// (closed meanwhile: 422) is shown in the server's words and the answers stay.
//
// Start: createActor(questionnaireAnswerMachine.provide({ actors: { answer }, actions: { … } })).

/** What the form needs of an open questionnaire. */
export interface AnsweredQuestionnaire {
  id: string;
  title: string;
  questions: QuestionForAnswer[];
}

export interface AnswerInputs {
  questionnaireId: string;
  answers: AnswerInput[];
}

export type QuestionnaireAnswerEvent =
  | { type: 'questionnaireAnswer.opened'; questionnaire: AnsweredQuestionnaire }
  /** One question's answer as it is now (a choice ticked, a text typed, a rating picked). */
  | { type: 'questionnaireAnswer.changed'; answer: AnswerInput }
  | { type: 'questionnaireAnswer.submitted' };

export interface QuestionnaireAnswerContext {
  /** The questionnaire whose form is open. */
  questionnaire: AnsweredQuestionnaire | null;
  /** The answers given so far, by question. */
  draft: Record<string, AnswerInput>;
  /** The title of the questionnaire answered last: the thanks. */
  answered: string | null;
  /** Why the answers were not sent: the rules' problems or the server's messages. */
  errors: string[];
  /** Refusals: each moves the focus to the error summary. */
  failures: number;
}

export const questionnaireAnswerTexts = {
  nothingAnswered: '少なくとも1つの質問に回答してください。',
} as const;

/** The answers to send, or why none may be sent (the server's rules, said before sending). */
function answersOf({
  questionnaire,
  draft,
}: QuestionnaireAnswerContext): { answers: AnswerInput[] } | { problems: string[] } {
  const { items, problems } = checkAnswers(questionnaire?.questions ?? [], Object.values(draft));
  if (problems.length > 0) return { problems };
  if (items.length === 0) return { problems: [questionnaireAnswerTexts.nothingAnswered] };
  return { answers: items };
}

export const questionnaireAnswerMachine = setup({
  types: {} as { context: QuestionnaireAnswerContext; events: QuestionnaireAnswerEvent },
  actors: {
    answer: unprovidedActor<void, AnswerInputs>('questionnaireAnswer', 'answer'),
  },
  actions: {
    // Effects, provided by the app (src/app/actors/questionnaire-answer-actor.tsx).
    /** For the insights (docs/product.md §3): a questionnaire answered here. */
    recordAnswer: unprovidedAction('questionnaireAnswer', 'recordAnswer'),
    /** Which questionnaires the caller has answered: read again (回答済み). */
    refreshAnswers: unprovidedAction('questionnaireAnswer', 'refreshAnswers'),
    // Context.
    open: assign(({ event }) => {
      assertEvent(event, 'questionnaireAnswer.opened');
      return { questionnaire: event.questionnaire, draft: {}, errors: [] };
    }),
    change: assign(({ context, event }) => {
      assertEvent(event, 'questionnaireAnswer.changed');
      return { draft: { ...context.draft, [event.answer.questionId]: event.answer } };
    }),
    refuseAnswers: assign(({ context }) => {
      const checked = answersOf(context);
      return {
        errors: 'problems' in checked ? checked.problems : [],
        failures: context.failures + 1,
      };
    }),
    clearErrors: assign({ errors: [] }),
    thank: assign(({ context }) => ({
      answered: context.questionnaire?.title ?? null,
      questionnaire: null,
      draft: {},
    })),
    refuse: assign(({ context }, params: { error: unknown }) =>
      refusal(context.failures, params.error),
    ),
  },
  guards: {
    answersValid: ({ context }) => 'answers' in answersOf(context),
    // The server keeps one answer per person: a 409 says this one is in already.
    answeredAlready: (_, params: { error: unknown }) => toApiError(params.error).status === 409,
  },
}).createMachine({
  id: 'questionnaireAnswer',
  context: { questionnaire: null, draft: {}, answered: null, errors: [], failures: 0 },
  initial: 'choosing',
  states: {
    choosing: {
      on: { 'questionnaireAnswer.opened': { target: 'answering', actions: 'open' } },
    },
    answering: {
      on: {
        'questionnaireAnswer.opened': { target: 'answering', actions: 'open' },
        'questionnaireAnswer.changed': { actions: 'change' },
        'questionnaireAnswer.submitted': [
          { guard: 'answersValid', target: 'sending', actions: 'clearErrors' },
          { actions: 'refuseAnswers' },
        ],
      },
    },
    sending: {
      invoke: {
        id: 'answer',
        src: 'answer',
        input: ({ context }) => {
          const checked = answersOf(context);
          return {
            questionnaireId: context.questionnaire!.id,
            answers: 'answers' in checked ? checked.answers : [],
          };
        },
        onDone: { target: 'choosing', actions: ['thank', 'recordAnswer', 'refreshAnswers'] },
        onError: [
          {
            guard: { type: 'answeredAlready', params: ({ event }) => ({ error: event.error }) },
            target: 'choosing',
            actions: ['thank', 'refreshAnswers'],
          },
          {
            target: 'answering',
            actions: { type: 'refuse', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
  },
});

export type QuestionnaireAnswerSnapshot = SnapshotFrom<typeof questionnaireAnswerMachine>;
