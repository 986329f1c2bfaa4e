import { describe, expect, it } from 'vitest';
import { fieldErrors } from './fields';
import {
  coOwnerForm,
  guestLinkForm,
  memberInvitationForm,
  splitEmails,
  staffInvitationForm,
} from './membership-forms';

describe('staffInvitationForm', () => {
  it('reads addresses separated by lines, commas and spaces into the request body', () => {
    const result = staffInvitationForm.safeParse({
      emails: 'a@example.com\n b@example.com, c@example.com;d@example.com',
      message: '',
    });
    expect(result.success && result.data).toEqual({
      emails: ['a@example.com', 'b@example.com', 'c@example.com', 'd@example.com'],
      message: undefined,
    });
  });

  it('names each malformed address and each repeated one (case-insensitively)', () => {
    const result = staffInvitationForm.safeParse({
      emails: 'a@example.com\nnot-an-address\nA@example.com',
      message: '',
    });
    expect(fieldErrors(result)).toEqual({
      emails: [
        'not-an-address: メールアドレスの形式が正しくありません。',
        'A@example.com が重複しています。',
      ],
    });
  });

  it('asks for at least one address', () => {
    expect(fieldErrors(staffInvitationForm.safeParse({ emails: ' \n ', message: '' }))).toEqual({
      emails: ['1つ以上入力してください。'],
    });
  });

  it('takes at most 50 addresses and a message of at most 1000 characters', () => {
    const many = Array.from({ length: 51 }, (_, i) => `u${i}@example.com`).join('\n');
    expect(
      fieldErrors(staffInvitationForm.safeParse({ emails: many, message: 'あ'.repeat(1001) })),
    ).toEqual({
      emails: ['50個以下で入力してください。'],
      message: ['1000文字以下で入力してください。'],
    });
    expect(
      staffInvitationForm.safeParse({
        emails: many.split('\n').slice(0, 50).join('\n'),
        message: 'あ'.repeat(1000),
      }).success,
    ).toBe(true);
  });

  it('splits on Japanese commas too', () => {
    expect(splitEmails('a@example.com、b@example.com，c@example.com')).toEqual([
      'a@example.com',
      'b@example.com',
      'c@example.com',
    ]);
  });
});

describe('guestLinkForm', () => {
  const now = () => new Date('2026-05-01T00:00:00Z');
  const form = guestLinkForm('Asia/Tokyo', now);

  it('leaves out what is blank: a link with no label, expiry or limit', () => {
    const result = form.safeParse({ label: ' ', expiresAt: '', maxUses: '' });
    expect(result.success && result.data).toEqual({
      label: undefined,
      expiresAt: undefined,
      maxUses: undefined,
    });
  });

  it('reads the expiry as a wall-clock time in the world zone and sends an instant', () => {
    const result = form.safeParse({
      label: '受付用',
      expiresAt: '2026-05-02T09:00',
      maxUses: '30',
    });
    expect(result.success && result.data).toEqual({
      label: '受付用',
      expiresAt: '2026-05-02T00:00:00.000Z',
      maxUses: 30,
    });
  });

  it('refuses an expiry that is not ahead of now', () => {
    expect(
      fieldErrors(form.safeParse({ label: '', expiresAt: '2026-05-01T09:00', maxUses: '' })),
    ).toEqual({
      expiresAt: ['有効期限はこれからの日時にしてください。'],
    });
  });

  it('bounds the uses to whole numbers from 1 to 10000 and the label to 100 characters', () => {
    expect(
      fieldErrors(form.safeParse({ label: 'あ'.repeat(101), expiresAt: '', maxUses: '0' })),
    ).toEqual({
      label: ['100文字以下で入力してください。'],
      maxUses: ['1以上の値にしてください。'],
    });
    expect(fieldErrors(form.safeParse({ label: '', expiresAt: '', maxUses: '10001' }))).toEqual({
      maxUses: ['10000以下の値にしてください。'],
    });
    expect(fieldErrors(form.safeParse({ label: '', expiresAt: '', maxUses: '1.5' }))).toEqual({
      maxUses: ['整数で入力してください。'],
    });
  });
});

describe('coOwnerForm', () => {
  it('takes one trimmed address and the caller password as typed', () => {
    const result = coOwnerForm.safeParse({
      email: ' owner2@example.com ',
      currentPassword: ' secret ',
    });
    expect(result.success && result.data).toEqual({
      email: 'owner2@example.com',
      currentPassword: ' secret ',
    });
    expect(fieldErrors(coOwnerForm.safeParse({ email: 'owner2', currentPassword: '' }))).toEqual({
      email: ['メールアドレスの形式が正しくありません。'],
      currentPassword: ['入力してください。'],
    });
  });
});

describe('memberInvitationForm', () => {
  it('takes at most 100 addresses, as CreateWorldInvitationsRequest does', () => {
    const many = Array.from({ length: 101 }, (_, i) => `u${i}@example.com`).join('\n');
    expect(fieldErrors(memberInvitationForm.safeParse({ emails: many, message: '' }))).toEqual({
      emails: ['100個以下で入力してください。'],
    });
    const hundred = many.split('\n').slice(0, 100).join('\n');
    expect(memberInvitationForm.safeParse({ emails: hundred, message: '' }).success).toBe(true);
  });
});
