import { getIntroduction, listBadges, replaceBadges, saveIntroduction } from './enter-page';
import { createLink, instantEntranceJson, listLinks, revokeLink } from './links';
import { createGuest, getGuest, listGuests, updateGuest } from './world-guests';
import { limitAttempts } from '../http/rate-limit';
import type { Handlers } from '../openapi/handler-types';

/** A world's guests, instant entrances and enter-guest page (server/guests). */
export const worldGuestHandlers: Handlers = {
  async listGuests(req) {
    const { database, config } = req.server.deps;
    const { page, perPage, q } = req.query;
    return listGuests(database.db, req.world.id, { page, perPage, q }, config.appUrl);
  },

  async createGuest(req, reply) {
    const { database, config, now } = req.server.deps;
    // Mailing an entry link sends mail to an address someone typed: the invitation limit.
    if (req.body.email !== undefined) await limitAttempts(req, 'invitations', req.auth.user.email);
    const guest = await createGuest(
      database.db,
      req.world.id,
      req.auth.user,
      req.body,
      config.appUrl,
      now(),
    );
    reply.code(201);
    return guest;
  },

  async getGuest(req) {
    const { database, config } = req.server.deps;
    return getGuest(database.db, req.auth.user, req.params.id, config.appUrl);
  },

  async updateGuest(req) {
    const { database, config, now } = req.server.deps;
    return updateGuest(database.db, req.auth.user, req.params.id, req.body, config.appUrl, now());
  },

  async listInstantEntrances(req) {
    const { database, config, now } = req.server.deps;
    const links = await listLinks(database.db, req.world.id, 'instant');
    return { items: links.map((link) => instantEntranceJson(link, config.appUrl, now())) };
  },

  async createInstantEntrance(req, reply) {
    const { database, config, now } = req.server.deps;
    const link = await createLink(
      database.db,
      req.world.id,
      req.auth.user.id,
      req.body,
      now(),
      'instant',
    );
    reply.code(201);
    return instantEntranceJson(link, config.appUrl, now());
  },

  async deleteInstantEntrance(req, reply) {
    const { database, now } = req.server.deps;
    await revokeLink(database.db, req.world.id, req.params.id, now(), 'instant');
    return reply.code(204).send();
  },

  async getEnterGuestEditableIntroduction(req) {
    return getIntroduction(req.server.deps.database.db, req.world.id);
  },

  async saveEnterGuestEditableIntroduction(req) {
    const { database, now } = req.server.deps;
    return saveIntroduction(database.db, req.world.id, req.body, now());
  },

  async listEnterGuestEditableBadges(req) {
    return listBadges(req.server.deps.database.db, req.world.id);
  },

  async replaceEnterGuestEditableBadges(req) {
    return replaceBadges(req.server.deps.database.db, req.world.id, req.body.items);
  },
};
