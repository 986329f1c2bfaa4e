import { worldMembers, type WorldRole } from '../../../server/db/schema';
import type { useTestServer } from './app';
import { type AuthHeaders, anyIp, createWorld, newSignedInUser } from './session';

type T = ReturnType<typeof useTestServer>;
export type Person = { email: string; headers: AuthHeaders; id: string };

/** Accounts, worlds and memberships for the membership tests, on one test server. */
export function membershipCalls(t: T) {
  return {
    person: (): Promise<Person> => newSignedInUser(t.app, t.database.db),
    world: (headers: AuthHeaders, name?: string) => createWorld(t.app, headers, name),
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
