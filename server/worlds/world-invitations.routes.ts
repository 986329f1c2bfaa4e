import type { FastifyReply } from 'fastify';
import { limitAttempts } from '../http/rate-limit';
import type { Handler, Handlers } from '../openapi/handler-types';
import {
  createInvitations,
  invitationJson,
  listInvitations,
  type InvitationRole,
  type InvitationRow,
} from './invitations';
import { joinByInvitation, worldAbstractByInvitation } from './world-invitations';

type ListRequest = Parameters<Handler<'listStaffInvitations' | 'listWorldInvitations'>>[0];
type CreateRequest = Parameters<Handler<'createStaffInvitations' | 'createWorldInvitations'>>[0];

/**
 * Listing and sending one role's invitations, each row answered with `json`: the attendees' here,
 * the staff's in members.routes.ts.
 */
export function invitationHandlers<T>(
  role: InvitationRole,
  json: (row: InvitationRow, now: Date) => T,
) {
  return {
    async list(req: ListRequest) {
      const { database, now } = req.server.deps;
      const { page, perPage } = req.query;
      const { rows, ...list } = await listInvitations(
        database.db,
        role,
        req.world.id,
        page,
        perPage,
      );
      return { items: rows.map((row) => json(row, now())), ...list };
    },

    async create(req: CreateRequest, reply: FastifyReply) {
      const { database, config, now } = req.server.deps;
      await limitAttempts(req, 'invitations', req.auth.user.email);
      const input = {
        worldId: req.world.id,
        inviter: req.auth.user,
        ...req.body,
        appUrl: config.appUrl,
      };
      const created = await createInvitations(database.db, role, input, now());
      reply.code(201);
      return { items: created.map((row) => json(row, now())) };
    },
  };
}

const attendeeInvitations = invitationHandlers('user', invitationJson);

/** Attendee invitations of a world and joining with one (server/worlds/world-invitations.ts). */
export const worldInvitationHandlers: Handlers = {
  listWorldInvitations: attendeeInvitations.list,
  createWorldInvitations: attendeeInvitations.create,

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
