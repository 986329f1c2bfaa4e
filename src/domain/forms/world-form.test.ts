import { describe, expect, it } from 'vitest';
import { fieldErrors } from './fields';
import { copyNameOf, copyWorldForm, worldForm, worldGroupForm, worldUrlForm } from './world-form';

const filled = { name: '春の展示会', description: '出展者の紹介です。', timeZone: 'Asia/Tokyo' };

describe('worldForm', () => {
  it('accepts a filled form, trimming the name and the description', () => {
    const result = worldForm.safeParse({
      ...filled,
      name: ' 春の展示会　',
      description: ' 説明 \n',
    });
    expect(result.success && result.data).toEqual({
      name: '春の展示会',
      description: '説明',
      timeZone: 'Asia/Tokyo',
    });
  });

  it('keeps a blank description as an empty string, so an update can clear it', () => {
    const result = worldForm.safeParse({ ...filled, description: '  ' });
    expect(result.success && result.data.description).toBe('');
  });

  it('accepts a body with only a name, as createWorld does', () => {
    expect(worldForm.safeParse({ name: 'ワールド' }).success).toBe(true);
  });

  it('says 入力してください。 for a missing or blank name', () => {
    expect(fieldErrors(worldForm.safeParse({ ...filled, name: '　 ' }))).toEqual({
      name: ['入力してください。'],
    });
    expect(fieldErrors(worldForm.safeParse({ description: '' }))).toEqual({
      name: ['入力してください。'],
    });
  });

  it('bounds the name to 100 and the description to 2000 characters', () => {
    expect(
      fieldErrors(
        worldForm.safeParse({ ...filled, name: 'あ'.repeat(101), description: 'い'.repeat(2001) }),
      ),
    ).toEqual({
      name: ['100文字以下で入力してください。'],
      description: ['2000文字以下で入力してください。'],
    });
    expect(
      worldForm.safeParse({ ...filled, name: 'あ'.repeat(100), description: 'い'.repeat(2000) })
        .success,
    ).toBe(true);
  });

  it('counts the name after trimming', () => {
    expect(worldForm.safeParse({ ...filled, name: ` ${'あ'.repeat(100)} ` }).success).toBe(true);
  });

  it('takes Asia/Tokyo or UTC as the time zone and names them for anything else', () => {
    expect(worldForm.safeParse({ ...filled, timeZone: 'UTC' }).success).toBe(true);
    expect(fieldErrors(worldForm.safeParse({ ...filled, timeZone: 'America/New_York' }))).toEqual({
      timeZone: ['次のいずれかを指定してください: Asia/Tokyo, UTC'],
    });
    expect(fieldErrors(worldForm.safeParse({ ...filled, timeZone: '' }))).toEqual({
      timeZone: ['入力してください。'],
    });
  });

  it('refuses unknown fields', () => {
    expect(fieldErrors(worldForm.safeParse({ ...filled, ownerId: 'x' }))).toEqual({
      ownerId: ['不明な項目です。'],
    });
  });
});

describe('copyWorldForm', () => {
  it('needs a trimmed name of at most 100 characters', () => {
    expect(
      copyWorldForm.safeParse({ name: ' コピー ' }).success &&
        copyWorldForm.parse({ name: ' コピー ' }),
    ).toEqual({ name: 'コピー' });
    expect(fieldErrors(copyWorldForm.safeParse({ name: '' }))).toEqual({
      name: ['入力してください。'],
    });
    expect(fieldErrors(copyWorldForm.safeParse({ name: 'あ'.repeat(101) }))).toEqual({
      name: ['100文字以下で入力してください。'],
    });
  });
});

describe('copyNameOf', () => {
  it('adds " のコピー" as the server does, and stays within 100 characters', () => {
    expect(copyNameOf('展示会')).toBe('展示会 のコピー');
    const long = copyNameOf('あ'.repeat(100));
    expect([...long]).toHaveLength(100);
    expect(copyWorldForm.safeParse({ name: long }).success).toBe(true);
  });
});

describe('worldGroupForm', () => {
  it('trims the name and refuses a blank or too long one with the contract’s messages', () => {
    const ok = worldGroupForm.safeParse({ name: ' 春のイベント ' });
    expect(ok.success && ok.data).toEqual({ name: '春のイベント' });
    expect(fieldErrors(worldGroupForm.safeParse({ name: '  ' })).name).toEqual([
      '入力してください。',
    ]);
    expect(fieldErrors(worldGroupForm.safeParse({ name: 'あ'.repeat(101) })).name).toEqual([
      '100文字以下で入力してください。',
    ]);
    expect(worldGroupForm.safeParse({ name: 'あ'.repeat(100) }).success).toBe(true);
  });
});

describe('worldUrlForm', () => {
  it('takes lower-case letters, digits and hyphens, 3 to 50 of them; blank removes the name', () => {
    expect(worldUrlForm.safeParse({ slug: ' spring-fair-2026 ' }).data).toEqual({
      slug: 'spring-fair-2026',
    });
    expect(worldUrlForm.safeParse({ slug: '  ' }).data).toEqual({ slug: null });
    expect(fieldErrors(worldUrlForm.safeParse({ slug: 'ab' })).slug).toEqual([
      '3文字以上で入力してください。',
    ]);
    expect(fieldErrors(worldUrlForm.safeParse({ slug: 'a'.repeat(51) })).slug).toEqual([
      '50文字以下で入力してください。',
    ]);
    for (const slug of ['Spring', '-spring', 'spring fair', '春のフェア'])
      expect(fieldErrors(worldUrlForm.safeParse({ slug })).slug).toEqual([
        '半角の英小文字・数字・ハイフンで入力してください（先頭は英小文字か数字）。',
      ]);
  });
});
