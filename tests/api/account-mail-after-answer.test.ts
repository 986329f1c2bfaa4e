import { describe, expect, it } from 'vitest';
import { accountMessages } from '../../server/auth/accounts';
import { createJobRunner, type JobRunner } from '../../server/http/jobs';
import { listMails } from '../../server/mail/outbox';
import { lastMailTo, uniqueEmail, useTestServer } from './support/app';
import { testDbKind } from './support/database';
import { anyIp, password, signUpAndConfirm } from './support/session';

/** A runner whose jobs wait until the test opens the gate: what the answer does not wait for. */
function gatedJobs(): JobRunner & { open(): void; close(): void } {
  const runner = createJobRunner({ error() {} });
  let gate: Promise<void> = Promise.resolve();
  let open = () => {};
  return {
    run: (name, job) => {
      const waiting = gate;
      runner.run(name, async () => {
        await waiting;
        await job();
      });
    },
    idle: () => runner.idle(),
    open: () => open(),
    close: () => {
      gate = new Promise((resolve) => (open = resolve));
    },
  };
}

const jobs = gatedJobs();
const t = useTestServer({ jobs });

describe(`reset, resend and sign-up answer before their mail on ${testDbKind}`, () => {
  it('answers a known address with the documented message while its mail is not yet written', async () => {
    const confirmed = await signUpAndConfirm(t.app, t.database.db);
    const unconfirmed = uniqueEmail('unconfirmed');
    await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: { email: unconfirmed, password },
      remoteAddress: anyIp(),
    });
    const confirmation = await lastMailTo(t.database.db, unconfirmed);

    jobs.close();
    const calls = [
      ['/api/auth/password', { email: confirmed }, accountMessages.resetRequested, confirmed],
      [
        '/api/auth/resend_confirmations_email',
        { email: unconfirmed },
        accountMessages.resent,
        unconfirmed,
      ],
      ['/api/auth', { email: confirmed, password }, accountMessages.signedUp, confirmed],
    ] as const;
    const before = new Map<string, string | undefined>();
    for (const [, , , to] of calls)
      before.set(to, (await listMails(t.database.db, { limit: 1, to }))[0]?.id);
    for (const [url, payload, message] of calls) {
      const res = await t.app.inject({ method: 'POST', url, payload, remoteAddress: anyIp() });
      expect(res.statusCode, url).toBe(200);
      expect(res.json(), url).toEqual({ message });
    }
    for (const [, , , to] of calls)
      expect((await listMails(t.database.db, { limit: 1, to }))[0]?.id, to).toBe(before.get(to));

    jobs.open();
    await jobs.idle();
    const resent = await lastMailTo(t.database.db, unconfirmed, confirmation);
    expect(resent.subject).toMatch(/確認/);
    const mails = await listMails(t.database.db, { limit: 3, to: confirmed });
    expect(mails.map((m) => m.text).join('\n')).toContain('/newPassword?reset_password_token=');
  });
});
