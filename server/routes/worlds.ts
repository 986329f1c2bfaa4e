import type { Handlers } from '../openapi/handler-types';
import { createWorld, getWorld, listWorlds } from '../worlds/worlds';

export const worldHandlers: Handlers = {
  async listMyWorlds(req) {
    const { page = 1, perPage = 20 } = req.query;
    return listWorlds(req.server.deps.database.db, req.auth!.user.id, page, perPage);
  },

  async createWorld(req, reply) {
    const { database, now } = req.server.deps;
    reply.code(201);
    return createWorld(database.db, req.auth!.user.id, req.body, now());
  },

  async getMyWorld(req) {
    return getWorld(req.server.deps.database.db, req.world!.id, req.world!.role);
  },
};
