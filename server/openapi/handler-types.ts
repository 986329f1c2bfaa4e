import type { FastifyReply, FastifyRequest } from 'fastify';
import type { operations } from '../../src/services/api/schema';

export type OperationId = keyof operations;

type ContentOf<T> = T extends { content: infer C } ? C[keyof C] : never;
type Params<K extends OperationId> = operations[K] extends { parameters: infer P } ? P : never;

export type BodyOf<K extends OperationId> = operations[K] extends { requestBody?: infer R }
  ? ContentOf<NonNullable<R>>
  : undefined;
export type QueryOf<K extends OperationId> = Params<K> extends { query?: infer Q } ? NonNullable<Q> : never;
export type PathOf<K extends OperationId> = Params<K> extends { path?: infer P } ? NonNullable<P> : never;

type Responses<K extends OperationId> = operations[K] extends { responses: infer R } ? R : never;
/**
 * The bodies of the operation's 2xx answers. A 204 has none: the handler sends the empty reply
 * itself and returns it (`return reply.code(204).send()`).
 */
export type SuccessOf<K extends OperationId> = {
  [S in keyof Responses<K>]: S extends 204 ? FastifyReply : S extends 200 | 201 | 202 ? ContentOf<Responses<K>[S]> : never;
}[keyof Responses<K>];

export type Handler<K extends OperationId> = (
  req: FastifyRequest<{ Body: BodyOf<K>; Querystring: QueryOf<K>; Params: PathOf<K> }>,
  reply: FastifyReply,
) => Promise<SuccessOf<K>>;

export type Handlers = { [K in OperationId]?: Handler<K> };
