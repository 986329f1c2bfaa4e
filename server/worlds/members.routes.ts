import { HttpError } from '../http/errors';
import { limitAttempts } from '../http/rate-limit';
import type { Handlers } from '../openapi/handler-types';
import {
  acceptStaffInvitation,
  getStaffInvitation,
  resendStaffInvitation,
  revokeStaffInvitations,
  staffInvitationByToken,
  staffInvitationJson,
  invitationMessages,
} from './invitations';
import {
  addOwner,
  changeRole,
  getMember,
  listMembers,
  listOwners,
  memberCounts,
  removeMember,
} from './members';
import { invitationHandlers } from './world-invitations.routes';
import { getWorld } from './worlds';

const staffInvitations = invitationHandlers('staff', staffInvitationJson);

/** Members, roles and staff invitations of a world (server/worlds/members.ts, invitations.ts). */
export const memberHandlers: Handlers = {
  async getWorldMembersCount(req) {
    const { database, realtime } = req.server.deps;
    const [counts, online] = await Promise.all([
      memberCounts(database.db, req.world.id),
      realtime.onlineCount(req.world.id),
    ]);
    return { ...counts, online };
  },

  async listWorldOwners(req) {
    return listOwners(req.server.deps.database.db, req.world.id);
  },

  async addWorldOwner(req, reply) {
    const { database, config, now } = req.server.deps;
    await limitAttempts(req, 'ownerLookup', req.auth.user.email);
    const owner = await addOwner(
      database.db,
      req.world.id,
      req.auth.user,
      req.body,
      config.appUrl,
      now(),
    );
    reply.code(201);
    return owner;
  },

  async listWorldUsers(req) {
    const { page, perPage, q, role } = req.query;
    return listMembers(req.server.deps.database.db, req.world.id, { page, perPage, q, role });
  },

  async getWorldUser(req) {
    return getMember(req.server.deps.database.db, req.world.id, req.params.id);
  },

  async updateWorldUser(req) {
    return changeRole(
      req.server.deps.database.db,
      req.world.id,
      req.auth.user.id,
      req.params.id,
      req.body.role,
    );
  },

  async removeWorldUser(req, reply) {
    await removeMember(req.server.deps.database.db, req.world.id, req.auth.user.id, req.params.id);
    return reply.code(204).send();
  },

  listStaffInvitations: staffInvitations.list,
  createStaffInvitations: staffInvitations.create,

  async getStaffInvitation(req) {
    const { database, now } = req.server.deps;
    return staffInvitationJson(
      await getStaffInvitation(database.db, req.world.id, req.params.id),
      now(),
    );
  },

  async resendStaffInvitation(req) {
    const { database, config, now } = req.server.deps;
    await limitAttempts(req, 'invitations', req.auth.user.email);
    return resendStaffInvitation(
      database.db,
      req.world.id,
      req.params.id,
      req.auth.user,
      config.appUrl,
      now(),
    );
  },

  async deleteStaffInvitation(req, reply) {
    const { database, now } = req.server.deps;
    const revoked = await revokeStaffInvitations(database.db, req.world.id, [req.params.id], now());
    if (revoked === 0) throw new HttpError(404, invitationMessages.notFound);
    return reply.code(204).send();
  },

  async bulkDestroyStaffInvitations(req) {
    const { database, now } = req.server.deps;
    return {
      deletedCount: await revokeStaffInvitations(database.db, req.world.id, req.body.ids, now()),
    };
  },

  async confirmStaffInvitation(req, reply) {
    const { database, now } = req.server.deps;
    const worldId = req.params.world_id;
    await acceptStaffInvitation(database.db, worldId, req.auth.user, req.body.token, now());
    reply.code(201);
    return getWorld(database.db, worldId, 'staff');
  },

  async getStaffInvitationEmail(req) {
    const { database, now } = req.server.deps;
    return staffInvitationByToken(database.db, req.params.id, now());
  },
};
