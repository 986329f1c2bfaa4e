import { describe, expect, it } from 'vitest';
import { fieldErrors } from './fields';
import {
  choiceLinesOf,
  questionChanges,
  questionForm,
  questionnaireForm,
} from './questionnaire-forms';

describe('questionnaireForm', () => {
  it('trims the title and keeps a blank description as an empty string', () => {
    expect(
      questionnaireForm.parse({ title: ' 参加者アンケート ', description: '  ', anonymous: '' }),
    ).toEqual({
      title: '参加者アンケート',
      description: '',
      anonymous: false,
    });
    expect(questionnaireForm.parse({ title: 'a', anonymous: 'true' }).anonymous).toBe(true);
  });

  it('needs a title of at most 100 characters and a description of at most 2000', () => {
    expect(fieldErrors(questionnaireForm.safeParse({ title: ' ', description: '' }))).toEqual({
      title: ['入力してください。'],
    });
    expect(
      fieldErrors(
        questionnaireForm.safeParse({ title: 'あ'.repeat(101), description: 'い'.repeat(2001) }),
      ),
    ).toEqual({
      title: ['100文字以下で入力してください。'],
      description: ['2000文字以下で入力してください。'],
    });
  });
});

describe('choiceLinesOf', () => {
  it('takes one choice a line, trimmed, and skips blank lines', () => {
    expect(choiceLinesOf(' はい \r\n\n いいえ\n  ')).toEqual(['はい', 'いいえ']);
  });
});

describe('questionForm', () => {
  const base = { title: '満足度は？', required: 'true', choices: '', ratingMax: '' };

  it('turns a single-choice question into the request body with its choices', () => {
    expect(
      questionForm.parse({
        ...base,
        type: 'singleChoice',
        choices: 'はい\nいいえ',
        ratingMax: '5',
      }),
    ).toEqual({
      type: 'singleChoice',
      title: '満足度は？',
      required: true,
      choices: [{ label: 'はい' }, { label: 'いいえ' }],
    });
  });

  it('sends neither choices nor a scale for free text, and an unticked box as not required', () => {
    expect(
      questionForm.parse({ ...base, type: 'freeText', required: '', choices: 'a\nb' }),
    ).toEqual({
      type: 'freeText',
      title: '満足度は？',
      required: false,
    });
  });

  it('asks for at least two choices on choice questions, and bounds each label', () => {
    expect(
      fieldErrors(questionForm.safeParse({ ...base, type: 'multipleChoice', choices: 'ひとつ' })),
    ).toEqual({
      choices: ['選択肢を2つ以上入力してください。'],
    });
    expect(
      fieldErrors(
        questionForm.safeParse({
          ...base,
          type: 'singleChoice',
          choices: `a\n${'あ'.repeat(101)}`,
        }),
      ),
    ).toEqual({
      choices: ['選択肢はそれぞれ100文字以下で入力してください。'],
    });
    const fifty = Array.from({ length: 51 }, (_, i) => `選択肢${i}`).join('\n');
    expect(
      fieldErrors(questionForm.safeParse({ ...base, type: 'singleChoice', choices: fifty })),
    ).toEqual({ choices: ['50個以下で入力してください。'] });
  });

  it('takes a rating scale from 2 to 10', () => {
    expect(questionForm.parse({ ...base, type: 'rating', ratingMax: '5' })).toMatchObject({
      type: 'rating',
      ratingMax: 5,
    });
    expect(
      fieldErrors(questionForm.safeParse({ ...base, type: 'rating', ratingMax: '1' })),
    ).toEqual({ ratingMax: ['2以上の値にしてください。'] });
    expect(
      fieldErrors(questionForm.safeParse({ ...base, type: 'rating', ratingMax: '11' })),
    ).toEqual({ ratingMax: ['10以下の値にしてください。'] });
    expect(fieldErrors(questionForm.safeParse({ ...base, type: 'rating', ratingMax: '' }))).toEqual(
      { ratingMax: ['入力してください。'] },
    );
  });

  it('needs a title and a known type', () => {
    expect(fieldErrors(questionForm.safeParse({ ...base, type: '', title: '' }))).toEqual({
      type: ['入力してください。'],
      title: ['入力してください。'],
    });
  });
});

describe('questionForm duplicate choices', () => {
  it('refuses the same choice twice, as the server does', () => {
    expect(
      fieldErrors(
        questionForm.safeParse({
          type: 'singleChoice',
          title: 'Q',
          required: '',
          choices: 'はい\nはい',
          ratingMax: '',
        }),
      ),
    ).toEqual({
      choices: ['同じ選択肢が重複しています。'],
    });
  });
});

describe('questionChanges', () => {
  const current = { choices: [{ label: 'はい' }, { label: 'いいえ' }], ratingMax: null };

  it('leaves unchanged choices out, so a question with answers can still be retitled', () => {
    const edited = questionForm.parse({
      type: 'singleChoice',
      title: '新しい質問文',
      required: '',
      choices: 'はい\nいいえ',
      ratingMax: '',
    });
    expect(questionChanges(current, edited)).toEqual({ title: '新しい質問文', required: false });
  });

  it('sends the choices when they changed, and a changed scale', () => {
    const edited = questionForm.parse({
      type: 'singleChoice',
      title: 'Q',
      required: 'true',
      choices: 'はい\nいいえ\nどちらでもない',
      ratingMax: '',
    });
    expect(questionChanges(current, edited).choices).toEqual([
      { label: 'はい' },
      { label: 'いいえ' },
      { label: 'どちらでもない' },
    ]);
    const rating = questionForm.parse({
      type: 'rating',
      title: 'Q',
      required: '',
      choices: '',
      ratingMax: '7',
    });
    expect(questionChanges({ choices: [], ratingMax: 5 }, rating)).toEqual({
      title: 'Q',
      required: false,
      ratingMax: 7,
    });
    expect(questionChanges({ choices: [], ratingMax: 7 }, rating)).toEqual({
      title: 'Q',
      required: false,
    });
  });
});
