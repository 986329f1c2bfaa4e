import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/connect';
import {
  questionnaireAnswers,
  questionnaireChoices,
  questionnaireQuestions,
  questionnaires,
} from '../db/schema';
import { RuleError } from '../http/errors';

export type QuestionnaireRow = typeof questionnaires.$inferSelect;
type QuestionRow = typeof questionnaireQuestions.$inferSelect;
type ChoiceRow = typeof questionnaireChoices.$inferSelect;
type Status = QuestionnaireRow['status'];

export const questionnaireNotFound = 'アンケートが見つかりません。';

export const questionnaireRules = {
  publishWithoutQuestions: '質問が1つもないアンケートは公開できません。',
  window: 'closesAt: 締め切り日時は受付開始日時より後にしてください。',
  anonymousLocked: 'anonymous: 回答があるアンケートの匿名設定は変更できません。',
} as const;

function questionJson(q: QuestionRow, choices: ChoiceRow[]) {
  return {
    id: q.id,
    questionnaireId: q.questionnaireId,
    type: q.type,
    title: q.title,
    required: q.required,
    position: q.position,
    choices: choices.map((c) => ({ id: c.id, label: c.label, position: c.position })),
    ratingMax: q.ratingMax,
  };
}
export type QuestionJson = ReturnType<typeof questionJson>;

/** The questions of the questionnaires (by position) with their choices, in two queries. */
export async function questionsOf(
  db: Db,
  questionnaireIds: string[],
): Promise<Map<string, QuestionJson[]>> {
  const result = new Map<string, QuestionJson[]>(questionnaireIds.map((id) => [id, []]));
  if (questionnaireIds.length === 0) return result;
  const rows = await db
    .select()
    .from(questionnaireQuestions)
    .where(inArray(questionnaireQuestions.questionnaireId, questionnaireIds))
    .orderBy(asc(questionnaireQuestions.position), asc(questionnaireQuestions.createdAt));
  const choices = rows.length
    ? await db
        .select()
        .from(questionnaireChoices)
        .where(
          inArray(
            questionnaireChoices.questionId,
            rows.map((q) => q.id),
          ),
        )
        .orderBy(asc(questionnaireChoices.position))
    : [];
  for (const q of rows) {
    result.get(q.questionnaireId)!.push(
      questionJson(
        q,
        choices.filter((c) => c.questionId === q.id),
      ),
    );
  }
  return result;
}

async function answerCounts(db: Db, questionnaireIds: string[]): Promise<Map<string, number>> {
  if (questionnaireIds.length === 0) return new Map();
  const rows = await db
    .select({ id: questionnaireAnswers.questionnaireId, n: count() })
    .from(questionnaireAnswers)
    .where(inArray(questionnaireAnswers.questionnaireId, questionnaireIds))
    .groupBy(questionnaireAnswers.questionnaireId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** Questionnaires as the contract answers them: with their questions and answer counts. */
export async function questionnairesJson(db: Db, rows: QuestionnaireRow[]) {
  const ids = rows.map((r) => r.id);
  const [questions, counts] = await Promise.all([questionsOf(db, ids), answerCounts(db, ids)]);
  return rows.map((q) => ({
    id: q.id,
    worldId: q.worldId,
    title: q.title,
    description: q.description,
    status: q.status,
    anonymous: q.anonymous,
    opensAt: q.opensAt?.toISOString() ?? null,
    closesAt: q.closesAt?.toISOString() ?? null,
    questions: questions.get(q.id) ?? [],
    answerCount: counts.get(q.id) ?? 0,
    createdAt: q.createdAt.toISOString(),
    updatedAt: q.updatedAt.toISOString(),
  }));
}

export async function questionnaireJson(db: Db, row: QuestionnaireRow) {
  const [json] = await questionnairesJson(db, [row]);
  return json!;
}

export async function listQuestionnaires(db: Db, worldId: string) {
  const rows = await db
    .select()
    .from(questionnaires)
    .where(eq(questionnaires.worldId, worldId))
    .orderBy(desc(questionnaires.createdAt), desc(questionnaires.id));
  return { items: await questionnairesJson(db, rows) };
}

/** The world's questionnaire, locked for the rest of the transaction when `lock` (changes to its questions serialise on it). */
export async function findQuestionnaire(
  db: Db,
  worldId: string,
  id: string,
  lock = false,
): Promise<QuestionnaireRow> {
  const query = db
    .select()
    .from(questionnaires)
    .where(and(eq(questionnaires.id, id), eq(questionnaires.worldId, worldId)));
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw new RuleError('notFound', questionnaireNotFound);
  return row;
}

export async function hasAnswers(db: Db, questionnaireId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: questionnaireAnswers.id })
    .from(questionnaireAnswers)
    .where(eq(questionnaireAnswers.questionnaireId, questionnaireId))
    .limit(1);
  return row !== undefined;
}

type QuestionnaireInput = {
  title?: string;
  description?: string;
  status?: Status;
  anonymous?: boolean;
  opensAt?: string | null;
  closesAt?: string | null;
};

const toDate = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null ? null : new Date(value);

function changesOf(input: QuestionnaireInput) {
  return {
    ...(input.title !== undefined && { title: input.title.trim() }),
    ...(input.description !== undefined && { description: input.description.trim() }),
    ...(input.status !== undefined && { status: input.status }),
    ...(input.anonymous !== undefined && { anonymous: input.anonymous }),
    ...(input.opensAt !== undefined && { opensAt: toDate(input.opensAt) }),
    ...(input.closesAt !== undefined && { closesAt: toDate(input.closesAt) }),
  };
}

function assertWindow(opensAt: Date | null, closesAt: Date | null) {
  if (opensAt && closesAt && !(closesAt > opensAt))
    throw new RuleError('invalid', questionnaireRules.window);
}

function requiredTitle(title: string): string {
  if (!title.trim()) throw new RuleError('invalid', 'title: 入力してください。');
  return title.trim();
}

export async function createQuestionnaire(
  db: Db,
  worldId: string,
  input: QuestionnaireInput & { title: string },
  now: Date,
) {
  const changes = changesOf(input);
  // A new questionnaire has no questions yet, so it can only start as a draft.
  if (changes.status && changes.status !== 'draft')
    throw new RuleError('invalid', questionnaireRules.publishWithoutQuestions);
  assertWindow(changes.opensAt ?? null, changes.closesAt ?? null);
  const [row] = await db
    .insert(questionnaires)
    .values({
      worldId,
      ...changes,
      title: requiredTitle(input.title),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return questionnaireJson(db, row!);
}

/** Publishing needs at least one question; the anonymous setting is fixed once someone answered. */
export async function updateQuestionnaire(
  db: Db,
  worldId: string,
  id: string,
  input: QuestionnaireInput,
  now: Date,
) {
  const row = await db.transaction(async (tx) => {
    const current = await findQuestionnaire(tx, worldId, id, true);
    const changes = changesOf(input);
    if (changes.title !== undefined) requiredTitle(changes.title);
    const next = { ...current, ...changes };
    assertWindow(next.opensAt, next.closesAt);
    if (changes.status === 'published' && current.status !== 'published') {
      const [questions] = await tx
        .select({ n: count() })
        .from(questionnaireQuestions)
        .where(eq(questionnaireQuestions.questionnaireId, id));
      if (!questions?.n) throw new RuleError('invalid', questionnaireRules.publishWithoutQuestions);
    }
    if (
      changes.anonymous !== undefined &&
      changes.anonymous !== current.anonymous &&
      (await hasAnswers(tx, id))
    ) {
      throw new RuleError('invalid', questionnaireRules.anonymousLocked);
    }
    const [updated] = await tx
      .update(questionnaires)
      .set({ ...changes, updatedAt: now })
      .where(eq(questionnaires.id, id))
      .returning();
    return updated!;
  });
  return questionnaireJson(db, row);
}

export async function deleteQuestionnaire(db: Db, worldId: string, id: string) {
  const deleted = await db
    .delete(questionnaires)
    .where(and(eq(questionnaires.id, id), eq(questionnaires.worldId, worldId)))
    .returning({ id: questionnaires.id });
  if (deleted.length === 0) throw new RuleError('notFound', questionnaireNotFound);
}

/** Whether members may answer at `now`: published, and inside its window. */
export function isOpen(
  q: Pick<QuestionnaireRow, 'status' | 'opensAt' | 'closesAt'>,
  now: Date,
): boolean {
  return (
    q.status === 'published' &&
    (!q.opensAt || q.opensAt <= now) &&
    (!q.closesAt || q.closesAt > now)
  );
}
