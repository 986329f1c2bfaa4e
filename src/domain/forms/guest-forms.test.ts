import { describe, expect, it } from 'vitest';
import { fieldErrors } from './fields';
import {
  badgeErrors,
  badgesBody,
  guestEditForm,
  guestForm,
  introductionForm,
  moveItem,
  removedBadges,
} from './guest-forms';

const now = () => new Date('2026-05-01T00:00:00Z');

describe('guestForm', () => {
  const form = guestForm('Asia/Tokyo', now);

  it('sends a trimmed name and leaves out a blank address and expiry', () => {
    const result = form.safeParse({ name: ' 山田 花子 ', email: ' ', expiresAt: '' });
    expect(result.success && result.data).toEqual({
      name: '山田 花子',
      email: undefined,
      expiresAt: undefined,
    });
  });

  it('reads the expiry in the world zone and keeps a valid address', () => {
    const result = form.safeParse({
      name: '山田',
      email: 'hanako@example.com',
      expiresAt: '2026-05-02T09:00',
    });
    expect(result.success && result.data).toEqual({
      name: '山田',
      email: 'hanako@example.com',
      expiresAt: '2026-05-02T00:00:00.000Z',
    });
  });

  it('asks for a name, a well-formed address and an expiry ahead of now', () => {
    expect(
      fieldErrors(
        form.safeParse({ name: '  ', email: 'not-an-address', expiresAt: '2026-05-01T08:00' }),
      ),
    ).toEqual({
      name: ['入力してください。'],
      email: ['メールアドレスの形式が正しくありません。'],
      expiresAt: ['有効期限はこれからの日時にしてください。'],
    });
  });

  it('takes a name of at most 50 characters', () => {
    expect(
      fieldErrors(form.safeParse({ name: 'あ'.repeat(51), email: '', expiresAt: '' })),
    ).toEqual({ name: ['50文字以下で入力してください。'] });
    expect(form.safeParse({ name: 'あ'.repeat(50), email: '', expiresAt: '' }).success).toBe(true);
  });
});

describe('guestEditForm', () => {
  it('does not send an expiry left as shown, even one already past', () => {
    const form = guestEditForm('Asia/Tokyo', '2026-04-01T09:00', now);
    const result = form.safeParse({ name: '山田', expiresAt: '2026-04-01T09:00' });
    expect(result.success && result.data).toEqual({ name: '山田', expiresAt: undefined });
  });

  it('sends null for an emptied expiry (no expiry) and checks a changed one', () => {
    const form = guestEditForm('Asia/Tokyo', '2026-06-01T09:00', now);
    const cleared = form.safeParse({ name: '山田', expiresAt: '' });
    expect(cleared.success && cleared.data).toEqual({ name: '山田', expiresAt: null });
    const moved = form.safeParse({ name: '山田', expiresAt: '2026-07-01T09:00' });
    expect(moved.success && moved.data).toEqual({
      name: '山田',
      expiresAt: '2026-07-01T00:00:00.000Z',
    });
    expect(fieldErrors(form.safeParse({ name: '山田', expiresAt: '2026-04-30T09:00' }))).toEqual({
      expiresAt: ['有効期限はこれからの日時にしてください。'],
    });
  });
});

describe('introductionForm', () => {
  it('trims the text and sends a blank image address as null (no image)', () => {
    const result = introductionForm.safeParse({ body: '  ようこそ  ', imageUrl: ' ' });
    expect(result.success && result.data).toEqual({ body: 'ようこそ', imageUrl: null });
  });

  it('takes only an https image, and at most 5000 characters of text', () => {
    expect(
      fieldErrors(
        introductionForm.safeParse({
          body: 'あ'.repeat(5001),
          imageUrl: 'http://example.com/a.png',
        }),
      ),
    ).toEqual({
      body: ['5000文字以下で入力してください。'],
      imageUrl: ['https:// で始まるURLを入力してください。'],
    });
    const result = introductionForm.safeParse({ body: '', imageUrl: 'https://example.com/a.png' });
    expect(result.success && result.data).toEqual({
      body: '',
      imageUrl: 'https://example.com/a.png',
    });
  });
});

describe('badges', () => {
  it('names the row of each blank, too long or repeated label', () => {
    expect(
      badgeErrors([
        { label: '登壇者', color: '#112233' },
        { label: ' ', color: '#112233' },
        { label: ' 登壇者', color: '#112233' },
        { label: 'あ'.repeat(31), color: '#112233' },
        { label: '協賛', color: '#112233' },
      ]),
    ).toEqual({
      1: ['入力してください。'],
      2: ['バッジ「登壇者」が重複しています。'],
      3: ['30文字以下で入力してください。'],
    });
  });

  it('sends trimmed labels and upper-case colours in the order shown', () => {
    expect(
      badgesBody([
        { label: ' 協賛 ', color: '#a1b2c3' },
        { label: '登壇者', color: '#FFFFFF' },
      ]),
    ).toEqual({
      items: [
        { label: '協賛', color: '#A1B2C3' },
        { label: '登壇者', color: '#FFFFFF' },
      ],
    });
  });

  it('lists saved badges that saving would remove, renamed ones included', () => {
    const saved = [
      { label: '登壇者', color: '#000000' },
      { label: '協賛', color: '#000000' },
      { label: 'スタッフ', color: '#000000' },
    ];
    expect(
      removedBadges(saved, [
        { label: ' 登壇者 ', color: '#FFFFFF' },
        { label: '協賛企業', color: '#000000' },
      ]),
    ).toEqual(['協賛', 'スタッフ']);
  });

  it('moves an item up or down, and leaves the list as it is at its ends', () => {
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});
