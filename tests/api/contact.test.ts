import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contactMessages } from '../../server/db/schema';
import { lastMailTo, useTestServer } from './support/app';
import { useFakeBotCheck } from './support/fake-bot-check';
import { testDbKind } from './support/database';
import { anyIp } from './support/session';

const message = {
  name: '田中 一郎',
  email: 'tanaka@example.com',
  category: 'bug',
  subject: '表示の不具合',
  body: '画面が真っ白になります。',
};

describe(`contact without a bot check on ${testDbKind}`, () => {
  const t = useTestServer({ env: { CONTACT_TO: 'support@example.com' } });

  it('stores the message and mails it to the support address', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: message,
      remoteAddress: anyIp(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toContain('受け付けました');
    const mail = await lastMailTo(t.database.db, 'support@example.com');
    expect(mail.subject).toContain('表示の不具合');
    expect(mail.text).toContain('画面が真っ白になります。');
    expect(mail.text).toContain('不具合の報告');
  });

  it('refuses an unknown category and changes nothing', async () => {
    const [before] = await t.database.db.select({ n: count() }).from(contactMessages);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { ...message, category: 'spam' },
      remoteAddress: anyIp(),
    });
    expect(res.statusCode).toBe(400);
    const [after] = await t.database.db.select({ n: count() }).from(contactMessages);
    expect(after!.n).toBe(before!.n);
  });
});

const botCheck = useFakeBotCheck();

describe(`contact with a bot check on ${testDbKind}`, () => {
  const t = useTestServer({ env: botCheck.env });

  it.each([
    ['a human score for the contact action', 'contact:0.9', 200],
    ['a low score', 'contact:0.1', 422],
    ['a token for another action', 'signup:0.9', 422],
  ])('answers %s with %i', async (_name, botToken, status) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { ...message, botToken },
      remoteAddress: anyIp(),
    });
    expect(res.statusCode).toBe(status);
    expect(botCheck.verifications.at(-1)?.get('response')).toBe(botToken);
  });

  it('refuses a message without a token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: message,
      remoteAddress: anyIp(),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toContain('ボット');
  });
});
