import { and, asc, eq, gt, sql } from 'drizzle-orm';
import {
  DEFAULT_RATING_MAX,
  isChoiceType,
  questionShapeProblems,
  type QuestionType,
} from '../../src/domain/questionnaire';
import type { Db } from '../db/connect';
import { questionnaireChoices, questionnaireQuestions, questionnaires } from '../db/schema';
import { RuleError } from '../http/errors';
import { findQuestionnaire, hasAnswers, questionnaireJson, questionsOf } from './questionnaires';

export const questionMessages = {
  notFound: '質問が見つかりません。',
  answered: 'すでに回答があるため、質問の追加・削除や選択肢・評価の段階の変更はできません。',
  positions: 'questionIds: アンケートのすべての質問を1回ずつ指定してください。',
  title: 'title: 入力してください。',
} as const;

type ChoiceInput = { label: string };

function checkShape(q: { type: QuestionType; choices?: ChoiceInput[]; ratingMax?: number | null }) {
  const problems = questionShapeProblems(q);
  if (problems.length > 0) throw new RuleError('invalid', problems);
}

function cleanTitle(title: string): string {
  const trimmed = title.trim();
  if (!trimmed) throw new RuleError('invalid', questionMessages.title);
  return trimmed;
}

async function insertChoices(tx: Db, questionId: string, choices: ChoiceInput[]) {
  if (choices.length === 0) return;
  await tx
    .insert(questionnaireChoices)
    .values(choices.map((c, position) => ({ questionId, label: c.label.trim(), position })));
}

async function findQuestion(db: Db, questionnaireId: string, id: string) {
  const [row] = await db
    .select()
    .from(questionnaireQuestions)
    .where(
      and(
        eq(questionnaireQuestions.id, id),
        eq(questionnaireQuestions.questionnaireId, questionnaireId),
      ),
    );
  if (!row) throw new RuleError('notFound', questionMessages.notFound);
  return row;
}

async function questionAnswer(db: Db, questionnaireId: string, id: string) {
  const questions = (await questionsOf(db, [questionnaireId])).get(questionnaireId) ?? [];
  const question = questions.find((q) => q.id === id);
  if (!question) throw new RuleError('notFound', questionMessages.notFound);
  return question;
}

export async function listQuestions(db: Db, worldId: string, questionnaireId: string) {
  await findQuestionnaire(db, worldId, questionnaireId);
  return { items: (await questionsOf(db, [questionnaireId])).get(questionnaireId) ?? [] };
}

export async function getQuestion(db: Db, worldId: string, questionnaireId: string, id: string) {
  await findQuestionnaire(db, worldId, questionnaireId);
  return questionAnswer(db, questionnaireId, id);
}

/** Adds a question last. Questions change only while nobody answered (answers refer to them). */
export async function createQuestion(
  db: Db,
  worldId: string,
  questionnaireId: string,
  input: {
    type: QuestionType;
    title: string;
    required?: boolean;
    choices?: ChoiceInput[];
    ratingMax?: number;
  },
) {
  checkShape(input);
  const title = cleanTitle(input.title);
  const row = await db.transaction(async (tx) => {
    await findQuestionnaire(tx, worldId, questionnaireId, true);
    if (await hasAnswers(tx, questionnaireId))
      throw new RuleError('invalid', questionMessages.answered);
    const [last] = await tx
      .select({
        next: sql<number>`coalesce(max(${questionnaireQuestions.position}) + 1, 0)`.mapWith(Number),
      })
      .from(questionnaireQuestions)
      .where(eq(questionnaireQuestions.questionnaireId, questionnaireId));
    const [question] = await tx
      .insert(questionnaireQuestions)
      .values({
        questionnaireId,
        type: input.type,
        title,
        required: input.required ?? false,
        position: last?.next ?? 0,
        ratingMax: input.type === 'rating' ? (input.ratingMax ?? DEFAULT_RATING_MAX) : null,
      })
      .returning();
    if (isChoiceType(input.type)) await insertChoices(tx, question!.id, input.choices ?? []);
    return question!;
  });
  return questionAnswer(db, questionnaireId, row.id);
}

/** Title and "required" change any time; choices and the rating scale only before the first answer. */
export async function updateQuestion(
  db: Db,
  worldId: string,
  questionnaireId: string,
  id: string,
  input: { title?: string; required?: boolean; choices?: ChoiceInput[]; ratingMax?: number },
) {
  await db.transaction(async (tx) => {
    await findQuestionnaire(tx, worldId, questionnaireId, true);
    const current = await questionAnswer(tx, questionnaireId, id);
    if (input.choices !== undefined || input.ratingMax !== undefined) {
      checkShape({
        type: current.type,
        choices: input.choices ?? current.choices,
        ratingMax: input.ratingMax,
      });
      if (await hasAnswers(tx, questionnaireId))
        throw new RuleError('invalid', questionMessages.answered);
    }
    await tx
      .update(questionnaireQuestions)
      .set({
        ...(input.title !== undefined && { title: cleanTitle(input.title) }),
        ...(input.required !== undefined && { required: input.required }),
        ...(input.ratingMax !== undefined && { ratingMax: input.ratingMax }),
      })
      .where(eq(questionnaireQuestions.id, id));
    if (input.choices !== undefined) {
      await tx.delete(questionnaireChoices).where(eq(questionnaireChoices.questionId, id));
      await insertChoices(tx, id, input.choices);
    }
  });
  return questionAnswer(db, questionnaireId, id);
}

/** Removes a question before the first answer; the ones after it move up. */
export async function deleteQuestion(db: Db, worldId: string, questionnaireId: string, id: string) {
  await db.transaction(async (tx) => {
    await findQuestionnaire(tx, worldId, questionnaireId, true);
    const question = await findQuestion(tx, questionnaireId, id);
    if (await hasAnswers(tx, questionnaireId))
      throw new RuleError('invalid', questionMessages.answered);
    await tx.delete(questionnaireQuestions).where(eq(questionnaireQuestions.id, id));
    await tx
      .update(questionnaireQuestions)
      .set({ position: sql`${questionnaireQuestions.position} - 1` })
      .where(
        and(
          eq(questionnaireQuestions.questionnaireId, questionnaireId),
          gt(questionnaireQuestions.position, question.position),
        ),
      );
  });
}

/** Rewrites every position in one transaction; the ids must be exactly the questionnaire's questions. */
export async function reorderQuestions(
  db: Db,
  worldId: string,
  questionnaireId: string,
  questionIds: string[],
  now: Date,
) {
  const row = await db.transaction(async (tx) => {
    const questionnaire = await findQuestionnaire(tx, worldId, questionnaireId, true);
    const existing = await tx
      .select({ id: questionnaireQuestions.id })
      .from(questionnaireQuestions)
      .where(eq(questionnaireQuestions.questionnaireId, questionnaireId))
      .orderBy(asc(questionnaireQuestions.position));
    const known = new Set(existing.map((q) => q.id));
    if (questionIds.length !== known.size || !questionIds.every((id) => known.has(id))) {
      throw new RuleError('invalid', questionMessages.positions);
    }
    for (const [position, id] of questionIds.entries()) {
      await tx
        .update(questionnaireQuestions)
        .set({ position })
        .where(eq(questionnaireQuestions.id, id));
    }
    const [updated] = await tx
      .update(questionnaires)
      .set({ updatedAt: now })
      .where(eq(questionnaires.id, questionnaire.id))
      .returning();
    return updated!;
  });
  return questionnaireJson(db, row);
}
