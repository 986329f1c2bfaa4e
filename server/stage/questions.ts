// Questions to the stage (docs/product.md §4 ステージへの質問, ADR 035): anyone in the world asks
// and votes; owner and staff mark answered and hide. Every change reaches the world over the
// realtime bus (stageQuestion.changed; a hidden question as stageQuestion.removed to members).
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/connect';
import {
  stageQuestions,
  stageQuestionVotes,
  users,
  worldAnnouncements,
  worlds,
  type WorldRole,
} from '../db/schema';
import type { CsvCell } from '../http/csv';
import { RuleError } from '../http/errors';
import type { Publish } from '../http/use-case';
import { refuseRemoved } from '../meetings/removals';
import {
  checkQuestionBody,
  STAGE_QUESTION_LIMITS,
  stageQuestionTexts as texts,
} from '../../src/domain/stage-questions';
import { formatDateTime } from '../../src/domain/time-zone';
import { fieldMessage } from '../../src/domain/validation-messages';

export type Caller = { id: string; role: WorldRole };
type Row = typeof stageQuestions.$inferSelect;

const isModerator = (role: WorldRole) => role === 'owner' || role === 'staff';
const moderators = { roles: ['owner', 'staff'] } as const;
const members = { roles: ['user', 'guest'] } as const;

/** A question as everyone is told it; `votedByMe` is the caller's own and only in answers. */
function questionJson(row: Row) {
  return {
    id: row.id,
    authorId: row.authorId,
    authorName: row.authorName,
    body: row.body,
    voteCount: row.voteCount,
    answered: row.answeredAt !== null,
    hidden: row.hiddenAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The world's questions, newest first; hidden ones only for owner and staff. */
export async function listQuestions(db: Db, worldId: string, caller: Caller) {
  const rows = await db
    .select({ question: stageQuestions, voted: stageQuestionVotes.userId })
    .from(stageQuestions)
    .leftJoin(
      stageQuestionVotes,
      and(
        eq(stageQuestionVotes.questionId, stageQuestions.id),
        eq(stageQuestionVotes.userId, caller.id),
      ),
    )
    .where(
      and(
        eq(stageQuestions.worldId, worldId),
        isModerator(caller.role) ? undefined : isNull(stageQuestions.hiddenAt),
      ),
    )
    .orderBy(desc(stageQuestions.createdAt))
    .limit(STAGE_QUESTION_LIMITS.listCap);
  return {
    items: rows.map(({ question, voted }) => ({
      ...questionJson(question),
      votedByMe: voted !== null,
    })),
  };
}

export async function askQuestion(
  db: Db,
  publish: Publish,
  worldId: string,
  caller: Caller,
  input: { body: string },
  now: Date,
) {
  const check = checkQuestionBody(input.body);
  if (!check.ok) throw new RuleError('invalid', fieldMessage('body', check.error));
  await refuseRemoved(db, worldId, caller.id);
  const [author] = await db.select({ name: users.name }).from(users).where(eq(users.id, caller.id));
  const [row] = await db
    .insert(stageQuestions)
    .values({
      worldId,
      authorId: caller.id,
      authorName: author?.name ?? '',
      body: check.text,
      createdAt: now,
    })
    .returning();
  const question = questionJson(row!);
  await publish(worldId, { everyone: true }, { type: 'stageQuestion.changed', question });
  return { ...question, votedByMe: false };
}

async function questionOf(db: Pick<Db, 'select'>, worldId: string, id: string) {
  const [row] = await db
    .select()
    .from(stageQuestions)
    .where(and(eq(stageQuestions.id, id), eq(stageQuestions.worldId, worldId)));
  if (!row) throw new RuleError('notFound', texts.notFound);
  return row;
}

/** One vote a person for someone else's open question; a second vote is refused (409). */
export async function vote(db: Db, publish: Publish, worldId: string, caller: Caller, id: string) {
  const row = await db.transaction(async (tx) => {
    const question = await questionOf(tx, worldId, id);
    if (question.hiddenAt !== null && !isModerator(caller.role))
      throw new RuleError('notFound', texts.notFound);
    if (question.authorId === caller.id) throw new RuleError('invalid', texts.ownQuestion);
    if (question.answeredAt !== null || question.hiddenAt !== null)
      throw new RuleError('invalid', texts.closed);
    const inserted = await tx
      .insert(stageQuestionVotes)
      .values({ questionId: id, userId: caller.id })
      .onConflictDoNothing()
      .returning({ questionId: stageQuestionVotes.questionId });
    if (inserted.length === 0) throw new RuleError('conflict', texts.alreadyVoted);
    const [updated] = await tx
      .update(stageQuestions)
      .set({ voteCount: sql`${stageQuestions.voteCount} + 1` })
      .where(eq(stageQuestions.id, id))
      .returning();
    return updated!;
  });
  const question = questionJson(row);
  await publish(worldId, { everyone: true }, { type: 'stageQuestion.changed', question });
  return { ...question, votedByMe: true };
}

/** Owner and staff: mark answered (or not) and hide (or show again). */
export async function moderate(
  db: Db,
  publish: Publish,
  worldId: string,
  callerId: string,
  id: string,
  input: { answered?: boolean; hidden?: boolean },
  now: Date,
) {
  await questionOf(db, worldId, id);
  const set: Partial<Row> = {};
  if (input.answered !== undefined) set.answeredAt = input.answered ? now : null;
  if (input.hidden !== undefined) set.hiddenAt = input.hidden ? now : null;
  const [row] =
    Object.keys(set).length === 0
      ? [await questionOf(db, worldId, id)]
      : await db.update(stageQuestions).set(set).where(eq(stageQuestions.id, id)).returning();
  const question = questionJson(row!);
  const message = { type: 'stageQuestion.changed', question } as const;
  if (question.hidden) {
    await publish(worldId, moderators, message);
    await publish(worldId, members, { type: 'stageQuestion.removed', id });
  } else {
    await publish(worldId, { everyone: true }, message);
  }
  const [mine] = await db
    .select({ userId: stageQuestionVotes.userId })
    .from(stageQuestionVotes)
    .where(and(eq(stageQuestionVotes.questionId, id), eq(stageQuestionVotes.userId, callerId)));
  return { ...question, votedByMe: mine !== undefined };
}

/** The owner's CSV: every question, oldest first, hidden ones included and said so. */
export async function exportQuestions(
  db: Db,
  worldId: string,
): Promise<{ worldName: string; rows: CsvCell[][] }> {
  const [world] = await db
    .select({ name: worlds.name, timeZone: worlds.timeZone })
    .from(worlds)
    .where(eq(worlds.id, worldId));
  const rows = await db
    .select()
    .from(stageQuestions)
    .where(eq(stageQuestions.worldId, worldId))
    .orderBy(stageQuestions.createdAt);
  const yesNo = (at: Date | null) => (at ? texts.yes : texts.no);
  return {
    worldName: world!.name,
    rows: [
      [...texts.csvHeader],
      ...rows.map((q) => [
        formatDateTime(q.createdAt, world!.timeZone),
        q.authorName,
        q.body,
        q.voteCount,
        yesNo(q.answeredAt),
        yesNo(q.hiddenAt),
      ]),
    ],
  };
}

/** The world's questions and announcement go with it (deleteWorld, ADR 009); votes by cascade. */
export async function deleteQuestionsOfWorld(tx: Tx, worldId: string) {
  await tx.delete(stageQuestions).where(eq(stageQuestions.worldId, worldId));
  await tx.delete(worldAnnouncements).where(eq(worldAnnouncements.worldId, worldId));
}
