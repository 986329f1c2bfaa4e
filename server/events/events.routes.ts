import {
  createAnnouncement,
  deleteAnnouncement,
  getAnnouncement,
  listAnnouncements,
  updateAnnouncement,
} from './announcements';
import { confirm, getPublic, listPublic, register, registrationMessages } from './registrations';
import { HttpError } from '../http/errors';
import { limitAttempts } from '../http/rate-limit';
import type { Handlers } from '../openapi/handler-types';

export const eventHandlers: Handlers = {
  async listEventAnnouncements(req) {
    const { database, now } = req.server.deps;
    const { page, perPage } = req.query;
    return listAnnouncements(database.db, req.world.id, page, perPage, now());
  },

  async createEventAnnouncement(req, reply) {
    const { database, now } = req.server.deps;
    const created = await createAnnouncement(database.db, req.world.id, req.body, now());
    reply.code(201);
    return created;
  },

  async getEventAnnouncement(req) {
    const { database, now } = req.server.deps;
    return getAnnouncement(database.db, req.world.id, req.params.id, now());
  },

  async updateEventAnnouncement(req) {
    const { database, now } = req.server.deps;
    return updateAnnouncement(database.db, req.world.id, req.params.id, req.body, now());
  },

  async deleteEventAnnouncement(req, reply) {
    const { database, now } = req.server.deps;
    await deleteAnnouncement(database.db, req.world.id, req.params.id, now());
    return reply.code(204).send();
  },

  async listPublicEventAnnouncements(req) {
    const { database, now } = req.server.deps;
    const { page, perPage, worldId, from } = req.query;
    return listPublic(database.db, { page, perPage, worldId, from }, now());
  },

  async getPublicEventAnnouncement(req) {
    const { database, now } = req.server.deps;
    return getPublic(database.db, req.params.id, now());
  },

  async registerEventEmail(req, reply) {
    const { database, config, botCheck, now } = req.server.deps;
    await limitAttempts(req, 'eventRegistration', req.body.email);
    if (botCheck) {
      const human = await botCheck
        .verify(req.body.botToken, 'registerEvent', req.ip)
        .catch((err: unknown) => {
          req.log.error({ err }, 'bot check unavailable');
          return false;
        });
      if (!human) throw new HttpError(422, registrationMessages.botCheckFailed);
    }
    const answer = await register(
      database.db,
      config.appUrl,
      req.params.event_announcement_id,
      req.body,
      now(),
    );
    req.server.deps.mailWritten();
    reply.code(201);
    return answer;
  },

  async confirmEventRegistration(req) {
    const { database, config, now } = req.server.deps;
    await limitAttempts(req, 'eventConfirmation');
    const registration = await confirm(
      database.db,
      config.appUrl,
      req.params.event_announcement_id,
      req.body.token,
      now(),
    );
    req.server.deps.mailWritten();
    return registration;
  },
};
