import { describe, expect, it } from 'vitest';
import { eventAnnouncementForm, eventRegistrationForm } from './event-forms';
import { fieldErrors } from './fields';

const filled = {
  title: ' 新製品発表会 ',
  body: '詳細はこちら',
  startAt: '2026-06-01T10:00',
  endAt: '2026-06-01T11:30',
  venue: 'メインホール',
  capacity: '100',
  registrationOpen: 'true',
};

describe('eventAnnouncementForm', () => {
  it('reads the times in the world time zone and answers the request body', () => {
    expect(eventAnnouncementForm('Asia/Tokyo').parse(filled)).toEqual({
      title: '新製品発表会',
      body: '詳細はこちら',
      startAt: '2026-06-01T01:00:00.000Z',
      endAt: '2026-06-01T02:30:00.000Z',
      venue: 'メインホール',
      capacity: 100,
      registrationOpen: true,
    });
    expect(eventAnnouncementForm('UTC').parse(filled).startAt).toBe('2026-06-01T10:00:00.000Z');
  });

  it('refuses an end that is not after the start', () => {
    expect(
      fieldErrors(eventAnnouncementForm('UTC').safeParse({ ...filled, endAt: filled.startAt })),
    ).toEqual({
      endAt: ['終了日時は開始日時より後にしてください。'],
    });
  });

  it('asks for the dates and a capacity between 1 and 1000', () => {
    const form = eventAnnouncementForm('UTC');
    expect(fieldErrors(form.safeParse({ ...filled, startAt: '', capacity: '' }))).toEqual({
      startAt: ['入力してください。'],
      capacity: ['入力してください。'],
    });
    expect(fieldErrors(form.safeParse({ ...filled, startAt: '2026-02-30T10:00' }))).toEqual({
      startAt: ['日時の形式が正しくありません。'],
    });
    expect(fieldErrors(form.safeParse({ ...filled, capacity: '0' }))).toEqual({
      capacity: ['1以上の値にしてください。'],
    });
    expect(fieldErrors(form.safeParse({ ...filled, capacity: '1001' }))).toEqual({
      capacity: ['1000以下の値にしてください。'],
    });
    expect(fieldErrors(form.safeParse({ ...filled, capacity: '1.5' }))).toEqual({
      capacity: ['整数で入力してください。'],
    });
  });

  it('takes an unticked registration box as closed', () => {
    expect(
      eventAnnouncementForm('UTC').parse({ ...filled, registrationOpen: '' }).registrationOpen,
    ).toBe(false);
  });
});

describe('eventRegistrationForm', () => {
  it('needs a name and a valid e-mail address', () => {
    expect(eventRegistrationForm.parse({ name: ' 山田 ', email: ' a@example.com ' })).toEqual({
      name: '山田',
      email: 'a@example.com',
    });
    expect(fieldErrors(eventRegistrationForm.safeParse({ name: '', email: 'not-mail' }))).toEqual({
      name: ['入力してください。'],
      email: ['メールアドレスの形式が正しくありません。'],
    });
  });
});
