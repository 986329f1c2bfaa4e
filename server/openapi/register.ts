import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type * as z from 'zod/mini';
import { errorMessages } from '../../src/domain/forms/fields';
import { errorBody, HttpError } from '../http/errors';
import { formSchemas } from './form-schemas';
import type { Operation } from './document';
import type { Handlers, OperationId } from './handler-types';
import { responseValidator, routeSchema, validatorCompiler } from './validation';

const notImplementedMessage = 'この機能はまだ提供されていません。';

/**
 * The handler groups of the areas (their *.routes.ts) as one map. Spreading them would let a second handler for
 * an operationId silently replace the first; this refuses at start and names both groups.
 */
export function mergeHandlers(groups: Record<string, Handlers>): Handlers {
  const merged: Record<string, unknown> = {};
  const owner = new Map<string, string>();
  for (const [group, handlers] of Object.entries(groups)) {
    for (const [operationId, handler] of Object.entries(handlers)) {
      const first = owner.get(operationId);
      if (first)
        throw new Error(`Two handlers for operation ${operationId}: in ${first} and in ${group}`);
      owner.set(operationId, group);
      merged[operationId] = handler;
    }
  }
  return merged as Handlers;
}

/**
 * The checks of who may call, from the areas that own them (auth/, guests/, worlds/), handed in by
 * server/app/app.ts: the openapi floor imports no area.
 */
export type Guards = {
  /** A live session, for every operation that does not say `security: []`. */
  requireAuth: (req: FastifyRequest) => Promise<void>;
  /** Whether a path is in the account area, closed to guests by refuseGuests. */
  isAccountArea: (path: string) => boolean;
  refuseGuests: (req: FastifyRequest) => Promise<void>;
  /** The caller's role in the path's world is one of x-world-roles. */
  requireWorldRole: (req: FastifyRequest, roles: readonly string[]) => Promise<void>;
};

/**
 * One route per operation of the contract: validated against it, authenticated unless it says
 * `security: []`, closed to guests under /api/mypage, authorized by x-world-roles, and answering
 * 501 until a handler exists.
 */
export function registerOperations(
  app: FastifyInstance,
  operations: Operation[],
  handlers: Handlers,
  options: { validateResponses: boolean; guards: Guards },
) {
  const { requireAuth, isAccountArea, refuseGuests, requireWorldRole } = options.guards;
  const optionalBodies = new WeakSet<object>();
  const validators = new Map<Operation, ReturnType<typeof responseValidator>>();
  app.setValidatorCompiler(validatorCompiler(optionalBodies));
  for (const op of operations) {
    const { bodyRequired, ...schema } = routeSchema(op);
    if (schema.body && !bodyRequired) optionalBodies.add(schema.body);
    const handler = (handlers as Record<string, RouteHandlerMethod | undefined>)[op.operationId];
    // Who may call comes before what they sent: an anonymous caller, a non-member or a wrong role
    // learns nothing from the validation of a body it may not send at all.
    const preValidation = [];
    if (op.secured) preValidation.push(requireAuth);
    if (op.secured && isAccountArea(op.path)) preValidation.push(refuseGuests);
    if (op.worldRoles) {
      const roles = op.worldRoles;
      preValidation.push((req: FastifyRequest) => requireWorldRole(req, roles));
    }
    const preHandler = [];
    const form = formSchemas[op.operationId as OperationId];
    if (form) preHandler.push((req: FastifyRequest) => applyForm(req, form));
    app.route({
      method: op.method,
      url: op.url,
      schema,
      config: { operation: op },
      preValidation,
      preHandler,
      handler: handler ?? notImplemented,
    });
    if (handler) validators.set(op, responseValidator(op));
  }
  if (options.validateResponses) {
    app.addHook('onSend', async (req, reply, payload) => {
      const op = req.routeOptions.config.operation;
      const check = op && validators.get(op);
      // A 5xx is already a failure (checking it could loop through the error handler).
      if (!op || !check || reply.statusCode >= 500) return payload;
      const type = String(reply.getHeader('content-type') ?? '');
      const body =
        type.includes('json') && typeof payload === 'string' ? JSON.parse(payload) : undefined;
      const problem = check(reply.statusCode, body);
      if (problem)
        throw new Error(
          `${op.operationId} answered ${reply.statusCode} off the contract: ${problem}`,
        );
      return payload;
    });
  }
}

/** The form's rules on a body that already has the contract's shape; the parsed (trimmed) body replaces it. */
async function applyForm(req: FastifyRequest, form: z.ZodMiniType) {
  const result = form.safeParse(req.body);
  if (!result.success) throw new HttpError(422, errorMessages(result.error));
  req.body = result.data;
}

async function notImplemented(_req: FastifyRequest, reply: FastifyReply) {
  return reply.code(501).send(errorBody([notImplementedMessage]));
}
