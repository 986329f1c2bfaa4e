// What the world page's アンケート panel reads from the questionnaire answer machine's snapshot.
import type { QuestionnaireAnswerSnapshot } from './questionnaire-answer.machine';

/** The questionnaire whose form is open (also while its answers are sent), else null. */
export const selectOpenQuestionnaireId = (s: QuestionnaireAnswerSnapshot) =>
  s.matches('answering') || s.matches('sending') ? (s.context.questionnaire?.id ?? null) : null;
export const isSendingAnswers = (s: QuestionnaireAnswerSnapshot) => s.matches('sending');
/** The answers given so far, by question id. */
export const selectDraft = (s: QuestionnaireAnswerSnapshot) => s.context.draft;
/** The title of the questionnaire answered last (the thanks), else null. */
export const selectAnsweredTitle = (s: QuestionnaireAnswerSnapshot) => s.context.answered;
/** Why the answers were not sent: the rules' problems or the server's messages. */
export const selectAnswerErrors = (s: QuestionnaireAnswerSnapshot) => s.context.errors;
export const selectAnswerFailures = (s: QuestionnaireAnswerSnapshot) => s.context.failures;
