import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/connect';
import { mails } from '../db/schema';
import { enqueueMail, listMails } from './outbox';

let database: Database;

beforeAll(async () => {
  database = await openDatabase({});
}, 60_000);

afterAll(async () => {
  await database?.close();
});

beforeEach(async () => {
  await database.db.delete(mails);
});

describe('mail outbox', () => {
  it('stores a mail and lists it, unsent', async () => {
    await enqueueMail(database.db, { to: 'a@example.jp', subject: '件名', text: '本文です。' });
    const [mail, ...rest] = await listMails(database.db, { limit: 10 });
    expect(rest).toEqual([]);
    expect(mail).toMatchObject({
      to: 'a@example.jp',
      subject: '件名',
      text: '本文です。',
      sentAt: null,
    });
    expect(mail?.createdAt).toBeInstanceOf(Date);
    expect(mail?.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('lists newest first, even for mails written in one transaction, and honours the limit', async () => {
    await database.db.transaction(async (tx) => {
      for (const n of [1, 2, 3])
        await enqueueMail(tx, { to: `u${n}@example.jp`, subject: `s${n}`, text: 't' });
    });
    expect((await listMails(database.db, { limit: 10 })).map((m) => m.subject)).toEqual([
      's3',
      's2',
      's1',
    ]);
    expect((await listMails(database.db, { limit: 2 })).map((m) => m.subject)).toEqual([
      's3',
      's2',
    ]);
    expect(
      (await listMails(database.db, { limit: 10, to: 'u2@example.jp' })).map((m) => m.subject),
    ).toEqual(['s2']);
  });

  it('keeps creation order for many mails written within the same milliseconds', async () => {
    const subjects = Array.from({ length: 50 }, (_, i) => `s${i}`);
    await database.db.transaction(async (tx) => {
      for (const subject of subjects)
        await enqueueMail(tx, { to: 'many@example.jp', subject, text: 't' });
    });
    expect((await listMails(database.db, { limit: 100 })).map((m) => m.subject)).toEqual(
      subjects.reverse(),
    );
  });

  it('is written atomically with the transaction: a rollback leaves no mail', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueMail(tx, { to: 'b@example.jp', subject: 's', text: 't' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await listMails(database.db, { limit: 10 })).toEqual([]);
  });

  it('refuses a recipient or subject with a line break (header injection)', async () => {
    await expect(
      enqueueMail(database.db, {
        to: 'a@example.jp\r\nBcc: x@example.jp',
        subject: 's',
        text: 't',
      }),
    ).rejects.toThrow();
    await expect(
      enqueueMail(database.db, { to: 'a@example.jp', subject: 's\nBcc: x@example.jp', text: 't' }),
    ).rejects.toThrow();
    expect(await listMails(database.db, { limit: 10 })).toEqual([]);
  });
});
