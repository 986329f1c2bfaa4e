// The questionnaire builder's forms, bounded as openapi/schemas/mypage-worlds.yaml bounds
// CreateQuestionnaireRequest and CreateQuestionnaireQuestionRequest. A form holds strings; these
// schemas turn them into the request bodies (choices typed one per line, a checkbox as 'true').
import * as z from 'zod/mini';
import { DEFAULT_RATING_MAX, isChoiceType, MIN_CHOICES, QUESTION_TYPES } from '../questionnaire';
import { messages } from '../validation-messages';
import { body, requiredText } from './fields';

export const questionnaireLimits = {
  title: 100,
  description: 2000,
  questionTitle: 200,
  choiceLabel: 100,
  choices: 50,
  ratingMin: 2,
  ratingMax: 10,
} as const;

export const questionnaireStatusLabels = {
  draft: '下書き',
  published: '公開中',
  closed: '締め切り',
} as const;

/** What the builder starts a new question with. */
export const emptyQuestion = {
  type: 'singleChoice',
  title: '',
  required: '',
  choices: '',
  ratingMax: String(DEFAULT_RATING_MAX),
};

const description = z.optional(
  z.string({ error: () => messages.type('string') }).check(
    z.trim(),
    z.maxLength(questionnaireLimits.description, {
      error: messages.maxLength(questionnaireLimits.description),
    }),
  ),
);

/** A checkbox held as a string: 'true' when ticked. */
const checkbox = () =>
  z.pipe(
    z.optional(z.string()),
    z.transform((value: string | undefined) => value === 'true'),
  );

/** POST …/questionnaires (createQuestionnaire) and PATCH …/questionnaires/{id}: title, description, anonymity. */
export const questionnaireForm = body({
  title: requiredText(questionnaireLimits.title, { trim: true }),
  // Blank stays '' rather than absent: on an update it is how a description is removed.
  description,
  anonymous: checkbox(),
});

/** The lines of a choices text area: one choice a line, blank lines ignored. */
export function choiceLinesOf(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

const minChoicesMessage = `選択肢を${MIN_CHOICES}つ以上入力してください。`;
const duplicateChoiceMessage = '同じ選択肢が重複しています。';

/**
 * A question as typed: its type, title, "required" checkbox ('true' when ticked), choices one per
 * line and the top of a rating scale. The output is CreateQuestionnaireQuestionRequest: choices
 * only for choice types, ratingMax only for ratings.
 */
const questionFields = body({
  type: z.enum(QUESTION_TYPES, {
    error: (issue) =>
      issue.input === '' || issue.input == null
        ? messages.required()
        : messages.oneOf(QUESTION_TYPES),
  }),
  title: requiredText(questionnaireLimits.questionTitle, { trim: true }),
  required: checkbox(),
  choices: z.optional(z.string()),
  ratingMax: z.optional(z.string()),
});

export const questionForm = z.pipe(
  questionFields.check(
    z.superRefine((data, ctx) => {
      if (isChoiceType(data.type)) {
        const lines = choiceLinesOf(data.choices ?? '');
        const { choices, choiceLabel } = questionnaireLimits;
        if (lines.length < MIN_CHOICES)
          ctx.addIssue({ code: 'custom', path: ['choices'], message: minChoicesMessage });
        if (new Set(lines).size !== lines.length)
          ctx.addIssue({ code: 'custom', path: ['choices'], message: duplicateChoiceMessage });
        if (lines.length > choices)
          ctx.addIssue({ code: 'custom', path: ['choices'], message: messages.maxItems(choices) });
        if (lines.some((line) => [...line].length > choiceLabel))
          ctx.addIssue({
            code: 'custom',
            path: ['choices'],
            message: `選択肢はそれぞれ${messages.maxLength(choiceLabel)}`,
          });
      }
      if (data.type === 'rating') {
        const text = (data.ratingMax ?? '').trim();
        const value = Number(text);
        const { ratingMin, ratingMax } = questionnaireLimits;
        if (text === '')
          ctx.addIssue({ code: 'custom', path: ['ratingMax'], message: messages.required() });
        else if (!Number.isInteger(value))
          ctx.addIssue({ code: 'custom', path: ['ratingMax'], message: messages.type('integer') });
        else if (value < ratingMin)
          ctx.addIssue({
            code: 'custom',
            path: ['ratingMax'],
            message: messages.minNumber(ratingMin),
          });
        else if (value > ratingMax)
          ctx.addIssue({
            code: 'custom',
            path: ['ratingMax'],
            message: messages.maxNumber(ratingMax),
          });
      }
    }),
  ),
  z.transform(({ type, title, required, choices, ratingMax }: z.output<typeof questionFields>) => ({
    type,
    title,
    required,
    ...(isChoiceType(type)
      ? { choices: choiceLinesOf(choices ?? '').map((label) => ({ label })) }
      : {}),
    ...(type === 'rating' ? { ratingMax: Number(ratingMax) } : {}),
  })),
);

/**
 * The PATCH body for an edited question: title and required always, choices and the scale only
 * when they changed. The API refuses those two once answers exist, and replacing choices with
 * the same labels would still give them new ids. The type stays as created (not in the body).
 */
export function questionChanges(
  current: { choices: readonly { label: string }[]; ratingMax: number | null },
  edited: QuestionBody,
): { title: string; required: boolean; choices?: { label: string }[]; ratingMax?: number } {
  const changes: ReturnType<typeof questionChanges> = {
    title: edited.title,
    required: edited.required,
  };
  const labels = (list: readonly { label: string }[]) =>
    list.map((choice) => choice.label).join('\n');
  if (edited.choices && labels(edited.choices) !== labels(current.choices))
    changes.choices = edited.choices;
  if (edited.ratingMax !== undefined && edited.ratingMax !== current.ratingMax)
    changes.ratingMax = edited.ratingMax;
  return changes;
}

export type QuestionnaireBody = z.output<typeof questionnaireForm>;
export type QuestionBody = z.output<typeof questionForm>;
