import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createClient, tokenPolicy } from '../../server/auth/tokens';
import { users } from '../../server/db/schema';
import { useTestServer } from './support/app';
import { testDbKind } from './support/database';
import { type AuthHeaders, follow, newSignedInUser, signIn } from './support/session';

const t = useTestServer();

const me = (headers: AuthHeaders) =>
  t.app.inject({ method: 'GET', url: '/api/mypage/me', headers });

describe(`session tokens on ${testDbKind}`, () => {
  it('keeps the token within the batch window and answers a blank access-token', async () => {
    const { headers } = await newSignedInUser(t.app, t.database.db);
    const res = await me(headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-token']).toBe('');
    expect(res.headers.client).toBe(headers.client);
  });

  it('rotates an older token; the old one works only until the new one is used and the grace ends', async () => {
    const { headers } = await newSignedInUser(t.app, t.database.db);
    t.clock.advance(tokenPolicy.batchSeconds);
    const rotated = await me(headers);
    const next = follow(headers, rotated);
    expect(next['access-token']).not.toBe(headers['access-token']);

    expect((await me(headers)).statusCode).toBe(200); // in flight before the client saw the new one
    expect((await me(next)).statusCode).toBe(200); // the client now proves it has the new token
    t.clock.advance(tokenPolicy.graceSeconds - 1);
    expect((await me(headers)).statusCode).toBe(200);
    t.clock.advance(2);
    expect((await me(headers)).statusCode).toBe(401);
    expect((await me(next)).statusCode).toBe(200);
  });

  it('reissues a token when the response carrying the rotated one was lost', async () => {
    const { headers } = await newSignedInUser(t.app, t.database.db);
    t.clock.advance(tokenPolicy.batchSeconds);
    const lost = follow(headers, await me(headers));
    t.clock.advance(tokenPolicy.graceSeconds);
    const retry = await me(headers);
    expect(retry.statusCode).toBe(200);
    const recovered = follow(headers, retry);
    expect(recovered['access-token']).not.toBe(headers['access-token']);
    expect((await me(recovered)).statusCode).toBe(200);
    expect((await me(lost)).statusCode).toBe(401);
  });

  it('ends a session idle for two weeks, and any session after thirty days', async () => {
    const idle = await newSignedInUser(t.app, t.database.db);
    const busy = await newSignedInUser(t.app, t.database.db);
    let busyHeaders = busy.headers;
    for (let day = 0; day < 13; day++) {
      t.clock.advance(24 * 3600);
      const res = await me(busyHeaders);
      expect(res.statusCode).toBe(200);
      busyHeaders = follow(busyHeaders, res);
    }
    t.clock.advance(24 * 3600 + 1);
    expect((await me(idle.headers)).statusCode).toBe(401);
    for (let day = 14; day < 30; day++) {
      t.clock.advance(24 * 3600);
      const res = await me(busyHeaders);
      expect(res.statusCode, `day ${day}`).toBe(day < 29 ? 200 : 401);
      busyHeaders = follow(busyHeaders, res);
    }
  });

  it('keeps at most ten clients per user, ending the least recently used', async () => {
    const { email, headers: first } = await newSignedInUser(t.app, t.database.db);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    const later: AuthHeaders[] = [];
    // Signing in eleven times in a row would trip the sign-in rate limit, so the later clients
    // are made the way sign-in makes them.
    for (let i = 0; i < tokenPolicy.maxClientsPerUser; i++) {
      t.clock.advance(1);
      const session = await createClient(t.database.db, user!.id, t.clock.now());
      later.push({ 'access-token': session.token, client: session.client, uid: email });
    }
    expect((await me(first)).statusCode).toBe(401);
    for (const h of later) expect((await me(h)).statusCode).toBe(200);
  });

  it('refuses forged, mismatched and missing credentials', async () => {
    const { headers } = await newSignedInUser(t.app, t.database.db);
    const other = await newSignedInUser(t.app, t.database.db);
    const cases: Record<string, Partial<AuthHeaders>> = {
      'a forged token': { ...headers, 'access-token': 'AAAAAAAAAAAAAAAAAAAAAA' },
      "another user's uid": { ...headers, uid: other.email },
      "another user's client": { ...headers, client: other.headers.client },
      'no token': { client: headers.client, uid: headers.uid },
      'an unknown client': { ...headers, client: 'nope' },
    };
    for (const [name, h] of Object.entries(cases)) {
      const res = await t.app.inject({ method: 'GET', url: '/api/mypage/me', headers: h });
      expect(res.statusCode, name).toBe(401);
    }
    expect((await me(headers)).statusCode).toBe(200);
  });

  it('signs out one client only', async () => {
    const { email, headers: a } = await newSignedInUser(t.app, t.database.db);
    const b = await signIn(t.app, email);
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/auth/sign_out', headers: a, payload: {} }))
        .statusCode,
    ).toBe(200);
    expect((await me(a)).statusCode).toBe(401);
    expect((await me(b)).statusCode).toBe(200);
  });
});
