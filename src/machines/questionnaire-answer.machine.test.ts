import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../services/errors/api-error';
import {
  questionnaireAnswerMachine,
  type AnsweredQuestionnaire,
  type AnswerInputs,
} from './questionnaire-answer.machine';
import {
  isSendingAnswers,
  selectAnswerErrors,
  selectAnsweredTitle,
  selectDraft,
  selectOpenQuestionnaireId,
} from './questionnaire-answer.selectors';

// docs/product.md §2 Answering a questionnaire.
const satisfaction: AnsweredQuestionnaire = {
  id: 'q1',
  title: '満足度アンケート',
  questions: [
    { id: 'a', type: 'rating', title: '満足度', required: true, ratingMax: 5, choices: [] },
    { id: 'b', type: 'freeText', title: 'ご意見', required: false, ratingMax: null, choices: [] },
  ],
};
const optional: AnsweredQuestionnaire = {
  id: 'q2',
  title: '任意のアンケート',
  questions: [
    { id: 'c', type: 'freeText', title: '感想', required: false, ratingMax: null, choices: [] },
  ],
};
const closed = 'このアンケートは現在回答を受け付けていません。';

function start(answer: (input: AnswerInputs) => Promise<void> = async () => {}) {
  const answerCalls = vi.fn(({ input }: { input: AnswerInputs }) => answer(input));
  const effects = { recordAnswer: vi.fn(), refreshAnswers: vi.fn() };
  const actor = createActor(
    questionnaireAnswerMachine.provide({
      actors: { answer: fromPromise(answerCalls) },
      actions: {
        recordAnswer: () => effects.recordAnswer(),
        refreshAnswers: () => effects.refreshAnswers(),
      },
    }),
  ).start();
  return { actor, answerCalls, effects };
}

describe('questionnaire answer machine', () => {
  it('sends nothing while a required question is unanswered, and says which', () => {
    const { actor, answerCalls } = start();
    actor.send({ type: 'questionnaireAnswer.opened', questionnaire: satisfaction });
    actor.send({
      type: 'questionnaireAnswer.changed',
      answer: { questionId: 'b', text: 'よかった' },
    });
    actor.send({ type: 'questionnaireAnswer.submitted' });

    expect(selectAnswerErrors(actor.getSnapshot())).toEqual(['「満足度」: 回答してください。']);
    expect(isSendingAnswers(actor.getSnapshot())).toBe(false);
    expect(answerCalls).not.toHaveBeenCalled();
  });

  it('sends nothing when no question is answered at all', () => {
    const { actor, answerCalls } = start();
    actor.send({ type: 'questionnaireAnswer.opened', questionnaire: optional });
    actor.send({ type: 'questionnaireAnswer.changed', answer: { questionId: 'c', text: '   ' } });
    actor.send({ type: 'questionnaireAnswer.submitted' });

    expect(selectAnswerErrors(actor.getSnapshot())).toEqual([
      '少なくとも1つの質問に回答してください。',
    ]);
    expect(answerCalls).not.toHaveBeenCalled();
  });

  it('sends the answers trimmed, closes the form with thanks, records it and reads 回答済み again', async () => {
    const { actor, answerCalls, effects } = start();
    actor.send({ type: 'questionnaireAnswer.opened', questionnaire: satisfaction });
    actor.send({ type: 'questionnaireAnswer.changed', answer: { questionId: 'a', rating: 4 } });
    actor.send({
      type: 'questionnaireAnswer.changed',
      answer: { questionId: 'b', text: ' 良い ' },
    });
    actor.send({ type: 'questionnaireAnswer.submitted' });
    expect(isSendingAnswers(actor.getSnapshot())).toBe(true);

    await waitFor(actor, (s) => !isSendingAnswers(s));
    expect(answerCalls.mock.calls[0]?.[0].input).toEqual({
      questionnaireId: 'q1',
      answers: [
        { questionId: 'a', rating: 4 },
        { questionId: 'b', text: '良い' },
      ],
    });
    expect(selectOpenQuestionnaireId(actor.getSnapshot())).toBeNull();
    expect(selectAnsweredTitle(actor.getSnapshot())).toBe('満足度アンケート');
    expect(effects.recordAnswer).toHaveBeenCalledOnce();
    expect(effects.refreshAnswers).toHaveBeenCalledOnce();
  });

  it('takes an answer already in (409, another tab) as answered, without recording it again', async () => {
    const { actor, effects } = start(async () => {
      throw new ApiError(409, ['このアンケートにはすでに回答しています。']);
    });
    actor.send({ type: 'questionnaireAnswer.opened', questionnaire: optional });
    actor.send({
      type: 'questionnaireAnswer.changed',
      answer: { questionId: 'c', text: '楽しかった' },
    });
    actor.send({ type: 'questionnaireAnswer.submitted' });

    await waitFor(actor, (s) => !isSendingAnswers(s));
    expect(selectOpenQuestionnaireId(actor.getSnapshot())).toBeNull();
    expect(selectAnsweredTitle(actor.getSnapshot())).toBe('任意のアンケート');
    expect(effects.refreshAnswers).toHaveBeenCalledOnce();
    expect(effects.recordAnswer).not.toHaveBeenCalled();
  });

  it("keeps the form and its answers with the server's refusal of a closed questionnaire", async () => {
    const { actor, effects } = start(async () => {
      throw new ApiError(422, [closed]);
    });
    actor.send({ type: 'questionnaireAnswer.opened', questionnaire: optional });
    actor.send({
      type: 'questionnaireAnswer.changed',
      answer: { questionId: 'c', text: '楽しかった' },
    });
    actor.send({ type: 'questionnaireAnswer.submitted' });

    await waitFor(actor, (s) => !isSendingAnswers(s));
    expect(selectAnswerErrors(actor.getSnapshot())).toEqual([closed]);
    expect(selectOpenQuestionnaireId(actor.getSnapshot())).toBe('q2');
    expect(selectDraft(actor.getSnapshot())).toEqual({
      c: { questionId: 'c', text: '楽しかった' },
    });
    expect(effects.refreshAnswers).not.toHaveBeenCalled();
  });

  it("opening another questionnaire drops the first one's answers", () => {
    const { actor } = start();
    actor.send({ type: 'questionnaireAnswer.opened', questionnaire: satisfaction });
    actor.send({ type: 'questionnaireAnswer.changed', answer: { questionId: 'a', rating: 2 } });
    actor.send({ type: 'questionnaireAnswer.opened', questionnaire: optional });

    expect(selectOpenQuestionnaireId(actor.getSnapshot())).toBe('q2');
    expect(selectDraft(actor.getSnapshot())).toEqual({});
  });
});
