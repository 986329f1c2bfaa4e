// Questionnaire rules shared by the answer form (what to show before sending) and the server
// (what it refuses with 422): the shape a question may take, and whether answers fit questions.

export const QUESTION_TYPES = ['singleChoice', 'multipleChoice', 'freeText', 'rating'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export const questionTypeLabels: Record<QuestionType, string> = {
  singleChoice: '単一選択',
  multipleChoice: '複数選択',
  freeText: '自由記述',
  rating: '評価',
};

export const DEFAULT_RATING_MAX = 5;
export const MIN_CHOICES = 2;
const FREE_TEXT_MAX = 2000;

export function isChoiceType(type: QuestionType): boolean {
  return type === 'singleChoice' || type === 'multipleChoice';
}

export const questionnaireMessages = {
  choicesNeeded: `choices: 選択式の質問には選択肢を${MIN_CHOICES}つ以上入力してください。`,
  choicesNotAllowed: 'choices: 選択式ではない質問に選択肢は設定できません。',
  duplicateChoice: 'choices: 同じ選択肢が重複しています。',
  ratingMaxNotAllowed: 'ratingMax: 評価の質問にだけ設定できます。',
  unknownQuestion: 'この質問は回答するアンケートにありません。',
  duplicateAnswer: '同じ質問に2回回答しています。',
  answerRequired: (title: string) => `「${title}」: 回答してください。`,
  oneChoice: (title: string) => `「${title}」: 選択肢を1つ選んでください。`,
  choiceNotOfQuestion: (title: string) => `「${title}」: 選択肢の中から選んでください。`,
  wrongField: (title: string) => `「${title}」: この質問の形式に合わない回答です。`,
  ratingRange: (title: string, max: number) =>
    `「${title}」: 1から${max}までの値で評価してください。`,
  textTooLong: (title: string) => `「${title}」: ${FREE_TEXT_MAX}文字以下で入力してください。`,
} as const;

/** What a question may look like: choices only (and at least two, distinct) for choice types, ratingMax only for rating. */
export function questionShapeProblems(q: {
  type: QuestionType;
  choices?: { label: string }[];
  ratingMax?: number | null;
}): string[] {
  const problems: string[] = [];
  const labels = (q.choices ?? []).map((c) => c.label.trim());
  if (isChoiceType(q.type)) {
    if (labels.length < MIN_CHOICES) problems.push(questionnaireMessages.choicesNeeded);
    if (new Set(labels).size !== labels.length)
      problems.push(questionnaireMessages.duplicateChoice);
  } else if (labels.length > 0) {
    problems.push(questionnaireMessages.choicesNotAllowed);
  }
  if (q.type !== 'rating' && q.ratingMax !== undefined && q.ratingMax !== null)
    problems.push(questionnaireMessages.ratingMaxNotAllowed);
  return problems;
}

export type QuestionForAnswer = {
  id: string;
  type: QuestionType;
  title: string;
  required: boolean;
  ratingMax: number | null;
  choices: { id: string }[];
};

export type AnswerInput = {
  questionId: string;
  choiceIds?: string[];
  text?: string;
  rating?: number;
};

/**
 * Checks answers against the questions. Blank answers (no choice, empty text) count as not
 * answered and are left out of `items`; a required question left unanswered is a problem.
 * `items` are the answers to keep, trimmed, in the questions' order.
 */
export function checkAnswers(
  questions: QuestionForAnswer[],
  answers: AnswerInput[],
): { items: AnswerInput[]; problems: string[] } {
  const problems: string[] = [];
  const byQuestion = new Map<string, AnswerInput>();
  for (const answer of answers) {
    if (!questions.some((q) => q.id === answer.questionId))
      problems.push(questionnaireMessages.unknownQuestion);
    else if (byQuestion.has(answer.questionId))
      problems.push(questionnaireMessages.duplicateAnswer);
    else byQuestion.set(answer.questionId, answer);
  }
  const items: AnswerInput[] = [];
  for (const question of questions) {
    const given = byQuestion.get(question.id);
    const result = given ? checkOne(question, given) : { item: null };
    if ('problem' in result) problems.push(result.problem);
    else if (result.item) items.push(result.item);
    else if (question.required) problems.push(questionnaireMessages.answerRequired(question.title));
  }
  return { items, problems: [...new Set(problems)] };
}

function checkOne(
  q: QuestionForAnswer,
  a: AnswerInput,
): { item: AnswerInput | null } | { problem: string } {
  const { title } = q;
  const choiceIds = a.choiceIds ?? [];
  const text = a.text?.trim() ?? '';
  switch (q.type) {
    case 'singleChoice':
    case 'multipleChoice': {
      if (a.text !== undefined || a.rating !== undefined)
        return { problem: questionnaireMessages.wrongField(title) };
      if (choiceIds.length === 0) return { item: null };
      if (q.type === 'singleChoice' && choiceIds.length !== 1)
        return { problem: questionnaireMessages.oneChoice(title) };
      if (!choiceIds.every((id) => q.choices.some((c) => c.id === id)))
        return { problem: questionnaireMessages.choiceNotOfQuestion(title) };
      return { item: { questionId: q.id, choiceIds: [...new Set(choiceIds)] } };
    }
    case 'freeText':
      if (a.choiceIds !== undefined || a.rating !== undefined)
        return { problem: questionnaireMessages.wrongField(title) };
      if ([...text].length > FREE_TEXT_MAX)
        return { problem: questionnaireMessages.textTooLong(title) };
      return { item: text === '' ? null : { questionId: q.id, text } };
    case 'rating': {
      if (a.choiceIds !== undefined || a.text !== undefined)
        return { problem: questionnaireMessages.wrongField(title) };
      if (a.rating === undefined) return { item: null };
      const max = q.ratingMax ?? DEFAULT_RATING_MAX;
      if (!Number.isInteger(a.rating) || a.rating < 1 || a.rating > max)
        return { problem: questionnaireMessages.ratingRange(title, max) };
      return { item: { questionId: q.id, rating: a.rating } };
    }
  }
}
