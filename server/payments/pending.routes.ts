import type { Handlers } from '../openapi/handler-types';
import { paymentDeps } from './payments.routes';
import { cancelPending, listPending, resumePending } from './pending';

export const pendingPaymentHandlers: Handlers = {
  async listPendingPayments(req) {
    const { database, now } = req.server.deps;
    return listPending(database.db, req.auth.user.id, req.query.worldId, now());
  },

  async resumePendingPayment(req, reply) {
    const result = await resumePending(paymentDeps(req), req.auth.user.id, req.params.id);
    reply.code(result.status);
    return result.body;
  },

  async cancelPendingPayment(req, reply) {
    await cancelPending(paymentDeps(req), req.auth.user.id, req.params.id);
    return reply.code(204).send();
  },
};
