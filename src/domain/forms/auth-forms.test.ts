import { describe, expect, it } from 'vitest';
import {
  newPasswordForm,
  resendConfirmationForm,
  resetPasswordForm,
  signInForm,
  signUpForm,
} from './auth-forms';
import { fieldErrors } from './fields';

const valid = {
  name: '山田 花子',
  email: 'hanako@example.jp',
  password: 'correct horse',
  password_confirmation: 'correct horse',
};

describe('signUpForm', () => {
  it('accepts a filled form and trims the address and the name', () => {
    const result = signUpForm.safeParse({ ...valid, email: ' hanako@example.jp ', name: ' 花子 ' });
    expect(result.success && result.data).toEqual({ ...valid, name: '花子' });
  });

  it('treats a blank name as not given', () => {
    const result = signUpForm.safeParse({ ...valid, name: '   ' });
    expect(result.success && result.data).toEqual({ ...valid, name: undefined });
  });

  it('says 入力してください。 for an empty, blank or missing required field, and only that', () => {
    const result = signUpForm.safeParse({
      name: '',
      email: '  ',
      password: '',
      password_confirmation: ' ',
    });
    expect(fieldErrors(result)).toEqual({
      email: ['入力してください。'],
      password: ['入力してください。'],
      password_confirmation: ['入力してください。'],
    });
    expect(fieldErrors(signUpForm.safeParse({ email: null }))).toEqual({
      email: ['入力してください。'],
      password: ['入力してください。'],
    });
  });

  it('bounds the password to 8–128 characters', () => {
    expect(
      fieldErrors(
        signUpForm.safeParse({ ...valid, password: 'short', password_confirmation: 'short' }),
      ),
    ).toEqual({
      password: ['8文字以上で入力してください。'],
      password_confirmation: ['8文字以上で入力してください。'],
    });
    const long = 'p'.repeat(129);
    expect(
      fieldErrors(signUpForm.safeParse({ ...valid, password: long, password_confirmation: long })),
    ).toEqual({
      password: ['128文字以下で入力してください。'],
      password_confirmation: ['128文字以下で入力してください。'],
    });
    const longest = 'p'.repeat(128);
    expect(
      signUpForm.safeParse({ ...valid, password: longest, password_confirmation: longest }).success,
    ).toBe(true);
  });

  it('bounds the name to 50 characters and the address to 254', () => {
    const email = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(62)}`;
    expect(email).toHaveLength(255);
    expect(fieldErrors(signUpForm.safeParse({ ...valid, name: 'あ'.repeat(51), email }))).toEqual({
      name: ['50文字以下で入力してください。'],
      email: ['254文字以下で入力してください。'],
    });
    expect(
      signUpForm.safeParse({ ...valid, name: 'あ'.repeat(50), email: email.slice(1) }).success,
    ).toBe(true);
  });

  it('refuses an address that is not one', () => {
    for (const email of [
      'hanako',
      'hanako@',
      '@example.jp',
      'hanako@example',
      'hana ko@example.jp',
    ]) {
      expect(fieldErrors(signUpForm.safeParse({ ...valid, email })), email).toEqual({
        email: ['メールアドレスの形式が正しくありません。'],
      });
    }
  });

  it('reports a confirmation that differs from the password on the confirmation', () => {
    expect(
      fieldErrors(signUpForm.safeParse({ ...valid, password_confirmation: 'correct horsf' })),
    ).toEqual({
      password_confirmation: ['パスワード（確認）がパスワードと一致しません。'],
    });
  });

  it('accepts a body without a confirmation, as devise clients send it', () => {
    expect(signUpForm.safeParse({ email: valid.email, password: valid.password }).success).toBe(
      true,
    );
  });

  it('refuses a field the API does not know, and a value of another type', () => {
    expect(fieldErrors(signUpForm.safeParse({ ...valid, admin: true }))).toEqual({
      admin: ['不明な項目です。'],
    });
    expect(fieldErrors(signUpForm.safeParse({ ...valid, name: 42 }))).toEqual({
      name: ['文字列で入力してください。'],
    });
  });
});

describe('signInForm', () => {
  it('accepts any filled password (no minimum when signing in)', () => {
    expect(signInForm.safeParse({ email: 'taro@example.jp', password: 'x' }).success).toBe(true);
  });

  it('says which field is missing or too long', () => {
    expect(fieldErrors(signInForm.safeParse({ email: '', password: '' }))).toEqual({
      email: ['入力してください。'],
      password: ['入力してください。'],
    });
    expect(
      fieldErrors(signInForm.safeParse({ email: 'taro@example.jp', password: 'x'.repeat(129) })),
    ).toEqual({
      password: ['128文字以下で入力してください。'],
    });
  });
});

describe('resetPasswordForm', () => {
  it('needs a valid address', () => {
    expect(resetPasswordForm.safeParse({ email: 'taro@example.jp' }).success).toBe(true);
    expect(fieldErrors(resetPasswordForm.safeParse({ email: '' }))).toEqual({
      email: ['入力してください。'],
    });
    expect(fieldErrors(resetPasswordForm.safeParse({ email: 'taro' }))).toEqual({
      email: ['メールアドレスの形式が正しくありません。'],
    });
  });

  it('accepts a redirect_url only when it is a URL', () => {
    expect(
      resetPasswordForm.safeParse({
        email: 'taro@example.jp',
        redirect_url: 'https://example.jp/x',
      }).success,
    ).toBe(true);
    expect(
      fieldErrors(
        resetPasswordForm.safeParse({ email: 'taro@example.jp', redirect_url: 'not a url' }),
      ),
    ).toEqual({
      redirect_url: ['URLの形式が正しくありません。'],
    });
  });
});

describe('resendConfirmationForm', () => {
  it('needs a valid address and nothing else', () => {
    expect(resendConfirmationForm.safeParse({ email: 'taro@example.jp' }).success).toBe(true);
    expect(fieldErrors(resendConfirmationForm.safeParse({}))).toEqual({
      email: ['入力してください。'],
    });
    expect(
      fieldErrors(resendConfirmationForm.safeParse({ email: 'taro@example.jp', name: 'x' })),
    ).toEqual({
      name: ['不明な項目です。'],
    });
  });
});

describe('newPasswordForm', () => {
  const filled = {
    reset_password_token: 'tok',
    password: 'new password',
    password_confirmation: 'new password',
  };

  it('accepts a token and a matching new password', () => {
    expect(newPasswordForm.safeParse(filled).success).toBe(true);
  });

  it('needs the token, the password and the confirmation', () => {
    expect(
      fieldErrors(
        newPasswordForm.safeParse({
          reset_password_token: '',
          password: '',
          password_confirmation: '',
        }),
      ),
    ).toEqual({
      reset_password_token: ['入力してください。'],
      password: ['入力してください。'],
      password_confirmation: ['入力してください。'],
    });
  });

  it('bounds the token to 100 characters', () => {
    expect(
      fieldErrors(newPasswordForm.safeParse({ ...filled, reset_password_token: 't'.repeat(101) })),
    ).toEqual({
      reset_password_token: ['100文字以下で入力してください。'],
    });
  });

  it('reports a mismatch even when the password is also too short', () => {
    expect(
      fieldErrors(
        newPasswordForm.safeParse({
          ...filled,
          password: 'short',
          password_confirmation: 'new password',
        }),
      ),
    ).toEqual({
      password: ['8文字以上で入力してください。'],
      password_confirmation: ['パスワード（確認）がパスワードと一致しません。'],
    });
  });
});
