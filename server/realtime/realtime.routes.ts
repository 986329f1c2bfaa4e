import { realtimeCloseCodes } from '../../src/domain/realtime';
import { refuseRemoved } from '../meetings/removals';
import { limitPerUser } from '../http/rate-limit';
import type { Handlers } from '../openapi/handler-types';
import { actorRoleIn, roomMemberCounts, rtmMessages, targetRole } from './rooms';
import { createTicket } from './tickets';

export const realtimeHandlers: Handlers = {
  async createRealtimeTicket(req, reply) {
    const { database, now } = req.server.deps;
    await limitPerUser(req, 'realtimeTicket', req.world.id);
    await refuseRemoved(database.db, req.world.id, req.auth.user.id);
    reply.code(201);
    return createTicket(database.db, req.world.id, req.auth.user.id, now());
  },

  async getRoomMemberCounts(req) {
    const { database, realtime } = req.server.deps;
    return roomMemberCounts(database.db, realtime, req.auth.user.id, req.query.roomIds);
  },

  async disconnectRtmUser(req) {
    const { database, realtime } = req.server.deps;
    const { worldId, userId } = req.body;
    const actor = await actorRoleIn(database.db, worldId, req.auth.user.id);
    await targetRole(database.db, worldId, actor, userId, {
      owner: rtmMessages.cannotDisconnectOwner,
      staff: rtmMessages.staffCannotDisconnectStaff,
    });
    await realtime.disconnect(worldId, userId, realtimeCloseCodes.disconnected);
    return { message: '接続を切断しました。' };
  },
};
