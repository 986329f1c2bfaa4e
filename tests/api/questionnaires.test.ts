import { describe, expect, it } from 'vitest';
import { worldMembers } from '../../server/db/schema';
import { answerMessages } from '../../server/questionnaires/answers';
import { questionnaireRules } from '../../server/questionnaires/questionnaires';
import { questionMessages } from '../../server/questionnaires/questions';
import { questionnaireMessages } from '../../src/domain/questionnaire';
import { useTestServer } from './support/app';
import { testDbKind } from './support/database';
import { type AuthHeaders, createWorld, newSignedInUser } from './support/session';

type T = ReturnType<typeof useTestServer>;
type Question = {
  id: string;
  type: string;
  title: string;
  position: number;
  choices: { id: string; label: string }[];
  ratingMax: number | null;
};
type Questionnaire = {
  id: string;
  status: string;
  questions: Question[];
  answerCount: number;
  anonymous: boolean;
};

function calls(t: T) {
  const api = {
    user: () => newSignedInUser(t.app, t.database.db),
    world: (headers: AuthHeaders) => createWorld(t.app, headers, '勉強会'),
    async member(worldId: string, role: 'staff' | 'user') {
      const member = await api.user();
      await t.database.db.insert(worldMembers).values({ worldId, userId: member.id, role });
      return member;
    },
    base: (worldId: string) => `/api/mypage/worlds/${worldId}/questionnaires`,
    async questionnaire(
      headers: AuthHeaders,
      worldId: string,
      payload: Record<string, unknown> = { title: '参加者アンケート' },
    ) {
      const res = await t.app.inject({ method: 'POST', url: api.base(worldId), headers, payload });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as Questionnaire;
    },
    async question(
      headers: AuthHeaders,
      worldId: string,
      questionnaireId: string,
      payload: Record<string, unknown>,
    ) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${api.base(worldId)}/${questionnaireId}/questionnaire_questions`,
        headers,
        payload,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as Question;
    },
    publish(headers: AuthHeaders, worldId: string, id: string, status = 'published') {
      return t.app.inject({
        method: 'PATCH',
        url: `${api.base(worldId)}/${id}`,
        headers,
        payload: { status },
      });
    },
    answer(
      headers: AuthHeaders,
      worldId: string,
      questionnaireId: string,
      answers: Record<string, unknown>[],
    ) {
      return t.app.inject({
        method: 'POST',
        url: `/api/worlds/${worldId}/questionnaire_answers`,
        headers,
        payload: { questionnaireId, answers },
      });
    },
    /** A world with a published questionnaire of the four question types. */
    async published(options: { anonymous?: boolean } = {}) {
      const owner = await api.user();
      const world = await api.world(owner.headers);
      const q = await api.questionnaire(owner.headers, world.id, {
        title: '満足度調査',
        anonymous: options.anonymous ?? false,
      });
      const single = await api.question(owner.headers, world.id, q.id, {
        type: 'singleChoice',
        title: '参加形態',
        required: true,
        choices: [{ label: 'オンライン' }, { label: '会場' }],
      });
      const multi = await api.question(owner.headers, world.id, q.id, {
        type: 'multipleChoice',
        title: '良かった点',
        choices: [{ label: '講演' }, { label: '交流' }, { label: '=SUM(A1)' }],
      });
      const free = await api.question(owner.headers, world.id, q.id, {
        type: 'freeText',
        title: 'ご意見',
      });
      const rating = await api.question(owner.headers, world.id, q.id, {
        type: 'rating',
        title: '総合評価',
        required: true,
        ratingMax: 5,
      });
      expect((await api.publish(owner.headers, world.id, q.id)).statusCode).toBe(200);
      return { owner, world, q, single, multi, free, rating };
    },
  };
  return api;
}

const t = useTestServer();
const api = calls(t);

describe(`questionnaires on ${testDbKind}`, () => {
  it('builds a questionnaire of every question type, placing each question last', async () => {
    const { owner, world, q, single, multi, free, rating } = await api.published();
    const got = await t.app.inject({
      method: 'GET',
      url: `${api.base(world.id)}/${q.id}`,
      headers: owner.headers,
    });
    expect(got.statusCode).toBe(200);
    const body = got.json() as Questionnaire;
    expect(body.status).toBe('published');
    expect(body.questions.map((x) => [x.id, x.position, x.type])).toEqual([
      [single.id, 0, 'singleChoice'],
      [multi.id, 1, 'multipleChoice'],
      [free.id, 2, 'freeText'],
      [rating.id, 3, 'rating'],
    ]);
    expect(single.choices.map((c) => c.label)).toEqual(['オンライン', '会場']);
    expect(free).toMatchObject({ choices: [], ratingMax: null });
    expect(rating.ratingMax).toBe(5);
    const list = await t.app.inject({
      method: 'GET',
      url: api.base(world.id),
      headers: owner.headers,
    });
    expect(list.json().items.map((x: Questionnaire) => x.id)).toEqual([q.id]);
  });

  it('refuses questions whose choices do not fit their type', async () => {
    const owner = await api.user();
    const world = await api.world(owner.headers);
    const q = await api.questionnaire(owner.headers, world.id);
    const url = `${api.base(world.id)}/${q.id}/questionnaire_questions`;
    const oneChoice = await t.app.inject({
      method: 'POST',
      url,
      headers: owner.headers,
      payload: { type: 'singleChoice', title: 'A', choices: [{ label: 'はい' }] },
    });
    expect(oneChoice.statusCode).toBe(422);
    expect(oneChoice.json().errors).toContain(questionnaireMessages.choicesNeeded);
    const textWithChoices = await t.app.inject({
      method: 'POST',
      url,
      headers: owner.headers,
      payload: { type: 'freeText', title: 'A', choices: [{ label: 'x' }, { label: 'y' }] },
    });
    expect(textWithChoices.json().errors).toContain(questionnaireMessages.choicesNotAllowed);
    const dup = await t.app.inject({
      method: 'POST',
      url,
      headers: owner.headers,
      payload: { type: 'multipleChoice', title: 'A', choices: [{ label: 'x' }, { label: 'x' }] },
    });
    expect(dup.json().errors).toContain(questionnaireMessages.duplicateChoice);
  });

  it('refuses to publish a questionnaire without questions', async () => {
    const owner = await api.user();
    const world = await api.world(owner.headers);
    const q = await api.questionnaire(owner.headers, world.id);
    const res = await api.publish(owner.headers, world.id, q.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([questionnaireRules.publishWithoutQuestions]);
  });

  it('reorders questions atomically and refuses an id set that is not exactly the questions', async () => {
    const { owner, world, q, single, multi, free, rating } = await api.published();
    const url = `${api.base(world.id)}/${q.id}/update_questions_position`;
    const reordered = await t.app.inject({
      method: 'POST',
      url,
      headers: owner.headers,
      payload: { questionIds: [rating.id, free.id, single.id, multi.id] },
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json().questions.map((x: Question) => [x.id, x.position])).toEqual([
      [rating.id, 0],
      [free.id, 1],
      [single.id, 2],
      [multi.id, 3],
    ]);
    const other = await api.published();
    for (const questionIds of [
      [rating.id, free.id, single.id],
      [rating.id, free.id, single.id, other.single.id],
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: owner.headers,
        payload: { questionIds },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual([questionMessages.positions]);
    }
    const after = await t.app.inject({
      method: 'GET',
      url: `${api.base(world.id)}/${q.id}/questionnaire_questions`,
      headers: owner.headers,
    });
    expect(after.json().items.map((x: Question) => x.id)).toEqual([
      rating.id,
      free.id,
      single.id,
      multi.id,
    ]);
  });

  it('lets a member answer an open questionnaire once, checking each answer against its question', async () => {
    const { world, q, single, multi, free, rating } = await api.published();
    const member = await api.member(world.id, 'user');
    const open = await t.app.inject({
      method: 'GET',
      url: `/api/worlds/${world.id}/questionnaires`,
      headers: member.headers,
    });
    expect(open.json().items.map((x: Questionnaire) => x.id)).toEqual([q.id]);

    const foreignChoice = await api.answer(member.headers, world.id, q.id, [
      { questionId: single.id, choiceIds: [multi.choices[0]!.id] },
      { questionId: rating.id, rating: 3 },
    ]);
    expect(foreignChoice.statusCode).toBe(422);
    expect(foreignChoice.json().errors).toEqual([
      questionnaireMessages.choiceNotOfQuestion('参加形態'),
    ]);
    const missing = await api.answer(member.headers, world.id, q.id, [
      { questionId: free.id, text: '楽しかった' },
    ]);
    expect(missing.json().errors).toEqual([
      questionnaireMessages.answerRequired('参加形態'),
      questionnaireMessages.answerRequired('総合評価'),
    ]);
    const badRating = await api.answer(member.headers, world.id, q.id, [
      { questionId: single.id, choiceIds: [single.choices[0]!.id] },
      { questionId: rating.id, rating: 6 },
    ]);
    expect(badRating.json().errors).toEqual([questionnaireMessages.ratingRange('総合評価', 5)]);
    const twoForSingle = await api.answer(member.headers, world.id, q.id, [
      { questionId: single.id, choiceIds: single.choices.map((c) => c.id) },
      { questionId: rating.id, rating: 4 },
    ]);
    expect(twoForSingle.json().errors).toEqual([questionnaireMessages.oneChoice('参加形態')]);
    const wrongField = await api.answer(member.headers, world.id, q.id, [
      { questionId: single.id, choiceIds: [single.choices[0]!.id] },
      { questionId: rating.id, text: '5' },
    ]);
    expect(wrongField.json().errors).toEqual([questionnaireMessages.wrongField('総合評価')]);

    const ok = await api.answer(member.headers, world.id, q.id, [
      { questionId: single.id, choiceIds: [single.choices[1]!.id] },
      { questionId: multi.id, choiceIds: [multi.choices[0]!.id, multi.choices[1]!.id] },
      { questionId: free.id, text: '  また参加します  ' },
      { questionId: rating.id, rating: 5 },
    ]);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().answers).toContainEqual({ questionId: free.id, text: 'また参加します' });
    const again = await api.answer(member.headers, world.id, q.id, [
      { questionId: single.id, choiceIds: [single.choices[0]!.id] },
      { questionId: rating.id, rating: 1 },
    ]);
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual([answerMessages.alreadyAnswered]);
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/worlds/${world.id}/questionnaire_answers?questionnaireId=${q.id}`,
      headers: member.headers,
    });
    expect(mine.json().items.map((a: { id: string }) => a.id)).toEqual([ok.json().id]);
  });

  it('keeps one answer per member on an anonymous questionnaire without storing who answered', async () => {
    const { owner, world, q, single, rating } = await api.published({ anonymous: true });
    const member = await api.member(world.id, 'user');
    const payload = [
      { questionId: single.id, choiceIds: [single.choices[0]!.id] },
      { questionId: rating.id, rating: 2 },
    ];
    expect((await api.answer(member.headers, world.id, q.id, payload)).statusCode).toBe(201);
    expect((await api.answer(member.headers, world.id, q.id, payload)).statusCode).toBe(409);
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/worlds/${world.id}/questionnaire_answers`,
      headers: member.headers,
    });
    expect(mine.json().items).toHaveLength(1);
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/mypage/worlds/${world.id}/questionnaire_answers/answers_csv?questionnaireId=${q.id}`,
      headers: owner.headers,
    });
    expect(csv.body).toContain(',匿名,,');
    expect(csv.body).not.toContain(member.email);
    const lockAnonymous = await t.app.inject({
      method: 'PATCH',
      url: `${api.base(world.id)}/${q.id}`,
      headers: owner.headers,
      payload: { anonymous: false },
    });
    expect(lockAnonymous.json().errors).toEqual([questionnaireRules.anonymousLocked]);
  });

  it('refuses answers to a closed questionnaire, hides drafts, and freezes questions once answered', async () => {
    const { owner, world, q, single, rating } = await api.published();
    const member = await api.member(world.id, 'user');
    const payload = [
      { questionId: single.id, choiceIds: [single.choices[0]!.id] },
      { questionId: rating.id, rating: 3 },
    ];
    expect((await api.answer(owner.headers, world.id, q.id, payload)).statusCode).toBe(201);
    const addQuestion = await t.app.inject({
      method: 'POST',
      url: `${api.base(world.id)}/${q.id}/questionnaire_questions`,
      headers: owner.headers,
      payload: { type: 'freeText', title: '追加' },
    });
    expect(addQuestion.json().errors).toEqual([questionMessages.answered]);
    const removeQuestion = await t.app.inject({
      method: 'DELETE',
      url: `${api.base(world.id)}/${q.id}/questionnaire_questions/${single.id}`,
      headers: owner.headers,
    });
    expect(removeQuestion.statusCode).toBe(422);
    const retitle = await t.app.inject({
      method: 'PATCH',
      url: `${api.base(world.id)}/${q.id}/questionnaire_questions/${single.id}`,
      headers: owner.headers,
      payload: { title: '参加のしかた' },
    });
    expect(retitle.json().title).toBe('参加のしかた');

    expect((await api.publish(owner.headers, world.id, q.id, 'closed')).statusCode).toBe(200);
    const closed = await api.answer(member.headers, world.id, q.id, payload);
    expect(closed.statusCode).toBe(422);
    expect(closed.json().errors).toEqual([answerMessages.closed]);
    const open = await t.app.inject({
      method: 'GET',
      url: `/api/worlds/${world.id}/questionnaires`,
      headers: member.headers,
    });
    expect(open.json().items).toEqual([]);

    const draft = await api.questionnaire(owner.headers, world.id);
    expect((await api.answer(member.headers, world.id, draft.id, payload)).statusCode).toBe(404);
  });

  it('opens and closes answers with the window', async () => {
    const { owner, world, q, single, rating } = await api.published();
    const member = await api.member(world.id, 'user');
    const later = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `${api.base(world.id)}/${q.id}`,
      headers: owner.headers,
      payload: { opensAt: later },
    });
    expect(patched.statusCode).toBe(200);
    const payload = [
      { questionId: single.id, choiceIds: [single.choices[0]!.id] },
      { questionId: rating.id, rating: 3 },
    ];
    expect((await api.answer(member.headers, world.id, q.id, payload)).statusCode).toBe(422);
    t.clock.advance(3600);
    expect((await api.answer(member.headers, world.id, q.id, payload)).statusCode).toBe(201);
    const backwards = await t.app.inject({
      method: 'PATCH',
      url: `${api.base(world.id)}/${q.id}`,
      headers: owner.headers,
      payload: { closesAt: later },
    });
    expect(backwards.json().errors).toEqual([questionnaireRules.window]);
  });

  it('lets staff manage questionnaires; a plain member gets 403 and a stranger 404', async () => {
    const owner = await api.user();
    const world = await api.world(owner.headers);
    const staff = await api.member(world.id, 'staff');
    const member = await api.member(world.id, 'user');
    const stranger = await api.user();
    const created = await api.questionnaire(staff.headers, world.id);
    expect(
      (await t.app.inject({ method: 'GET', url: api.base(world.id), headers: member.headers }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: api.base(world.id), headers: stranger.headers }))
        .statusCode,
    ).toBe(404);
    const otherWorld = await api.world(stranger.headers);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `${api.base(otherWorld.id)}/${created.id}`,
          headers: stranger.headers,
        })
      ).statusCode,
    ).toBe(404);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `${api.base(world.id)}/${created.id}`,
      headers: staff.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `${api.base(world.id)}/${created.id}`,
          headers: owner.headers,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('copies a world with its questionnaires as drafts, questions and choices in order, and no answers', async () => {
    const { owner, world, q, single, rating } = await api.published();
    const second = await api.questionnaire(owner.headers, world.id, {
      title: '次回の希望',
      anonymous: true,
    });
    await api.question(owner.headers, world.id, second.id, {
      type: 'freeText',
      title: '希望のテーマ',
    });
    const member = await api.member(world.id, 'user');
    const answered = await api.answer(member.headers, world.id, q.id, [
      { questionId: single.id, choiceIds: [single.choices[1]!.id] },
      { questionId: rating.id, rating: 4 },
    ]);
    expect(answered.statusCode, answered.body).toBe(201);

    const copied = await t.app.inject({
      method: 'POST',
      url: `/api/worlds/${world.id}/copy`,
      headers: owner.headers,
      payload: { copyQuestionnaires: true },
    });
    expect(copied.statusCode, copied.body).toBe(201);
    const copyId = copied.json().id as string;
    const list = (
      await t.app.inject({ method: 'GET', url: api.base(copyId), headers: owner.headers })
    ).json().items as (Questionnaire & { title: string })[];
    const shape = (items: (Questionnaire & { title: string })[]) =>
      items.map((x) => ({
        title: x.title,
        anonymous: x.anonymous,
        questions: x.questions.map(({ type, title, position, ratingMax, choices }) => ({
          type,
          title,
          position,
          ratingMax,
          choices: choices.map((c) => c.label),
        })),
      }));
    const original = (
      await t.app.inject({ method: 'GET', url: api.base(world.id), headers: owner.headers })
    ).json().items;
    expect(shape(list)).toEqual(shape(original));
    expect(list.map((x) => [x.status, x.answerCount])).toEqual([
      ['draft', 0],
      ['draft', 0],
    ]);
    expect(list.map((x) => x.id)).not.toContain(q.id);
    expect(list[1]!.questions[0]!.choices.map((c) => c.id)).not.toContain(single.choices[0]!.id);

    const without = await t.app.inject({
      method: 'POST',
      url: `/api/worlds/${world.id}/copy`,
      headers: owner.headers,
      payload: {},
    });
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: api.base(without.json().id),
          headers: owner.headers,
        })
      ).json().items,
    ).toEqual([]);
  });

  it('downloads answers as a spreadsheet-safe CSV: BOM, CRLF, quoting, Japanese header, formulas defused', async () => {
    const { owner, world, q, single, multi, free, rating } = await api.published();
    const member = await api.member(world.id, 'user');
    const answered = await api.answer(member.headers, world.id, q.id, [
      { questionId: single.id, choiceIds: [single.choices[0]!.id] },
      { questionId: multi.id, choiceIds: [multi.choices[2]!.id] },
      { questionId: free.id, text: '=HYPERLINK("http://evil")\n改行あり, カンマも' },
      { questionId: rating.id, rating: 4 },
    ]);
    expect(answered.statusCode).toBe(201);
    for (const url of [
      `/api/mypage/worlds/${world.id}/questionnaire_answers/answers_csv?questionnaireId=${q.id}`,
      `/api/mypage/worlds/${world.id}/questionnaire_answers/answers_csv.csv?questionnaireId=${q.id}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: owner.headers });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toContain(
        `filename*=UTF-8''${encodeURIComponent('満足度調査_回答.csv')}`,
      );
      const bytes = res.rawPayload;
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = bytes.subarray(3).toString('utf8');
      const lines = text.split('\r\n');
      expect(lines[0]).toBe(
        '回答ID,回答日時,回答者,メールアドレス,参加形態,良かった点,ご意見,総合評価',
      );
      expect(text).toContain(
        `,オンライン,'=SUM(A1),"'=HYPERLINK(""http://evil"")\n改行あり, カンマも",4\r\n`,
      );
      expect(text).toContain(member.email);
      expect(text.endsWith('\r\n')).toBe(true);
    }
  });
});

describe.runIf(testDbKind === 'postgres')('questionnaire answers under concurrency', () => {
  it('keeps exactly one of several simultaneous answers by the same member', async () => {
    const { world, q, single, rating } = await api.published();
    const member = await api.member(world.id, 'user');
    const payload = [
      { questionId: single.id, choiceIds: [single.choices[0]!.id] },
      { questionId: rating.id, rating: 3 },
    ];
    const results = await Promise.all(
      Array.from({ length: 6 }, () => api.answer(member.headers, world.id, q.id, payload)),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
  });
});
