import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { stageQuestions, stageQuestionVotes, users } from '../../server/db/schema';
import { useTestServer } from './support/app';
import { testDbKind } from './support/database';
import { connect, listenWithSockets } from './support/realtime';
import type { AuthHeaders } from './support/session';
import { worldPeople } from './support/world-members';

// Questions to the stage (docs/product.md §4 ステージへの質問, ADR 035): asking, voting,
// moderation, live delivery and bad input. Expected texts are the product's, word for word.

const t = useTestServer();
const open = listenWithSockets(t);
const people = worldPeople(t);

const ask = (headers: AuthHeaders, worldId: string, body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/worlds/${worldId}/stage_questions`,
    headers,
    payload: { body },
  });
const voteFor = (headers: AuthHeaders, worldId: string, id: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/worlds/${worldId}/stage_questions/${id}/votes`,
    headers,
  });
const update = (headers: AuthHeaders, worldId: string, id: string, payload: object) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/worlds/${worldId}/stage_questions/${id}`,
    headers,
    payload,
  });
const list = async (headers: AuthHeaders, worldId: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/worlds/${worldId}/stage_questions`,
    headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items as { id: string; voteCount: number; votedByMe: boolean }[];
};
const stored = (worldId: string) =>
  t.database.db.select().from(stageQuestions).where(eq(stageQuestions.worldId, worldId));

async function hall() {
  const { owner, world, members } = await people.world(['staff', 'user', 'user']);
  const [staff, a, b] = members as [(typeof members)[0], (typeof members)[0], (typeof members)[0]];
  await t.database.db.update(users).set({ name: '青木' }).where(eq(users.id, a.id));
  return { owner, world, staff, a, b };
}

describe(`questions to the stage, on ${testDbKind}`, () => {
  it('delivers a question, a vote and an answer to everyone in the world live', async () => {
    const { owner, world, a, b } = await hall();
    const [sa, sb] = await Promise.all([
      connect(t.app, a.headers, world.id, 'a'),
      connect(t.app, b.headers, world.id, 'b'),
    ]);
    open.push(sa, sb);

    const asked = await ask(a.headers, world.id, '  配信の資料はどこで見られますか？ ');
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json()).toMatchObject({
      authorId: a.id,
      authorName: '青木',
      body: '配信の資料はどこで見られますか？',
      voteCount: 0,
      answered: false,
      hidden: false,
      votedByMe: false,
    });
    const id = asked.json().id as string;
    await sb.next('stageQuestion.changed', (m) => m.question.id === id);

    const voted = await voteFor(b.headers, world.id, id);
    expect(voted.statusCode, voted.body).toBe(201);
    expect(voted.json()).toMatchObject({ voteCount: 1, votedByMe: true });
    expect(
      (await sa.next('stageQuestion.changed', (m) => m.question.voteCount === 1)).question.id,
    ).toBe(id);
    expect((await list(b.headers, world.id))[0]).toMatchObject({ id, votedByMe: true });
    expect((await list(a.headers, world.id))[0]).toMatchObject({ id, votedByMe: false });

    const answered = await update(owner.headers, world.id, id, { answered: true });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toMatchObject({ answered: true, voteCount: 1 });
    await sb.next('stageQuestion.changed', (m) => m.question.answered);
  });

  it('refuses a blank question, one of 301 characters and an HTML tag, storing and sending nothing', async () => {
    const { world, a, b, staff } = await hall();
    const sb = await connect(t.app, b.headers, world.id, 'b');
    open.push(sb);
    expect((await ask(a.headers, world.id, '  　\n ')).json()).toEqual({
      errors: ['body: 入力してください。'],
    });
    const long = await ask(a.headers, world.id, 'あ'.repeat(301));
    expect(long.statusCode).toBe(422);
    expect(long.json()).toEqual({ errors: ['body: 300文字以下で入力してください。'] });
    expect((await ask(a.headers, world.id, '<b>太字</b>')).json()).toEqual({
      errors: ['body: HTMLのタグは送れません。文字だけで入力してください。'],
    });
    // 300 characters with an emoji counted as one are accepted (a refusal counts in the limit
    // too, so someone else asks it).
    expect((await ask(staff.headers, world.id, '😀'.repeat(300))).statusCode).toBe(201);
    expect(await stored(world.id)).toHaveLength(1);
    await sb.next('stageQuestion.changed');
    expect(await sb.none('stageQuestion.changed')).toBe(true);
  });

  it('refuses a second vote, a vote for one’s own question and one for an answered question', async () => {
    const { owner, world, a, b } = await hall();
    const id = (await ask(a.headers, world.id, '質問です')).json().id as string;
    expect((await voteFor(b.headers, world.id, id)).statusCode).toBe(201);

    const again = await voteFor(b.headers, world.id, id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ errors: ['この質問にはもう投票しています。'] });
    const own = await voteFor(a.headers, world.id, id);
    expect(own.statusCode).toBe(422);
    expect(own.json()).toEqual({ errors: ['自分の質問には投票できません。'] });

    await update(owner.headers, world.id, id, { answered: true });
    const late = await voteFor(owner.headers, world.id, id);
    expect(late.json()).toEqual({ errors: ['回答済みまたは非表示の質問には投票できません。'] });
    const [row] = await stored(world.id);
    expect(row!.voteCount).toBe(1);
    expect(
      await t.database.db
        .select()
        .from(stageQuestionVotes)
        .where(eq(stageQuestionVotes.questionId, id)),
    ).toHaveLength(1);
  });

  it('hides a question from everyone but owner and staff, and lets only them moderate', async () => {
    const { owner, world, staff, a, b } = await hall();
    const sb = await connect(t.app, b.headers, world.id, 'b');
    const ss = await connect(t.app, staff.headers, world.id, 'staff');
    open.push(sb, ss);
    const id = (await ask(a.headers, world.id, '不適切な質問')).json().id as string;

    const byMember = await update(b.headers, world.id, id, { hidden: true });
    expect(byMember.statusCode).toBe(403);
    expect((await stored(world.id))[0]!.hiddenAt).toBeNull();

    expect((await update(staff.headers, world.id, id, { hidden: true })).statusCode).toBe(200);
    expect(await sb.next('stageQuestion.removed')).toEqual({ type: 'stageQuestion.removed', id });
    await ss.next('stageQuestion.changed', (m) => m.question.hidden);
    expect(await list(b.headers, world.id)).toEqual([]);
    expect(await list(owner.headers, world.id)).toHaveLength(1);
    expect((await voteFor(b.headers, world.id, id)).statusCode).toBe(404);
  });

  it('refuses the fourth question in 30 seconds and stores nothing of it', async () => {
    const { world, a } = await hall();
    for (const n of [1, 2, 3])
      expect((await ask(a.headers, world.id, `質問${n}`)).statusCode).toBe(201);
    const fourth = await ask(a.headers, world.id, '質問4');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({
      errors: ['質問の投稿が速すぎます。30秒間に送れる質問は3件までです。'],
    });
    expect(await stored(world.id)).toHaveLength(3);
  });

  it('gives the owner every question as CSV, and nobody else', async () => {
    const { owner, world, staff, a, b } = await hall();
    const id = (await ask(a.headers, world.id, '=1+1 は？')).json().id as string;
    await voteFor(b.headers, world.id, id);
    await update(owner.headers, world.id, id, { answered: true });
    const url = `/api/mypage/worlds/${world.id}/stage_questions_csv`;
    const csv = await t.app.inject({ method: 'GET', url, headers: owner.headers });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.replace('\uFEFF', '').trimEnd().split('\r\n');
    expect(lines[0]).toBe('投稿日時,投稿者,質問,投票数,回答済み,非表示');
    expect(lines[1]).toMatch(/,青木,'=1\+1 は？,1,はい,いいえ$/);
    expect((await t.app.inject({ method: 'GET', url, headers: staff.headers })).statusCode).toBe(
      403,
    );
  });
});
