import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users, worlds } from '../../server/db/schema';
import { uniqueEmail, useTestServer } from './support/app';
import { testDbKind } from './support/database';
import { anyIp, newSignedInUser, password } from './support/session';

const t = useTestServer();

async function rowCounts() {
  const [u] = await t.database.db.select({ n: count() }).from(users);
  const [w] = await t.database.db.select({ n: count() }).from(worlds);
  return { users: u!.n, worlds: w!.n };
}

const json = { 'content-type': 'application/json' };

describe(`bad input on ${testDbKind} gets a 4xx with a clear message and changes nothing`, () => {
  it.each([
    ['malformed JSON', '{"email": "a@example.com", ', 400, 'JSON の形式が正しくありません。'],
    [
      'a missing field',
      JSON.stringify({ email: 'a@example.com' }),
      400,
      'password: 入力してください。',
    ],
    [
      'a wrong type',
      JSON.stringify({ email: 'a@example.com', password: 12345678 }),
      400,
      'password: 文字列で入力してください。',
    ],
    [
      'a bad e-mail',
      JSON.stringify({ email: 'not-an-address', password }),
      400,
      'email: メールアドレスの形式が正しくありません。',
    ],
    [
      'a too long value',
      JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(129) }),
      400,
      'password: 128文字以下で入力してください。',
    ],
    [
      'a too short password',
      JSON.stringify({ email: 'a@example.com', password: 'short' }),
      400,
      'password: 8文字以上で入力してください。',
    ],
    [
      'an unknown field',
      JSON.stringify({ email: 'a@example.com', password, admin: true }),
      400,
      'admin: 不明な項目です。',
    ],
    ['a body that is not an object', '"hello"', 400, 'オブジェクトで入力してください。'],
    ['an empty body', '', 400, 'JSON の本文が空です。'],
  ])('sign-up with %s', async (_name, payload, status, message) => {
    const before = await rowCounts();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      headers: json,
      payload,
      remoteAddress: anyIp(),
    });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ errors: [message] });
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses a body over 1 MiB with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      headers: json,
      payload: JSON.stringify({ email: 'a@example.com', password, name: 'x'.repeat(1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().errors[0]).toBe('リクエストが大きすぎます。');
  });

  it('refuses a body that is not JSON with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=a@example.com',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().errors).toHaveLength(1);
  });

  it('refuses an unknown enum value and a blank name when creating a world', async () => {
    const { headers } = await newSignedInUser(t.app, t.database.db);
    const before = await rowCounts();
    const badZone = await t.app.inject({
      method: 'POST',
      url: '/api/mypage/worlds',
      headers,
      payload: { name: 'イベント', timeZone: 'Mars/Olympus' },
    });
    expect(badZone.statusCode).toBe(400);
    expect(badZone.json().errors[0]).toBe(
      'timeZone: 次のいずれかを指定してください: Asia/Tokyo, UTC',
    );
    const blank = await t.app.inject({
      method: 'POST',
      url: '/api/mypage/worlds',
      headers,
      payload: { name: '   ' },
    });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors[0]).toBe('name: 入力してください。');
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses a malformed id and query values out of range', async () => {
    const { headers } = await newSignedInUser(t.app, t.database.db);
    const id = await t.app.inject({
      method: 'GET',
      url: '/api/mypage/worlds/1%27%20or%201=1',
      headers,
    });
    expect(id.statusCode).toBe(400);
    expect(id.json().errors[0]).toBe('id: IDの形式が正しくありません。');
    const page = await t.app.inject({ method: 'GET', url: '/api/mypage/worlds?page=0', headers });
    expect(page.statusCode).toBe(400);
    expect(page.json().errors[0]).toBe('page: 1以上の値にしてください。');
    const perPage = await t.app.inject({
      method: 'GET',
      url: '/api/mypage/worlds?perPage=abc',
      headers,
    });
    expect(perPage.statusCode).toBe(400);
  });

  it('stores SQL and HTML in strings as plain text', async () => {
    const { headers } = await newSignedInUser(t.app, t.database.db);
    const name = `'); drop table worlds; -- <script>alert(1)</script>`;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/mypage/worlds',
      headers,
      payload: { name },
    });
    expect(created.statusCode).toBe(201);
    const shown = await t.app.inject({
      method: 'GET',
      url: `/api/mypage/worlds/${created.json().id}`,
      headers,
    });
    expect(shown.json().name).toBe(name);
    expect(shown.headers['content-type']).toContain('application/json');
    expect((await rowCounts()).worlds).toBeGreaterThan(0);
  });

  it('treats an address with different case or spaces as the same account', async () => {
    const email = uniqueEmail('case');
    await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: { email, password },
      remoteAddress: anyIp(),
    });
    // The account is written after the answer (server/http/jobs.ts).
    await t.server.jobs.idle();
    const before = await rowCounts();
    await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: { email: email.toUpperCase(), password },
      remoteAddress: anyIp(),
    });
    await t.server.jobs.idle();
    expect(await rowCounts()).toEqual(before);
  });

  it('answers a confirmation token that was never issued with 422 and a way forward', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/confirmation?confirmation_token=forged',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toContain('確認メールを再送信');
  });
});

describe('rate limits', () => {
  it('refuses the eleventh sign-in for one address within 15 minutes with 429 and Retry-After', async () => {
    const email = uniqueEmail('limited');
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 11; i++) {
      last = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign_in',
        payload: { email, password: 'wrong password' },
        remoteAddress: anyIp(),
      });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    expect(last!.json().errors[0]).toContain('リクエストが多すぎます');
  });

  it('counts only failed sign-ins: the eleventh correct one within 15 minutes succeeds', async () => {
    const { email } = await newSignedInUser(t.app, t.database.db);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign_in',
        payload: { email, password },
        remoteAddress: anyIp(),
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual(Array(11).fill(200));
    // Failures still count towards the same address's limit, after those successes.
    for (let i = 0; i < 10; i++)
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign_in',
        payload: { email, password: 'wrong password' },
        remoteAddress: anyIp(),
      });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign_in',
      payload: { email, password },
      remoteAddress: anyIp(),
    });
    expect(refused.statusCode).toBe(429);
  });

  it('refuses a flood of reset requests from one IP over many addresses', async () => {
    const ip = '198.51.100.7';
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/password',
        payload: { email: uniqueEmail('flood') },
        remoteAddress: ip,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(statuses[20]).toBe(429);
  });
});

describe('form rules shared with the browser (src/domain/forms)', () => {
  it('refuses a blank password on sign-in with the form message, 422', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign_in',
      payload: { email: 'a@example.com', password: '   ' },
      remoteAddress: anyIp(),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: ['password: 入力してください。'] });
  });

  it('refuses a confirmation that differs from the password and creates no account', async () => {
    const before = await rowCounts();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: {
        email: uniqueEmail('mismatch'),
        password,
        password_confirmation: 'something else',
      },
      remoteAddress: anyIp(),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      errors: ['password_confirmation: パスワード（確認）がパスワードと一致しません。'],
    });
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses a blank name on the account and keeps the old one', async () => {
    const { headers } = await newSignedInUser(t.app, t.database.db);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/mypage/me',
      headers,
      payload: { name: '  ' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: ['name: 入力してください。'] });
  });
});
