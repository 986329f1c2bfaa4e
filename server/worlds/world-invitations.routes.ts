import { limitAttempts } from '../http/rate-limit';
import type { Handlers } from '../openapi/handler-types';
import { createInvitations, listInvitations } from './invitations';
import { invitationJson } from './invitations';
import { joinByInvitation, worldAbstractByInvitation } from './world-invitations';

/** Attendee invitations of a world and joining with one (server/worlds/world-invitations.ts). */
export const worldInvitationHandlers: Handlers = {
  async listWorldInvitations(req) {
    const { database, now } = req.server.deps;
    const { page, perPage } = req.query;
    const { rows, ...list } = await listInvitations(
      database.db,
      'user',
      req.world.id,
      page,
      perPage,
    );
    return { items: rows.map((row) => invitationJson(row, now())), ...list };
  },

  async createWorldInvitations(req, reply) {
    const { database, config, now } = req.server.deps;
    await limitAttempts(req, 'invitations', req.auth.user.email);
    const input = {
      worldId: req.world.id,
      inviter: req.auth.user,
      ...req.body,
      appUrl: config.appUrl,
    };
    const created = await createInvitations(database.db, 'user', input, now());
    reply.code(201);
    return { items: created.map((row) => invitationJson(row, now())) };
  },

  async createSelfInvitation(req, reply) {
    const { database, now } = req.server.deps;
    const world = await joinByInvitation(database.db, req.auth.user, req.body.token, now());
    reply.code(201);
    return world;
  },

  async getWorldAbstractByInvitation(req) {
    const { database, now } = req.server.deps;
    return worldAbstractByInvitation(database.db, req.query.token, now());
  },
};
