import { builtInBaseSpaces } from './built-ins';
import { readLayout, saveLayout } from './layouts';
import {
  applyPreset,
  createPreset,
  deletePreset,
  findPreset,
  listPresets,
  renamePreset,
} from './presets';
import { listWorldUserSpaces, moveToSpace, searchWorldUserSpaces } from './world-user-spaces';
import type { Handlers } from '../openapi/handler-types';
import { requireRoleIn } from '../worlds/access';
import { useCaseContext } from '../http/use-case';

const members = ['owner', 'staff', 'user'] as const;

/** A world's space (ADR 015): layouts, base spaces, presets and who is in which space. */
export const layoutHandlers: Handlers = {
  async listBaseSpaces() {
    return { items: builtInBaseSpaces() };
  },

  async getLayout(req) {
    return readLayout(req.server.deps.database.db, req.world!.id);
  },

  async updateLayout(req) {
    return saveLayout(useCaseContext(req), req.world!.id, req.body);
  },

  async updateLayoutByPreset(req) {
    const userId = req.auth!.user.id;
    return applyPreset(useCaseContext(req), req.world!.id, userId, req.body);
  },

  async listWorldUserSpaces(req) {
    const { db } = req.server.deps.database;
    await requireRoleIn(db, req.query.worldId, req.auth!.user.id, members);
    return listWorldUserSpaces(db, req.query.worldId);
  },

  async searchWorldUserSpaces(req) {
    const { db } = req.server.deps.database;
    await requireRoleIn(db, req.query.worldId, req.auth!.user.id, members);
    return searchWorldUserSpaces(db, req.query.worldId, req.query.q);
  },

  async createWorldUserSpace(req, reply) {
    const { database, now } = req.server.deps;
    const { worldId, spaceId } = req.body;
    const userId = req.auth!.user.id;
    await requireRoleIn(database.db, worldId, userId, members);
    reply.code(201);
    return moveToSpace(database.db, worldId, userId, spaceId, now());
  },

  async listPresets(req) {
    return listPresets(req.server.deps.database.db, req.auth!.user.id);
  },

  async getPreset(req) {
    return findPreset(req.server.deps.database.db, req.auth!.user.id, req.params.id);
  },

  async createPreset(req, reply) {
    const { database, now } = req.server.deps;
    reply.code(201);
    return createPreset(database.db, req.auth!.user.id, req.body, now());
  },

  async updatePreset(req) {
    const { database, now } = req.server.deps;
    return renamePreset(database.db, req.auth!.user.id, req.params.id, req.body.name, now());
  },

  async deletePreset(req, reply) {
    await deletePreset(req.server.deps.database.db, req.auth!.user.id, req.params.id);
    return reply.code(204).send();
  },
};
