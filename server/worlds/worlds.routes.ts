import { realtimeCloseCodes } from '../../src/domain/realtime';
import type { Handlers } from '../openapi/handler-types';
import { copyWorld, createWorld, deleteWorld, getWorld, listWorlds, updateWorld } from './worlds';
import { useCaseContext } from '../http/use-case';

export const worldHandlers: Handlers = {
  async listMyWorlds(req) {
    const { page, perPage } = req.query;
    return listWorlds(req.server.deps.database.db, req.auth.user.id, page, perPage);
  },

  async createWorld(req, reply) {
    const { database, now } = req.server.deps;
    reply.code(201);
    return createWorld(database.db, req.auth.user.id, req.body, now());
  },

  async getMyWorld(req) {
    return getWorld(req.server.deps.database.db, req.world.id, req.world.role);
  },

  async updateWorld(req) {
    const { database, now } = req.server.deps;
    return updateWorld(database.db, req.world.id, req.world.role, req.body, now());
  },

  async deleteWorld(req, reply) {
    await deleteWorld(useCaseContext(req), req.world.id);
    await req.server.deps.realtime.disconnect(req.world.id, null, realtimeCloseCodes.gone);
    return reply.code(204).send();
  },

  async copyWorld(req, reply) {
    const { database, now } = req.server.deps;
    const world = await copyWorld(database.db, req.world.id, req.auth.user.id, req.body, now());
    reply.code(201);
    return world;
  },
};
