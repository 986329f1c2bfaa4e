import { describe, expect, it } from 'vitest';
import { contactCategories, contactCategoryLabels, contactForm } from './contact-form';
import { fieldErrors } from './fields';

const filled = {
  name: '佐藤',
  email: 'sato@example.jp',
  category: 'bug',
  subject: '',
  body: '画面が表示されません。',
};

describe('contactForm', () => {
  it('accepts a filled form and leaves out a blank subject', () => {
    const result = contactForm.safeParse(filled);
    expect(result.success && result.data).toEqual({ ...filled, subject: undefined });
  });

  it('carries a bot token when one is given', () => {
    const result = contactForm.safeParse({ ...filled, botToken: 'token' });
    expect(result.success && result.data.botToken).toBe('token');
  });

  it('says 入力してください。 for each missing required field, category included', () => {
    expect(
      fieldErrors(contactForm.safeParse({ name: ' ', email: '', category: '', body: '\n' })),
    ).toEqual({
      name: ['入力してください。'],
      email: ['入力してください。'],
      category: ['入力してください。'],
      body: ['入力してください。'],
    });
  });

  it('bounds name 50, subject 100, body 5000 characters', () => {
    const result = contactForm.safeParse({
      ...filled,
      name: 'a'.repeat(51),
      subject: 's'.repeat(101),
      body: 'b'.repeat(5001),
    });
    expect(fieldErrors(result)).toEqual({
      name: ['50文字以下で入力してください。'],
      subject: ['100文字以下で入力してください。'],
      body: ['5000文字以下で入力してください。'],
    });
    expect(
      contactForm.safeParse({
        ...filled,
        name: 'a'.repeat(50),
        subject: 's'.repeat(100),
        body: 'b'.repeat(5000),
      }).success,
    ).toBe(true);
  });

  it('names the allowed categories for an unknown one', () => {
    expect(fieldErrors(contactForm.safeParse({ ...filled, category: 'sales' }))).toEqual({
      category: ['次のいずれかを指定してください: general, billing, bug, other'],
    });
  });

  it('refuses an empty bot token', () => {
    expect(fieldErrors(contactForm.safeParse({ ...filled, botToken: '' }))).toEqual({
      botToken: ['入力してください。'],
    });
  });

  it('has a Japanese label for every category', () => {
    expect(contactCategories.map((c) => contactCategoryLabels[c])).toEqual([
      '一般的なお問い合わせ',
      'お支払い',
      '不具合の報告',
      'その他',
    ]);
  });
});
