import type { FastifyRequest } from 'fastify';
import * as accounts from './accounts';
import { sessionHeaders } from './hook';
import { createClient, revokeClient } from './tokens';
import { userJson } from './user-json';
import { worldsSeeingIconOf } from './user-icon';
import { limitAttempts } from '../http/rate-limit';
import type { Handlers } from '../openapi/handler-types';
import { useCaseContext } from '../http/use-case';

/** After a commit that wrote mail: deliver it now rather than at the next poll. */
function mailWritten<T>(req: FastifyRequest, result: T): T {
  req.server.deps.mailWritten();
  return result;
}

/** Mail work that runs after the answer (accounts.AfterAnswer), then wakes delivery. */
function afterAnswer(req: FastifyRequest, name: string): accounts.AfterAnswer {
  const { jobs, mailWritten } = req.server.deps;
  return (job) =>
    jobs.run(name, async () => {
      await job();
      mailWritten();
    });
}

export const authHandlers: Handlers = {
  async signUp(req) {
    await limitAttempts(req, 'mail', req.body.email);
    return accounts.signUp(useCaseContext(req), afterAnswer(req, 'sign-up'), req.body);
  },

  async signIn(req, reply) {
    await limitAttempts(req, 'signIn', req.body.email, 'check');
    const { db } = req.server.deps.database;
    const user = await accounts.checkCredentials(db, req.body).catch(async (err: unknown) => {
      await limitAttempts(req, 'signIn', req.body.email); // a failure counts
      throw err;
    });
    const session = await createClient(db, user.id, req.server.deps.now());
    reply.headers(
      sessionHeaders({
        user,
        client: session.client,
        newToken: session.token,
        expiry: session.expiry,
      }),
    );
    return { data: userJson(user) };
  },

  async signOut(req, reply) {
    await revokeClient(req.server.deps.database.db, req.auth.clientRowId);
    // An access-token header already set keeps authHeaders from answering with the ended session.
    reply.header('access-token', '');
    return { success: true };
  },

  async validateToken(req) {
    return { success: true, data: userJson(req.auth.user) };
  },

  async requestPasswordReset(req) {
    await limitAttempts(req, 'mail', req.body.email);
    return accounts.requestPasswordReset(
      useCaseContext(req),
      afterAnswer(req, 'password reset'),
      req.body,
    );
  },

  async updatePasswordWithToken(req) {
    return mailWritten(req, await accounts.resetPassword(useCaseContext(req), req.body));
  },

  async confirmEmail(req) {
    return accounts.confirmEmail(useCaseContext(req), req.query.confirmation_token);
  },

  async resendConfirmation(req) {
    await limitAttempts(req, 'mail', req.body.email);
    return accounts.resendConfirmation(
      useCaseContext(req),
      afterAnswer(req, 'resend confirmation'),
      req.body,
    );
  },
};

export const accountHandlers: Handlers = {
  async getMe(req) {
    return userJson(req.auth.user);
  },

  async updateMe(req) {
    const { files, database, realtime } = req.server.deps;
    const before = req.auth.user.iconUrl;
    const user = await accounts.updateProfile(useCaseContext(req), files, req.auth.user, req.body);
    // Everyone in the person's worlds draws the new icon at once (docs/product.md §4 アイコン).
    if (user.iconUrl !== before)
      for (const worldId of await worldsSeeingIconOf(database.db, user.id))
        await realtime.publish(
          worldId,
          { everyone: true },
          { type: 'presence.icon', userId: user.id, iconUrl: user.iconUrl },
        );
    return userJson(user);
  },

  async updateMyEmail(req) {
    return mailWritten(
      req,
      await accounts.requestEmailChange(useCaseContext(req), req.auth.user, req.body),
    );
  },

  async updateMyPassword(req) {
    const { user, clientRowId } = req.auth;
    return mailWritten(
      req,
      await accounts.changePassword(useCaseContext(req), user, clientRowId, req.body),
    );
  },
};
