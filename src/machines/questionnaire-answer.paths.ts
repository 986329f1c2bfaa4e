import type { AnswerInput } from '../domain/questionnaire';
import { ApiError } from '../services/errors/api-error';
import { definePaths, sees } from './path-config';
import {
  questionnaireAnswerMachine,
  type AnsweredQuestionnaire,
} from './questionnaire-answer.machine';
import {
  isSendingAnswers,
  selectAnswerErrors,
  selectAnswerFailures,
  selectAnsweredTitle,
  selectDraft,
  selectOpenQuestionnaireId,
} from './questionnaire-answer.selectors';

// Event payloads, actor outcomes, labels and oracles for the generated path tests (tests/paths).
// Expected results are docs/product.md §2 Answering a questionnaire: a required question left
// unanswered is named, and nothing answered at all is said, before anything is sent; sent, the
// form closes with thanks, the answer is recorded for the insights and the list says 回答済み;
// answered already in another tab (409) closes it the same way, not recorded again; a closed
// questionnaire (422) is shown in the server's words with the answers kept; opening another
// questionnaire drops the first one's answers.

const satisfaction: AnsweredQuestionnaire = {
  id: '00000000-0000-4000-8000-0000000000f1',
  title: '満足度アンケート',
  questions: [
    { id: 'f1-a', type: 'rating', title: '満足度', required: true, ratingMax: 5, choices: [] },
    {
      id: 'f1-b',
      type: 'freeText',
      title: 'ご意見',
      required: false,
      ratingMax: null,
      choices: [],
    },
  ],
};
const feedback: AnsweredQuestionnaire = {
  id: '00000000-0000-4000-8000-0000000000f2',
  title: '感想アンケート',
  questions: [
    { id: 'f2-a', type: 'freeText', title: '感想', required: false, ratingMax: null, choices: [] },
  ],
};
const questionnaires = [satisfaction, feedback];
const titleOf = (id: string | null) => questionnaires.find((q) => q.id === id)?.title ?? null;

const already = new ApiError(409, ['このアンケートにはすでに回答しています。']);
const closed = new ApiError(422, ['このアンケートは現在回答を受け付けていません。']);
const lost = new ApiError(0, ['通信できませんでした。接続を確かめて、もう一度お試しください。']);

/** What a person is told before sending (docs/product.md), from the questions and the answers given. */
function problemsOf(id: string | null, draft: Record<string, AnswerInput>): string[] {
  const questionnaire = questionnaires.find((q) => q.id === id);
  if (!questionnaire) return [];
  const given = (questionId: string) => {
    const answer = draft[questionId];
    return (answer?.text?.trim() ?? '') !== '' || answer?.rating !== undefined;
  };
  const missing = questionnaire.questions
    .filter((q) => q.required && !given(q.id))
    .map((q) => `「${q.title}」: 回答してください。`);
  if (missing.length > 0) return missing;
  return questionnaire.questions.some((q) => given(q.id))
    ? []
    : ['少なくとも1つの質問に回答してください。'];
}

const formClosed = sees('開いているフォーム', selectOpenQuestionnaireId, null);

export const paths = definePaths(questionnaireAnswerMachine, {
  manual: {
    setup:
      'デモのワールドで所有者が公開したアンケート「満足度アンケート」（Q1. 満足度: 評価・必須、Q2. ご意見: 自由記述）と「感想アンケート」（Q1. 感想: 自由記述）がある。ゲストとして入場し、下の操作欄の「アンケート」を押してパネルを開く。',
    steps: {
      満足度アンケートに回答する: '「満足度アンケート」の「回答する」を押す。',
      感想アンケートに回答する: '「感想アンケート」の「回答する」を押す。',
      満足度に4: '「満足度」の「4」を選ぶ。',
      ご意見を入力: '「ご意見」に「とても良かった」と入力する。',
      感想を入力: '「感想」に「楽しかった」と入力する。',
      回答を送信する: '「回答を送信する」を押す。',
      送れた: {
        do: '（待つ）',
        see: 'フォームが閉じ、「アンケート「…」に回答しました。ご協力ありがとうございました。」が出て、そのアンケートが「回答済み」になる。',
      },
      別のタブで回答済み: {
        do: '（「回答を送信する」の前に）同じアカウントの別のタブで同じアンケートに回答しておき、「回答を送信する」のあと待つ。',
        see: 'フォームが閉じ、お礼が出て、「回答済み」になる（所有者のインサイトの「アンケートに回答」は1回だけ数えられる）。',
      },
      締め切られた: {
        do: '（「回答を送信する」の前に）所有者が別のブラウザーでそのアンケートの編集ページの「回答を締め切る」を押しておき、「回答を送信する」のあと待つ。',
        see: `「回答を送れませんでした。」の下に「${closed.messages[0]}」。選んだ回答は残る。`,
      },
      通信できない: {
        do: '（「回答を送信する」を押す前に）DevTools の Network で …/questionnaire_answers をブロックしておき、「回答を送信する」のあと待つ。',
        see: `「${lost.messages[0]}」。選んだ回答は残る。`,
      },
    },
    states: {
      choosing:
        '回答できるアンケートの一覧。各アンケートに「回答する」（回答済みのものは「回答済み」）。',
      answering: 'アンケートの質問と「回答を送信する」。',
      sending: 'ボタンが「送信しています…」で押せない。',
    },
  },
  events: [
    {
      label: '満足度アンケートに回答する',
      event: { type: 'questionnaireAnswer.opened', questionnaire: satisfaction },
    },
    {
      label: '感想アンケートに回答する',
      event: { type: 'questionnaireAnswer.opened', questionnaire: feedback },
    },
    {
      label: '満足度に4',
      event: { type: 'questionnaireAnswer.changed', answer: { questionId: 'f1-a', rating: 4 } },
    },
    {
      label: 'ご意見を入力',
      event: {
        type: 'questionnaireAnswer.changed',
        answer: { questionId: 'f1-b', text: 'とても良かった' },
      },
    },
    {
      label: '感想を入力',
      event: {
        type: 'questionnaireAnswer.changed',
        answer: { questionId: 'f2-a', text: '楽しかった' },
      },
    },
    { label: '回答を送信する', event: { type: 'questionnaireAnswer.submitted' } },
  ],
  outcomes: {
    answer: [
      { label: '送れた', output: undefined },
      { label: '別のタブで回答済み', error: already },
      { label: '締め切られた', error: closed },
      { label: '通信できない', error: lost },
    ],
  },
  // What a person can do: answer a question of the open questionnaire (once: typing more repeats
  // it), open a questionnaire not open and not answered; one refused try is enough.
  filterEvents: (snapshot, event) => {
    const openId = selectOpenQuestionnaireId(snapshot);
    if (event.type === 'questionnaireAnswer.changed') {
      const questions = questionnaires.find((q) => q.id === openId)?.questions ?? [];
      return (
        questions.some((q) => q.id === event.answer.questionId) &&
        !(event.answer.questionId in selectDraft(snapshot))
      );
    }
    if (event.type === 'questionnaireAnswer.opened')
      return (
        event.questionnaire.id !== openId &&
        event.questionnaire.title !== selectAnsweredTitle(snapshot)
      );
    return selectAnswerFailures(snapshot) < 1;
  },
  oracles: {
    '(start)': { see: [formClosed, sees('お礼', selectAnsweredTitle, null)] },
    'choosing —questionnaireAnswer.opened→ answering': (event) => ({
      see: [
        sees('開いているフォーム', selectOpenQuestionnaireId, event.questionnaire.id),
        sees('回答', selectDraft, {}),
      ],
    }),
    // Another questionnaire's 回答する: its form instead, the first one's answers dropped.
    'answering —questionnaireAnswer.opened→ answering': (event) => ({
      see: [
        sees('開いているフォーム', selectOpenQuestionnaireId, event.questionnaire.id),
        sees('回答', selectDraft, {}),
        sees('エラー', selectAnswerErrors, []),
      ],
    }),
    'answering —questionnaireAnswer.changed→ (stays)': (event, _, step) => ({
      see: [
        sees('回答', selectDraft, {
          ...selectDraft(step.before),
          [event.answer.questionId]: event.answer,
        }),
      ],
    }),
    'answering —questionnaireAnswer.submitted→ sending': (_, __, step) => ({
      takenBy:
        problemsOf(selectOpenQuestionnaireId(step.before), selectDraft(step.before)).length === 0
          ? [step.label]
          : [],
      see: [sees('送信しています', isSendingAnswers, true), sees('エラー', selectAnswerErrors, [])],
    }),
    // Nothing is sent while the rules say no.
    'answering —questionnaireAnswer.submitted→ (stays)': (_, __, step) => {
      const problems = problemsOf(selectOpenQuestionnaireId(step.before), selectDraft(step.before));
      return {
        takenBy: problems.length > 0 ? [step.label] : [],
        see: [
          sees('送信しています', isSendingAnswers, false),
          sees('エラー', selectAnswerErrors, problems),
          sees('失敗の回数', selectAnswerFailures, selectAnswerFailures(step.before) + 1),
        ],
      };
    },
    'sending —xstate.done.actor.answer→ choosing': (_, __, step) => ({
      effects: ['recordAnswer', 'refreshAnswers'],
      see: [
        formClosed,
        sees('お礼', selectAnsweredTitle, titleOf(selectOpenQuestionnaireId(step.before))),
      ],
    }),
    // Answered in another tab: closed and thanked the same, recorded there, not here.
    'sending —xstate.error.actor.answer→ choosing': (_, __, step) => ({
      takenBy: ['別のタブで回答済み'],
      effects: ['refreshAnswers'],
      see: [
        formClosed,
        sees('お礼', selectAnsweredTitle, titleOf(selectOpenQuestionnaireId(step.before))),
      ],
    }),
    'sending —xstate.error.actor.answer→ answering': (_, __, step) => ({
      takenBy: ['締め切られた', '通信できない'],
      see: [
        sees(
          '開いているフォーム',
          selectOpenQuestionnaireId,
          selectOpenQuestionnaireId(step.before),
        ),
        sees('回答', selectDraft, selectDraft(step.before)),
        sees(
          'エラー',
          selectAnswerErrors,
          step.label === '締め切られた' ? closed.messages : lost.messages,
        ),
        sees('失敗の回数', selectAnswerFailures, selectAnswerFailures(step.before) + 1),
      ],
    }),
  },
  labels: {
    machine: 'アンケートへの回答',
    states: {
      choosing: 'アンケートを選ぶ',
      answering: '回答を入力している',
      sending: '回答を送っている',
    },
    events: {
      'questionnaireAnswer.opened': '回答する',
      'questionnaireAnswer.changed': '回答を選ぶ・入力する',
      'questionnaireAnswer.submitted': '回答を送信する',
    },
  },
});
