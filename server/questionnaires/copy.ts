import { randomUUID } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import { questionnaireChoices, questionnaireQuestions, questionnaires } from '../db/schema';
import type { Tx } from '../db/connect';

/**
 * copyWorld with copyQuestionnaires: each questionnaire of the source world comes along as a
 * draft, with its questions and choices in their order, and none of its answers. Its answering
 * window is left out: it was the source event's, and a copy is for another one.
 */
export async function copyQuestionnaires(
  tx: Tx,
  fromWorldId: string,
  toWorldId: string,
  now: Date,
) {
  const sources = await tx
    .select()
    .from(questionnaires)
    .where(eq(questionnaires.worldId, fromWorldId))
    .orderBy(asc(questionnaires.createdAt), asc(questionnaires.id));
  if (sources.length === 0) return;
  const questions = await tx
    .select()
    .from(questionnaireQuestions)
    .where(
      inArray(
        questionnaireQuestions.questionnaireId,
        sources.map((q) => q.id),
      ),
    );
  const choices =
    questions.length === 0
      ? []
      : await tx
          .select()
          .from(questionnaireChoices)
          .where(
            inArray(
              questionnaireChoices.questionId,
              questions.map((q) => q.id),
            ),
          );

  // Ids chosen here, so that each copy is known by its source without relying on RETURNING's order.
  const copyOf = new Map(sources.map((q) => [q.id, randomUUID()]));
  const questionCopyOf = new Map(questions.map((q) => [q.id, randomUUID()]));
  // A millisecond apart, oldest first: the copies list in the source's order (newest first by createdAt).
  await tx.insert(questionnaires).values(
    sources.map((q, i) => {
      const at = new Date(now.getTime() + i);
      const { title, description, anonymous } = q;
      return {
        id: copyOf.get(q.id)!,
        worldId: toWorldId,
        title,
        description,
        anonymous,
        status: 'draft' as const,
        createdAt: at,
        updatedAt: at,
      };
    }),
  );
  if (questions.length === 0) return;
  await tx.insert(questionnaireQuestions).values(
    questions.map((q) => ({
      id: questionCopyOf.get(q.id)!,
      questionnaireId: copyOf.get(q.questionnaireId)!,
      type: q.type,
      title: q.title,
      required: q.required,
      position: q.position,
      ratingMax: q.ratingMax,
      createdAt: now,
    })),
  );
  if (choices.length === 0) return;
  await tx.insert(questionnaireChoices).values(
    choices.map((c) => ({
      questionId: questionCopyOf.get(c.questionId)!,
      label: c.label,
      position: c.position,
    })),
  );
}
