import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { QuestionList } from './question-list';
import type { Question } from './questionnaire-types';

const question = (id: string, title: string, extra: Partial<Question> = {}): Question => ({
  id,
  questionnaireId: 'q',
  type: 'freeText',
  title,
  required: false,
  position: 0,
  choices: [],
  ratingMax: null,
  ...extra,
});

const questions = [
  question('a', '最初の質問', {
    type: 'singleChoice',
    required: true,
    choices: [
      { id: 'c1', label: 'はい', position: 0 },
      { id: 'c2', label: 'いいえ', position: 1 },
    ],
  }),
  question('b', '最後の質問', { type: 'rating', ratingMax: 5 }),
];

const render = (locked: boolean) =>
  renderToStaticMarkup(
    <QuestionList
      questions={questions}
      locked={locked}
      onMove={async () => {}}
      onUpdate={async () => {}}
      onDelete={async () => {}}
    />,
  );

/** The attributes of the button with data-move="id:direction". */
const moveButton = (html: string, key: string) =>
  new RegExp(`<button[^>]*data-move="${key}"[^>]*>`).exec(html)?.[0] ?? '';

describe('QuestionList', () => {
  it('cannot move the first question up nor the last one down', () => {
    const html = render(false);
    expect(moveButton(html, 'a:up')).toContain('disabled');
    expect(moveButton(html, 'a:down')).not.toContain('disabled');
    expect(moveButton(html, 'b:up')).not.toContain('disabled');
    expect(moveButton(html, 'b:down')).toContain('disabled');
  });

  it('ties each move button to its question title for screen readers', () => {
    const html = render(false);
    const describedBy = /aria-describedby="([^"]+)"/.exec(moveButton(html, 'b:up'))?.[1];
    expect(html).toContain(`id="${describedBy}"`);
    expect(new RegExp(`id="${describedBy}"[^>]*>.*最後の質問`).test(html)).toBe(true);
  });

  it('shows choices, the scale and the required mark', () => {
    const html = render(false);
    expect(html).toContain('<li>はい</li><li>いいえ</li>');
    expect(html).toContain('（1〜5）');
    expect(html).toContain('必須');
  });

  it('offers deleting only while no answers exist', () => {
    expect(render(false).match(/>削除</g)).toHaveLength(2);
    expect(render(true)).not.toContain('>削除<');
  });
});
