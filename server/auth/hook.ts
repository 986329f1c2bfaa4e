import type { FastifyReply, FastifyRequest } from 'fastify';
import { RuleError } from '../http/errors';
import { authenticate, type Authenticated } from './tokens';

export const unauthorizedMessage = 'ログインもしくはアカウント登録してください。';

function header(req: FastifyRequest, name: string): string {
  const value = req.headers[name];
  return typeof value === 'string' ? value : '';
}

/** preValidation hook of every secured operation: the devise_token_auth headers must name a live session. */
export async function requireAuth(req: FastifyRequest) {
  const token = header(req, 'access-token');
  const client = header(req, 'client');
  const uid = header(req, 'uid');
  if (!token || !client || !uid) throw new RuleError('unauthenticated', unauthorizedMessage);
  const { database, now } = req.server.deps;
  const auth = await authenticate(database.db, { token, client, uid }, now());
  if (!auth) throw new RuleError('unauthenticated', unauthorizedMessage);
  req.auth = auth;
}

/** The protocol's response headers; a blank access-token tells the client to keep its own. */
export function sessionHeaders(
  auth: Pick<Authenticated, 'user' | 'client' | 'newToken' | 'expiry'>,
) {
  return {
    'access-token': auth.newToken ?? '',
    'token-type': 'Bearer',
    client: auth.client,
    uid: auth.user.email,
    expiry: String(auth.expiry),
  };
}

export async function authHeaders(req: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (req.auth && !reply.hasHeader('access-token')) reply.headers(sessionHeaders(req.auth));
  return payload;
}
