import { limitPerUser } from '../http/rate-limit';
import { readLayout } from '../layouts/layouts';
import { ringBell } from './bell';
import type { Handlers } from '../openapi/handler-types';
import { informationBoard, listEntries, recordEntry, updateInformationBoard } from './notices';
import { memberOutline, publicOutline, worldAbstract, worldView } from './world-view';

/** A world as its members and visitors see it (/api/worlds/{id}/..., /api/world_outlines/{id}). */
export const worldViewHandlers: Handlers = {
  async getWorld(req) {
    const { database, now } = req.server.deps;
    return worldView(database.db, req.world.id, req.world.role, now());
  },

  async getWorldOutline(req) {
    const { database, now } = req.server.deps;
    return memberOutline(database.db, req.world.id, req.world.role, now());
  },

  async getWorldAbstract(req) {
    return worldAbstract(req.server.deps.database.db, req.world.id);
  },

  async getPublicWorldOutline(req) {
    const { database, now } = req.server.deps;
    return publicOutline(database.db, req.params.id, now());
  },

  async getWorldLayout(req) {
    return readLayout(req.server.deps.database.db, req.world.id);
  },

  async getInformationBoard(req) {
    return informationBoard(req.server.deps.database.db, req.world.id);
  },

  async updateInformationBoard(req) {
    const { database, realtime, now } = req.server.deps;
    return updateInformationBoard(database.db, realtime.publish, req.world.id, req.body, now());
  },

  async ringBell(req, reply) {
    const { database, realtime, now } = req.server.deps;
    await limitPerUser(req, 'bellCalling', req.world.id);
    reply.code(201);
    const { id, name } = req.auth.user;
    return ringBell(database.db, realtime.publish, req.world.id, { id, name }, req.body, now());
  },

  async createEnterNotification(req, reply) {
    const { database, realtime, now } = req.server.deps;
    await limitPerUser(req, 'enterNotification', req.world.id);
    reply.code(201);
    return recordEntry(database.db, realtime.publish, req.world.id, req.auth.user.id, now());
  },

  async listEnterNotifications(req) {
    const { page, perPage } = req.query;
    return listEntries(req.server.deps.database.db, req.world.id, page, perPage);
  },
};
