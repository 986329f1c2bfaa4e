import { limitAttempts } from '../http/rate-limit';
import type { Handlers } from '../openapi/handler-types';
import { apiTokenStatus, createApiToken, deleteApiToken, getProfile, listNews } from './users';
import { addBackground, deleteBackground, listBackgrounds } from './virtual-backgrounds';

export const userHandlers: Handlers = {
  async getUser(req) {
    return getProfile(req.server.deps.database.db, req.auth.user.id, req.params.id);
  },

  async getUserPublicApiToken(req) {
    return apiTokenStatus(req.server.deps.database.db, req.auth.user.id);
  },

  async createUserPublicApiToken(req, reply) {
    const { database, now } = req.server.deps;
    await limitAttempts(req, 'apiToken');
    const created = await createApiToken(database.db, req.auth.user.id, now());
    reply.code(201);
    return created;
  },

  async deleteUserPublicApiToken(req, reply) {
    await deleteApiToken(req.server.deps.database.db, req.auth.user.id);
    return reply.code(204).send();
  },

  async listNews(req) {
    const { database, now } = req.server.deps;
    const { page, perPage } = req.query;
    return listNews(database.db, page, perPage, now());
  },

  async listVirtualBackgrounds(req) {
    return listBackgrounds(req.server.deps.database.db, req.auth.user.id);
  },

  async createVirtualBackground(req, reply) {
    const { database, files, now } = req.server.deps;
    await limitAttempts(req, 'uploads');
    const created = await addBackground(database.db, files, req.auth.user.id, req.body, now());
    reply.code(201);
    return created;
  },

  async deleteVirtualBackground(req, reply) {
    const { database, files } = req.server.deps;
    await deleteBackground(database.db, files, req.auth.user.id, req.params.id);
    return reply.code(204).send();
  },
};
