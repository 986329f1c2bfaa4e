import {
  getReservedDate,
  getDate,
  holdDate,
  listDates,
  refreshDates,
  tieReservedDate,
  updateDate,
} from './calendar';
import type { Handlers } from '../openapi/handler-types';
import { cancelDate } from '../payments/date-cancellation';
import { paymentDeps } from '../payments/payments.routes';

export const calendarHandlers: Handlers = {
  async listCalendarDates(req) {
    const { database, now } = req.server.deps;
    return listDates(database.db, req.world.id, req.query, now());
  },

  async createCalendarDate(req, reply) {
    const { database, now } = req.server.deps;
    const date = await holdDate(database.db, req.world.id, req.body, now());
    reply.code(201);
    return date;
  },

  async refreshCalendarDates(req) {
    const { database, now } = req.server.deps;
    return refreshDates(database.db, req.world.id, now());
  },

  async getCalendarDate(req) {
    const { database, now } = req.server.deps;
    return getDate(database.db, req.world.id, req.params.id, now());
  },

  async updateCalendarDate(req) {
    const { database, now } = req.server.deps;
    return updateDate(database.db, req.world.id, req.params.id, req.body, now());
  },

  async deleteCalendarDate(req, reply) {
    await cancelDate(paymentDeps(req), req.world.id, req.params.id);
    return reply.code(204).send();
  },

  async getReservedCalendarDate(req) {
    const { database, now } = req.server.deps;
    return getReservedDate(database.db, req.world.id, req.params.id, now());
  },

  async updateReservedCalendarDate(req) {
    const { database, now } = req.server.deps;
    return tieReservedDate(
      database.db,
      req.world.id,
      req.params.id,
      req.body.eventAnnouncementId,
      now(),
    );
  },
};
