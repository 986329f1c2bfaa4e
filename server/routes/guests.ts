import { sessionHeaders } from '../auth/hook';
import { userJson } from '../auth/user-json';
import { deleteGuest, enterWithLink, guestMessages } from '../guests/guests';
import { createLink, getLink, linkInfo, linkJson, listLinks, revokeLink, updateLink } from '../guests/links';
import { HttpError } from '../http/errors';
import { limitAttempts } from '../http/rate-limit';
import type { Handlers } from '../openapi/handler-types';

export const guestHandlers: Handlers = {
  async listWorldGuestTokens(req) {
    const { database, config } = req.server.deps;
    const links = await listLinks(database.db, req.world!.id);
    return { items: links.map((link) => linkJson(link, config.appUrl)) };
  },

  async createWorldGuestToken(req, reply) {
    const { database, config, now } = req.server.deps;
    const link = await createLink(database.db, req.world!.id, req.auth!.user.id, req.body, now());
    reply.code(201);
    return linkJson(link, config.appUrl);
  },

  async getWorldGuestToken(req) {
    const { database, config } = req.server.deps;
    return linkJson(await getLink(database.db, req.world!.id, req.params.id), config.appUrl);
  },

  async updateWorldGuestToken(req) {
    const { database, config, now } = req.server.deps;
    return linkJson(await updateLink(database.db, req.world!.id, req.params.id, req.body, now()), config.appUrl);
  },

  async deleteWorldGuestToken(req, reply) {
    const { database, now } = req.server.deps;
    await revokeLink(database.db, req.world!.id, req.params.id, now());
    return reply.code(204).send();
  },

  async getWorldGuestTokenInfo(req) {
    const { database, now } = req.server.deps;
    return linkInfo(database.db, req.params.id, now());
  },

  async enterWithGuestToken(req, reply) {
    const { database, botCheck, now } = req.server.deps;
    await limitAttempts(req, 'guestEntry');
    if (botCheck) {
      const human = await botCheck.verify(req.body.botToken, 'enterGuest', req.ip).catch((err: unknown) => {
        req.log.error({ err }, 'bot check unavailable');
        return false;
      });
      if (!human) throw new HttpError(422, guestMessages.botCheckFailed);
    }
    const { user, worldId, session } = await enterWithLink(database.db, req.params.id, req.body, now());
    reply.code(201);
    reply.headers(sessionHeaders({ user, client: session.client, newToken: session.token, expiry: session.expiry }));
    return { data: userJson(user), worldId };
  },

  async deleteGuest(req, reply) {
    await deleteGuest(req.server.deps.database.db, req.auth!.user.id, req.params.id);
    return reply.code(204).send();
  },
};
