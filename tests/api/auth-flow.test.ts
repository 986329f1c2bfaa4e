import { describe, expect, it } from 'vitest';
import { accountMessages } from '../../server/auth/accounts';
import { lastMailTo, uniqueEmail, useTestServer } from './support/app';
import { testDbKind } from './support/database';
import { anyIp, follow, password, signIn } from './support/session';

const t = useTestServer();

describe(`the account lifecycle on ${testDbKind}`, () => {
  it('walks sign up, mail, confirm, sign in, concurrent authorized calls, sign out', async () => {
    const email = uniqueEmail('walk');

    const up = await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: { email, password, name: '山田 花子' },
    });
    expect(up.statusCode).toBe(200);

    const mail = await lastMailTo(t.database.db, email);
    expect(mail.subject).toMatch(/確認/);
    expect(mail.link).toMatch(/^http:\/\/app\.test\/confirmation\?confirmation_token=/);

    const early = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign_in',
      payload: { email, password },
    });
    expect(early.statusCode).toBe(401);
    expect(early.json().errors[0]).toContain('確認メールを再送信');

    const confirm = await t.app.inject({
      method: 'GET',
      url: `/api/auth/confirmation?confirmation_token=${mail.token}`,
    });
    expect(confirm.statusCode).toBe(200);

    let headers = await signIn(t.app, email);
    const me = await t.app.inject({ method: 'GET', url: '/api/mypage/me', headers });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email, name: '山田 花子', isGuest: false });

    // A page fires many requests with one token; the token is old enough to be rotated.
    t.clock.advance(10);
    const burst = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({ method: 'GET', url: '/api/mypage/worlds', headers }),
      ),
    );
    expect(burst.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const rotated = burst.map((r) => r.headers['access-token']).filter((v) => v !== '');
    expect(rotated).toHaveLength(1);
    for (const r of burst) headers = follow(headers, r);
    const after = await t.app.inject({ method: 'GET', url: '/api/auth/validate_token', headers });
    expect(after.statusCode).toBe(200);
    expect(after.json().data.email).toBe(email);

    const out = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/sign_out',
      headers,
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    const refused = await t.app.inject({ method: 'GET', url: '/api/mypage/me', headers });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ errors: ['ログインもしくはアカウント登録してください。'] });
  });

  it('answers sign-up the same for a registered address, and mails its owner instead', async () => {
    const email = uniqueEmail('dup');
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: { email, password },
      remoteAddress: anyIp(),
    });
    const confirmation = await lastMailTo(t.database.db, email);
    await t.app.inject({
      method: 'GET',
      url: `/api/auth/confirmation?confirmation_token=${confirmation.token}`,
    });
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: { email: email.toUpperCase(), password: 'another password' },
      remoteAddress: anyIp(),
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: { email: uniqueEmail('fresh'), password },
      remoteAddress: anyIp(),
    });
    expect(second.statusCode).toBe(first.statusCode);
    expect(second.body).toBe(first.body);
    expect(unknown.body).toBe(first.body);
    expect((await lastMailTo(t.database.db, email, confirmation)).text).toContain('/resetPassword');
  });

  it('resends confirmation with the same answer for unknown addresses, and only the new link works', async () => {
    const email = uniqueEmail('resend');
    await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: { email, password },
      remoteAddress: anyIp(),
    });
    const old = await lastMailTo(t.database.db, email);
    const known = await t.app.inject({
      method: 'POST',
      url: '/api/auth/resend_confirmations_email',
      payload: { email },
      remoteAddress: anyIp(),
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/resend_confirmations_email',
      payload: { email: uniqueEmail('nobody') },
      remoteAddress: anyIp(),
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    const fresh = await lastMailTo(t.database.db, email, old);
    expect(fresh.token).not.toBe(old.token);
    const stale = await t.app.inject({
      method: 'GET',
      url: `/api/auth/confirmation?confirmation_token=${old.token}`,
    });
    expect(stale.statusCode).toBe(422);
    const ok = await t.app.inject({
      method: 'GET',
      url: `/api/auth/confirmation?confirmation_token=${fresh.token}`,
    });
    expect(ok.statusCode).toBe(200);
    // Opening the same link again (a mail client prefetch, a second click) is harmless.
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/auth/confirmation?confirmation_token=${fresh.token}`,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toContain('確認済み');
  });

  it('refuses a wrong password and an unknown address with the same message', async () => {
    const email = uniqueEmail('wrong');
    await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: { email, password },
      remoteAddress: anyIp(),
    });
    const { token } = await lastMailTo(t.database.db, email);
    await t.app.inject({
      method: 'GET',
      url: `/api/auth/confirmation?confirmation_token=${token}`,
    });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign_in',
      payload: { email, password: 'not the password' },
      remoteAddress: anyIp(),
    });
    const nobody = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign_in',
      payload: { email: uniqueEmail('x'), password },
      remoteAddress: anyIp(),
    });
    expect(wrong.statusCode).toBe(401);
    expect(nobody.statusCode).toBe(401);
    expect(wrong.body).toBe(nobody.body);
  });

  it('resets a password through the mailed link, ending every session', async () => {
    const email = uniqueEmail('reset');
    await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: { email, password },
      remoteAddress: anyIp(),
    });
    const confirmation = await lastMailTo(t.database.db, email);
    await t.app.inject({
      method: 'GET',
      url: `/api/auth/confirmation?confirmation_token=${confirmation.token}`,
    });
    const headers = await signIn(t.app, email);

    const known = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      payload: { email },
      remoteAddress: anyIp(),
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      payload: { email: uniqueEmail('none') },
      remoteAddress: anyIp(),
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    const mail = await lastMailTo(t.database.db, email, confirmation);
    expect(mail.link).toMatch(/^http:\/\/app\.test\/newPassword\?reset_password_token=/);

    const mismatch = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/password',
      payload: {
        reset_password_token: mail.token,
        password: 'a new password',
        password_confirmation: 'different one',
      },
    });
    expect(mismatch.statusCode).toBe(422);
    const reset = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/password',
      payload: {
        reset_password_token: mail.token,
        password: 'a new password',
        password_confirmation: 'a new password',
      },
    });
    expect(reset.statusCode).toBe(200);
    const reused = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/password',
      payload: {
        reset_password_token: mail.token,
        password: 'third password',
        password_confirmation: 'third password',
      },
    });
    expect(reused.statusCode).toBe(422);
    expect((await t.app.inject({ method: 'GET', url: '/api/mypage/me', headers })).statusCode).toBe(
      401,
    );
    await expect(signIn(t.app, email)).rejects.toThrow(/401/);
    expect((await signIn(t.app, email, 'a new password')).client).toBeTruthy();
  });

  it("honours devise_token_auth's confirm_success_url and redirect_url of this site, and refuses others with 400", async () => {
    const email = uniqueEmail('dta');
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, payload, remoteAddress: anyIp() });
    const foreign = 'https://evil.example/mypage';
    for (const [url, payload] of [
      // Another address: refused requests count towards the per-address mail limit too.
      ['/api/auth', { email: uniqueEmail('dta'), password, confirm_success_url: foreign }],
      ['/api/auth/password', { email: uniqueEmail('dta'), redirect_url: foreign }],
      [
        '/api/auth/resend_confirmations_email',
        { email: uniqueEmail('dta'), redirect_url: 'http://app.test.evil.example/' },
      ],
    ] as const) {
      const refused = await post(url, payload);
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json()).toEqual({ errors: [accountMessages.foreignRedirect] });
    }

    const next = '/mypage/worlds?tab=1';
    expect(
      (await post('/api/auth', { email, password, confirm_success_url: `http://app.test${next}` }))
        .statusCode,
    ).toBe(200);
    const confirmation = await lastMailTo(t.database.db, email);
    expect(new URL(confirmation.link!).searchParams.get('redirect_url')).toBe(next);
    expect(
      (
        await post('/api/auth/resend_confirmations_email', {
          email,
          redirect_url: `http://app.test${next}`,
        })
      ).statusCode,
    ).toBe(200);
    const resent = await lastMailTo(t.database.db, email, confirmation);
    expect(new URL(resent.link!).searchParams.get('redirect_url')).toBe(next);
    expect(
      (await post('/api/auth/password', { email, redirect_url: 'http://app.test/worlds/w1' }))
        .statusCode,
    ).toBe(200);
    const reset = new URL((await lastMailTo(t.database.db, email, resent)).link!);
    expect(reset.pathname).toBe('/newPassword');
    expect(reset.searchParams.get('redirect_url')).toBe('/worlds/w1');
  });
});
