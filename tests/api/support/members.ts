import { expect } from 'vitest';
import { worldMembers, type WorldRole } from '../../../server/db/schema';
import type { useTestServer } from './app';
import { type AuthHeaders, anyIp, newSignedInUser } from './session';

type T = ReturnType<typeof useTestServer>;
export type Person = { email: string; headers: AuthHeaders; id: string };

/** Accounts, worlds and memberships for the membership tests, on one test server. */
export function membershipCalls(t: T) {
  return {
    async person(): Promise<Person> {
      const person = await newSignedInUser(t.app, t.database.db);
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/mypage/me',
        headers: person.headers,
      });
      return { ...person, id: me.json().id as string };
    },
    async world(headers: AuthHeaders, name = '夏祭り') {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/mypage/worlds',
        headers,
        payload: { name },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: string; name: string };
    },
    /** A new account with this role in the world, written directly (invitations are tested on their own). */
    async member(worldId: string, role: Exclude<WorldRole, 'guest'>): Promise<Person> {
      const person = await this.person();
      // A second later than the previous member, so that lists in joining order are predictable.
      t.clock.advance(1);
      await t.database.db
        .insert(worldMembers)
        .values({ worldId, userId: person.id, role, createdAt: t.clock.now() });
      return person;
    },
    get(headers: AuthHeaders, url: string) {
      return t.app.inject({ method: 'GET', url, headers });
    },
    send(method: 'POST' | 'PATCH' | 'DELETE', headers: AuthHeaders, url: string, payload?: object) {
      // Each from its own address, so that per-IP limits are only met where a test means to.
      return t.app.inject({
        method,
        url,
        headers,
        remoteAddress: anyIp(),
        ...(payload ? { payload } : {}),
      });
    },
  };
}
