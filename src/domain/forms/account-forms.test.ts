import { describe, expect, it } from 'vitest';
import { myEmailForm, myNameForm, myPasswordForm } from './account-forms';
import { fieldErrors } from './fields';

describe('myNameForm', () => {
  it('trims the name and needs one of at most 50 characters', () => {
    const result = myNameForm.safeParse({ name: ' 山田 太郎 ' });
    expect(result.success && result.data).toEqual({ name: '山田 太郎' });
    expect(fieldErrors(myNameForm.safeParse({ name: '　' }))).toEqual({
      name: ['入力してください。'],
    });
    expect(fieldErrors(myNameForm.safeParse({ name: 'あ'.repeat(51) }))).toEqual({
      name: ['50文字以下で入力してください。'],
    });
    expect(myNameForm.safeParse({ name: 'あ'.repeat(50) }).success).toBe(true);
  });
});

describe('myEmailForm', () => {
  it('needs the new address and the current password', () => {
    expect(myEmailForm.safeParse({ email: 'new@example.jp', currentPassword: 'x' }).success).toBe(
      true,
    );
    expect(fieldErrors(myEmailForm.safeParse({ email: '', currentPassword: '' }))).toEqual({
      email: ['入力してください。'],
      currentPassword: ['入力してください。'],
    });
    expect(
      fieldErrors(myEmailForm.safeParse({ email: 'new', currentPassword: 'p'.repeat(129) })),
    ).toEqual({
      email: ['メールアドレスの形式が正しくありません。'],
      currentPassword: ['128文字以下で入力してください。'],
    });
  });
});

describe('myPasswordForm', () => {
  const filled = {
    currentPassword: 'old',
    password: 'new password',
    passwordConfirmation: 'new password',
  };

  it('accepts a current password and a matching new one', () => {
    expect(myPasswordForm.safeParse(filled).success).toBe(true);
  });

  it('needs every field', () => {
    expect(
      fieldErrors(
        myPasswordForm.safeParse({ currentPassword: '', password: ' ', passwordConfirmation: '' }),
      ),
    ).toEqual({
      currentPassword: ['入力してください。'],
      password: ['入力してください。'],
      passwordConfirmation: ['入力してください。'],
    });
  });

  it('bounds the new password to 8–128 characters', () => {
    expect(
      fieldErrors(
        myPasswordForm.safeParse({
          ...filled,
          password: '1234567',
          passwordConfirmation: '1234567',
        }),
      ),
    ).toEqual({
      password: ['8文字以上で入力してください。'],
      passwordConfirmation: ['8文字以上で入力してください。'],
    });
  });

  it('reports a differing confirmation on passwordConfirmation', () => {
    expect(
      fieldErrors(myPasswordForm.safeParse({ ...filled, passwordConfirmation: 'new passwore' })),
    ).toEqual({
      passwordConfirmation: ['パスワード（確認）がパスワードと一致しません。'],
    });
  });
});
