import type { Handlers } from '../openapi/handler-types';
import {
  createGroup,
  deleteGroup,
  getGroup,
  listGroups,
  sameGroupWorlds,
  updateGroup,
} from './groups';
import { limitAttempts } from '../http/rate-limit';
import { resolveWorldId, setSlug, worldUrls } from './urls';

/** World groups, a world's URLs and URL name (server/worlds/groups.ts, urls.ts). */
export const worldGroupHandlers: Handlers = {
  async listWorldGroups(req) {
    return listGroups(req.server.deps.database.db, req.auth.user.id);
  },

  async createWorldGroup(req, reply) {
    const { database, now } = req.server.deps;
    const group = await createGroup(database.db, req.auth.user.id, req.body, now());
    reply.code(201);
    return group;
  },

  async getWorldGroup(req) {
    return getGroup(req.server.deps.database.db, req.auth.user.id, req.params.id);
  },

  async updateWorldGroup(req) {
    const { database, now } = req.server.deps;
    return updateGroup(database.db, req.auth.user.id, req.params.id, req.body, now());
  },

  async deleteWorldGroup(req, reply) {
    await deleteGroup(req.server.deps.database.db, req.auth.user.id, req.params.id);
    return reply.code(204).send();
  },

  async listSameGroupWorlds(req) {
    return sameGroupWorlds(req.server.deps.database.db, req.auth.user.id, req.world.id);
  },

  async getWorldUrls(req) {
    const { database, config } = req.server.deps;
    return worldUrls(database.db, req.world.id, config.appUrl);
  },

  async updateWorldUrl(req) {
    const { database, config } = req.server.deps;
    return setSlug(database.db, req.world.id, req.body.slug, config.appUrl);
  },

  async resolveWorldId(req) {
    await limitAttempts(req, 'worldIdLookup');
    return resolveWorldId(req.server.deps.database.db, req.params.id);
  },
};
