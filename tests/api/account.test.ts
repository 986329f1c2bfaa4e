import { describe, expect, it } from 'vitest';
import { lastMailTo, uniqueEmail, useTestServer } from './support/app';
import { testDbKind } from './support/database';
import { newSignedInUser, password, signIn } from './support/session';

const t = useTestServer();

describe(`account calls on ${testDbKind}`, () => {
  it('renames the user', async () => {
    const { headers } = await newSignedInUser(t.app, t.database.db);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/mypage/me',
      headers,
      payload: { name: '  佐藤  ' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe('佐藤');
  });

  it('changes the password with the current one, ending the other sessions only', async () => {
    const { email, headers } = await newSignedInUser(t.app, t.database.db);
    const other = await signIn(t.app, email);
    const wrong = await t.app.inject({
      method: 'PATCH',
      url: '/api/mypage/my_password',
      headers,
      payload: {
        currentPassword: 'not it at all',
        password: 'brand new pass',
        passwordConfirmation: 'brand new pass',
      },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual(['現在のパスワードが正しくありません。']);
    const ok = await t.app.inject({
      method: 'PATCH',
      url: '/api/mypage/my_password',
      headers,
      payload: {
        currentPassword: password,
        password: 'brand new pass',
        passwordConfirmation: 'brand new pass',
      },
    });
    expect(ok.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/mypage/me', headers })).statusCode).toBe(
      200,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/mypage/me', headers: other })).statusCode,
    ).toBe(401);
    expect((await lastMailTo(t.database.db, email)).subject).toMatch(/パスワード/);
  });

  it('changes the address once the new one is confirmed, then signs in with it', async () => {
    const { email, headers } = await newSignedInUser(t.app, t.database.db);
    const next = uniqueEmail('moved');
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/mypage/my_email',
      headers,
      payload: { email: next, currentPassword: password },
    });
    expect(res.statusCode).toBe(200);
    const pending = (await t.app.inject({ method: 'GET', url: '/api/mypage/me', headers })).json();
    expect(pending).toMatchObject({ email, unconfirmedEmail: next });
    const { token } = await lastMailTo(t.database.db, next);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/auth/confirmation?confirmation_token=${token}`,
        })
      ).statusCode,
    ).toBe(200);
    // Sessions carried the old address as uid: they end.
    expect((await t.app.inject({ method: 'GET', url: '/api/mypage/me', headers })).statusCode).toBe(
      401,
    );
    await expect(signIn(t.app, email)).rejects.toThrow(/401/);
    const fresh = await signIn(t.app, next);
    const me = (
      await t.app.inject({ method: 'GET', url: '/api/mypage/me', headers: fresh })
    ).json();
    expect(me).toMatchObject({ email: next, unconfirmedEmail: null });
  });

  it('does not reveal that the new address belongs to someone, and changes nothing', async () => {
    const taken = await newSignedInUser(t.app, t.database.db);
    const { email, headers } = await newSignedInUser(t.app, t.database.db);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/mypage/my_email',
      headers,
      payload: { email: taken.email, currentPassword: password },
    });
    expect(res.statusCode).toBe(200);
    const me = (await t.app.inject({ method: 'GET', url: '/api/mypage/me', headers })).json();
    expect(me).toMatchObject({ email, unconfirmedEmail: null });
    expect((await lastMailTo(t.database.db, taken.email)).text).toContain('/resetPassword');
  });
});
