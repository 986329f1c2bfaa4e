import type { FastifyReply, FastifyRequest } from 'fastify';
import { sessionHeaders } from '../auth/hook';
import { authenticate } from '../auth/tokens';
import { userJson } from '../auth/user-json';
import { deleteGuest, enterWithLink, guestMessages } from './guests';
import {
  createLink,
  getLink,
  linkInfo,
  linkJson,
  listLinks,
  revokeLink,
  updateLink,
} from './links';
import { enterInstantly, instantAccessRight } from './instant-entry';
import { HttpError } from '../http/errors';
import { limitAttempts } from '../http/rate-limit';
import type { Handlers } from '../openapi/handler-types';

/** Guest entry creates a user per call: limited per IP and, when configured, bot-checked. */
async function admitVisitor(req: FastifyRequest, action: string, botToken: string | undefined) {
  const { botCheck } = req.server.deps;
  await limitAttempts(req, 'guestEntry');
  if (!botCheck) return;
  const human = await botCheck.verify(botToken, action, req.ip).catch((err: unknown) => {
    req.log.error({ err }, 'bot check unavailable');
    return false;
  });
  if (!human) throw new HttpError(422, guestMessages.botCheckFailed);
}

/**
 * Who is entering, when the browser still holds a session (these routes need none): a guest
 * removed from the world cannot come back in through another link (ADR 016). A rotated token
 * goes back in the answer's headers like on any call.
 */
async function callerOf(req: FastifyRequest): Promise<string | null> {
  const [token, client, uid] = ['access-token', 'client', 'uid'].map((name) => {
    const value = req.headers[name];
    return typeof value === 'string' ? value : '';
  });
  if (!token || !client || !uid) return null;
  const { database, now } = req.server.deps;
  req.auth = await authenticate(database.db, { token, client, uid }, now());
  return req.auth?.user.id ?? null;
}

type Entry = Awaited<ReturnType<typeof enterWithLink>>;

/** 201 with the guest's session in the headers (as sign-in answers). */
function entered(reply: FastifyReply, { user, worldId, session }: Entry) {
  reply.code(201);
  reply.headers(
    sessionHeaders({
      user,
      client: session.client,
      newToken: session.token,
      expiry: session.expiry,
    }),
  );
  return { data: userJson(user), worldId };
}

export const guestHandlers: Handlers = {
  async listWorldGuestTokens(req) {
    const { database, config } = req.server.deps;
    const links = await listLinks(database.db, req.world.id);
    return { items: links.map((link) => linkJson(link, config.appUrl)) };
  },

  async createWorldGuestToken(req, reply) {
    const { database, config, now } = req.server.deps;
    const link = await createLink(database.db, req.world.id, req.auth.user.id, req.body, now());
    reply.code(201);
    return linkJson(link, config.appUrl);
  },

  async getWorldGuestToken(req) {
    const { database, config } = req.server.deps;
    return linkJson(await getLink(database.db, req.world.id, req.params.id), config.appUrl);
  },

  async updateWorldGuestToken(req) {
    const { database, config, now } = req.server.deps;
    return linkJson(
      await updateLink(database.db, req.world.id, req.params.id, req.body, now()),
      config.appUrl,
    );
  },

  async deleteWorldGuestToken(req, reply) {
    const { database, now } = req.server.deps;
    await revokeLink(database.db, req.world.id, req.params.id, now());
    return reply.code(204).send();
  },

  async getWorldGuestTokenInfo(req) {
    const { database, now } = req.server.deps;
    return linkInfo(database.db, req.params.id, now());
  },

  async enterWithGuestToken(req, reply) {
    const { database, now } = req.server.deps;
    await admitVisitor(req, 'enterGuest', req.body.botToken);
    const callerId = await callerOf(req);
    return entered(
      reply,
      await enterWithLink(database.db, req.params.id, { ...req.body, callerId }, now()),
    );
  },

  async getMyInstantEnterAccessRight(req) {
    const { database, now } = req.server.deps;
    return instantAccessRight(
      database.db,
      req.params.id,
      req.query.token,
      now(),
      await callerOf(req),
    );
  },

  async createMyInstantEnterAccessRight(req, reply) {
    const { database, now } = req.server.deps;
    await admitVisitor(req, 'instantEnter', req.body.botToken);
    return entered(
      reply,
      await enterInstantly(
        database.db,
        req.params.id,
        req.body.token,
        req.body.name,
        now(),
        await callerOf(req),
      ),
    );
  },

  async deleteGuest(req, reply) {
    await deleteGuest(req.server.deps.database.db, req.auth.user.id, req.params.id);
    return reply.code(204).send();
  },
};
