import { checkUpload, expiresAt, newKey, purposes } from './storage';
import { refuseGuests } from '../guests/guard';
import { sendCsv } from '../http/csv';
import { HttpError } from '../http/errors';
import { limitAttempts } from '../http/rate-limit';
import type { Handlers } from '../openapi/handler-types';
import { insights } from '../users/insights';
import { actionCsvRows, aggregate } from '../users/user-actions';
import { forbiddenMessage, memberRole } from '../worlds/access';

export const fileHandlers: Handlers = {
  async presignFileUpload(req, reply) {
    const { database, files, now } = req.server.deps;
    await limitAttempts(req, 'uploads');
    const { purpose, contentType, byteSize, worldId } = req.body;
    checkUpload({ purpose, contentType, byteSize, worldId });
    // An icon belongs to an account's profile, which a guest does not have (docs/product.md §4).
    if (purpose === 'userIcon') await refuseGuests(req);
    const userId = req.auth.user.id;
    if (worldId) {
      const role = await memberRole(database.db, worldId, userId);
      if (role !== 'owner' && role !== 'staff') throw new HttpError(403, forbiddenMessage);
    }
    const key = newKey(purpose, purposes[purpose].world ? worldId! : userId, contentType);
    reply.code(201);
    return files.presignPut({
      key,
      contentType,
      byteSize,
      expiresAt: expiresAt(now()),
      isPublic: true,
    });
  },

  /** Batches of user actions always go to this server, which reads them into the database. */
  async createUserActionPresignedUrl(req, reply) {
    const { database, uploads, now } = req.server.deps;
    await limitAttempts(req, 'uploads');
    const { worldId, byteSize } = req.body;
    const userId = req.auth.user.id;
    if (!(await memberRole(database.db, worldId, userId)))
      throw new HttpError(403, forbiddenMessage);
    const key = newKey('user-actions', `${worldId}/${userId}`, 'application/x-ndjson');
    reply.code(201);
    return uploads.presignPut({
      key,
      contentType: 'application/x-ndjson',
      byteSize,
      expiresAt: expiresAt(now()),
      isPublic: false,
    });
  },

  async aggregateUserActions(req) {
    return aggregate(req.server.deps.database.db, req.world.id, req.query);
  },

  async getWorldInsights(req) {
    const { database, now } = req.server.deps;
    return insights(database.db, req.world.id, req.query, now());
  },

  async downloadUserActions(req, reply) {
    const rows = await actionCsvRows(req.server.deps.database.db, req.world.id, req.query);
    return sendCsv(
      reply,
      `user-actions_${req.query.from.slice(0, 10)}_${req.query.to.slice(0, 10)}.csv`,
      rows,
    );
  },
};
