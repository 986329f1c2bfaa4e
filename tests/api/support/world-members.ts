import { expect } from 'vitest';
import { worldMembers, type WorldRole } from '../../../server/db/schema';
import { mainSpaceId } from '../../../server/worlds/spaces';
import type { useTestServer } from './app';
import { checkoutCalls } from './checkout';
import { anyIp, type AuthHeaders } from './session';

type T = ReturnType<typeof useTestServer>;

/** An owner's world with a member of each given role: the people of the realtime and meeting tests. */
export function worldPeople(t: T) {
  const api = checkoutCalls(t);
  return {
    async world(roles: Exclude<WorldRole, 'owner' | 'guest'>[] = ['staff', 'user']) {
      const owner = await api.owner();
      const world = await api.world(owner.headers, 'ミーティング会場');
      const members = [];
      for (const role of roles) {
        const member = await api.owner();
        await t.database.db
          .insert(worldMembers)
          .values({ worldId: world.id, userId: member.id, role });
        members.push({ ...member, role });
      }
      const mainSpace = await mainSpaceId(t.database.db, world.id);
      expect(mainSpace).toBeTruthy();
      return { owner, world, members, mainSpace };
    },
    /** A signed-in user who belongs to no world of the test. */
    stranger: () => api.owner(),
    /** A guest who entered the world through a new guest link, with the badge picked if any. */
    async guest(worldId: string, ownerHeaders: AuthHeaders, name: string, badgeId?: string) {
      const link = await t.app.inject({
        method: 'POST',
        url: `/api/mypage/worlds/${worldId}/world_guest_tokens`,
        headers: ownerHeaders,
        payload: {},
      });
      expect(link.statusCode, link.body).toBe(201);
      const entered = await t.app.inject({
        method: 'POST',
        url: `/api/world_guest_tokens/${link.json().token}`,
        payload: { name, ...(badgeId ? { badgeId } : {}) },
        remoteAddress: anyIp(),
      });
      expect(entered.statusCode, entered.body).toBe(201);
      const headers: AuthHeaders = {
        'access-token': String(entered.headers['access-token']),
        client: String(entered.headers.client),
        uid: String(entered.headers.uid),
      };
      return { headers, id: (entered.json() as { data: { id: string } }).data.id };
    },
  };
}
