import { createHash } from 'node:crypto';
import { and, asc, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { type AnswerInput, checkAnswers, type QuestionType } from '../../src/domain/questionnaire';
import { formatDateTime } from '../../src/domain/time-zone';
import type { Db } from '../db/connect';
import { questionnaireAnswers, questionnaires, users, worlds } from '../db/schema';
import type { CsvCell } from '../http/csv';
import { RuleError } from '../http/errors';
import {
  findQuestionnaire,
  isOpen,
  questionnaireNotFound,
  questionnairesJson,
  questionsOf,
} from './questionnaires';

export const answerMessages = {
  closed: 'このアンケートは現在回答を受け付けていません。',
  alreadyAnswered: 'このアンケートにはすでに回答しています。',
} as const;

/**
 * Who answered, as stored: a hash of questionnaire and user, so one member answers once even
 * when the answers of an anonymous questionnaire keep no user.
 */
function respondentKey(questionnaireId: string, userId: string): string {
  return createHash('sha256').update(`${questionnaireId}:${userId}`).digest('hex');
}

type AnswerRow = typeof questionnaireAnswers.$inferSelect;

function answerJson(row: AnswerRow) {
  return {
    id: row.id,
    questionnaireId: row.questionnaireId,
    answers: row.items,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Published questionnaires whose window contains `now`, newest first. */
export async function listOpenQuestionnaires(db: Db, worldId: string, now: Date) {
  const q = questionnaires;
  const rows = await db
    .select()
    .from(q)
    .where(
      and(
        eq(q.worldId, worldId),
        eq(q.status, 'published'),
        or(isNull(q.opensAt), lte(q.opensAt, now)),
        or(isNull(q.closesAt), gt(q.closesAt, now)),
      ),
    )
    .orderBy(desc(q.createdAt), desc(q.id));
  return { items: await questionnairesJson(db, rows) };
}

/** The caller's own answers in the world (anonymous ones too, found by the respondent hash). */
export async function listMyAnswers(
  db: Db,
  worldId: string,
  userId: string,
  questionnaireId?: string,
) {
  const a = questionnaireAnswers;
  const rows = await db
    .select({ answer: a })
    .from(a)
    .innerJoin(questionnaires, eq(questionnaires.id, a.questionnaireId))
    .where(
      and(
        eq(questionnaires.worldId, worldId),
        questionnaireId ? eq(a.questionnaireId, questionnaireId) : undefined,
        eq(
          a.respondentKey,
          sql`encode(sha256(convert_to(${a.questionnaireId}::text || ':' || ${userId}::text, 'UTF8')), 'hex')`,
        ),
      ),
    )
    .orderBy(desc(a.createdAt));
  return { items: rows.map((r) => answerJson(r.answer)) };
}

/**
 * Answers an open questionnaire once: drafts are not found, closed ones refused (422), answers
 * checked against the questions (422), a second answer refused (409, by the unique respondent key).
 */
export async function createAnswer(
  db: Db,
  worldId: string,
  userId: string,
  input: { questionnaireId: string; answers: AnswerInput[] },
  now: Date,
) {
  const questionnaire = await findQuestionnaire(db, worldId, input.questionnaireId);
  if (questionnaire.status === 'draft') throw new RuleError('notFound', questionnaireNotFound);
  if (!isOpen(questionnaire, now)) throw new RuleError('invalid', answerMessages.closed);
  const questions = (await questionsOf(db, [questionnaire.id])).get(questionnaire.id) ?? [];
  const { items, problems } = checkAnswers(questions, input.answers);
  if (problems.length > 0) throw new RuleError('invalid', problems);
  const [row] = await db
    .insert(questionnaireAnswers)
    .values({
      questionnaireId: questionnaire.id,
      respondentKey: respondentKey(questionnaire.id, userId),
      userId: questionnaire.anonymous ? null : userId,
      items,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new RuleError('conflict', answerMessages.alreadyAnswered);
  return answerJson(row);
}

const header = ['回答ID', '回答日時', '回答者', 'メールアドレス'];

/** The rows of answers_csv: a header, then one row per answer, oldest first, one column per question. */
export async function answerCsvRows(
  db: Db,
  worldId: string,
  questionnaireId: string,
): Promise<{ title: string; rows: CsvCell[][] }> {
  const questionnaire = await findQuestionnaire(db, worldId, questionnaireId);
  const [world] = await db
    .select({ timeZone: worlds.timeZone })
    .from(worlds)
    .where(eq(worlds.id, worldId));
  const questions = (await questionsOf(db, [questionnaireId])).get(questionnaireId) ?? [];
  const answers = await db
    .select({
      answer: questionnaireAnswers,
      name: users.name,
      email: users.email,
      isGuest: users.isGuest,
    })
    .from(questionnaireAnswers)
    .leftJoin(users, eq(users.id, questionnaireAnswers.userId))
    .where(eq(questionnaireAnswers.questionnaireId, questionnaireId))
    .orderBy(asc(questionnaireAnswers.createdAt), asc(questionnaireAnswers.id));
  const zone = world?.timeZone ?? 'Asia/Tokyo';
  const rows: CsvCell[][] = [[...header, ...questions.map((q) => q.title)]];
  for (const { answer, name, email, isGuest } of answers) {
    const byQuestion = new Map(answer.items.map((item) => [item.questionId, item]));
    rows.push([
      answer.id,
      formatDateTime(answer.createdAt, zone),
      questionnaire.anonymous ? '匿名' : (name ?? '退会したユーザー'),
      // A guest's address is a generated id, never a real address.
      questionnaire.anonymous || isGuest ? '' : email,
      ...questions.map((q) => cellOf(q, byQuestion.get(q.id))),
    ]);
  }
  return { title: questionnaire.title, rows };
}

function cellOf(
  question: { type: QuestionType; choices: { id: string; label: string }[] },
  item: AnswerInput | undefined,
): CsvCell {
  if (!item) return '';
  if (item.choiceIds)
    return item.choiceIds
      .map((id) => question.choices.find((c) => c.id === id)?.label ?? '')
      .join('、');
  if (item.rating !== undefined) return item.rating;
  return item.text ?? '';
}
