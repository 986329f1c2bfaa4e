import type { FastifyReply, FastifyRequest } from 'fastify';
import type { operations } from '../../src/services/api/schema';
import type { WorldRole } from '../db/schema';
import type { PublicOperation, QueryDefaults, WorldOperation } from './operation-access';

/** The signed-in caller, as server/app/deps.ts declares `request.auth` (no import of auth/). */
type Authenticated = NonNullable<FastifyRequest['auth']>;

export type OperationId = keyof operations;

type ContentOf<T> = T extends { content: infer C } ? C[keyof C] : never;
type Params<K extends OperationId> = operations[K] extends { parameters: infer P } ? P : never;

type BodyOf<K extends OperationId> = operations[K] extends { requestBody?: infer R }
  ? ContentOf<NonNullable<R>>
  : undefined;
type DeclaredQuery<K extends OperationId> =
  Params<K> extends { query?: infer Q } ? NonNullable<Q> : never;
/** The query as the handler sees it: parameters with a contract default are always present. */
type QueryOf<K extends OperationId> = K extends keyof QueryDefaults
  ? DeclaredQuery<K> & Required<Pick<DeclaredQuery<K>, QueryDefaults[K] & keyof DeclaredQuery<K>>>
  : DeclaredQuery<K>;
type PathOf<K extends OperationId> = Params<K> extends { path?: infer P } ? NonNullable<P> : never;

type Responses<K extends OperationId> = operations[K] extends { responses: infer R } ? R : never;
/**
 * The bodies of the operation's 2xx answers. A 204 has none: the handler sends the empty reply
 * itself and returns it (`return reply.code(204).send()`).
 */
type SuccessOf<K extends OperationId> = {
  [S in keyof Responses<K>]: S extends 204
    ? FastifyReply
    : S extends 200 | 201 | 202
      ? ContentOf<Responses<K>[S]>
      : never;
}[keyof Responses<K>];

/**
 * What registerOperations (register.ts) guarantees before the handler runs: a session for every
 * operation not marked `security: []` (requireAuth), and the world with the caller's role for
 * every operation with x-world-roles (requireWorldRole).
 */
type Guaranteed<K extends OperationId> = {
  auth: K extends PublicOperation ? Authenticated | null : Authenticated;
  world: K extends WorldOperation ? { id: string; role: WorldRole } : null;
};

type HandlerRequest<K extends OperationId> = Omit<
  FastifyRequest<{ Body: BodyOf<K>; Querystring: QueryOf<K>; Params: PathOf<K> }>,
  'auth' | 'world'
> &
  Guaranteed<K>;

/**
 * One operation's handler, for a handler written outside a `Handlers` group.
 * @public
 */
export type Handler<K extends OperationId> = (
  req: HandlerRequest<K>,
  reply: FastifyReply,
) => Promise<SuccessOf<K>>;

export type Handlers = { [K in OperationId]?: Handler<K> };
