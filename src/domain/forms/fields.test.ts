import { describe, expect, it } from 'vitest';
import { signUpForm } from './auth-forms';
import { errorMessages, fieldErrors } from './fields';

describe('fieldErrors', () => {
  it('is empty for a successful parse', () => {
    expect(
      fieldErrors(signUpForm.safeParse({ email: 'a@example.jp', password: 'password' })),
    ).toEqual({});
  });

  it('puts a message about the whole body under the empty key', () => {
    expect(fieldErrors(signUpForm.safeParse(null))).toEqual({
      '': ['オブジェクトで入力してください。'],
    });
  });
});

describe('errorMessages', () => {
  it('words each issue as the server does: "field: message"', () => {
    const result = signUpForm.safeParse({ email: '', password: 'short', extra: 1 });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(errorMessages(result.error)).toEqual([
      'email: 入力してください。',
      'password: 8文字以上で入力してください。',
      'extra: 不明な項目です。',
    ]);
  });
});
