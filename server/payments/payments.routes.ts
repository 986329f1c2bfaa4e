import type { FastifyRequest } from 'fastify';
import { priceYen } from '../../src/domain/price';
import { calendarMessages } from '../calendar/rules';
import { HttpError } from '../http/errors';
import { limitAttempts } from '../http/rate-limit';
import type { Handlers } from '../openapi/handler-types';
import { checkout, confirm, customerFor } from './checkout';
import { checkoutMessages, type PaymentDeps } from './payment-deps';
import { PaymentRefusal } from './errors';
import { listPlans, reserveWithPlan } from './fixed';
import { listHistories } from './history';
import { listInvoices, requestInvoice } from './invoices';
import { checkoutKonbini } from './konbini';
import type { LocalPaymentProvider } from './local';
import {
  addMethod,
  getMethod,
  listMethods,
  makeDefault,
  paymentMethodJson,
  removeMethod,
} from './methods';
import type { PaymentProvider } from './provider';

export function paymentDeps(req: FastifyRequest): PaymentDeps {
  const { database, payments, now, config } = req.server.deps;
  return {
    db: database.db,
    provider: payments,
    now,
    appUrl: config.appUrl,
    crashPoint: config.crashPoint,
  };
}

const localOnlyMessage = 'この決済方法は利用できません。';

/** The local provider's own calls exist only while it is the provider (404 with Stripe). */
function localProvider(provider: PaymentProvider): LocalPaymentProvider {
  if (provider.name !== 'local' || !('tokenize' in provider))
    throw new HttpError(404, localOnlyMessage);
  return provider as LocalPaymentProvider;
}

export const paymentHandlers: Handlers = {
  async calcPrice(req) {
    const startAt = new Date(req.query.startAt);
    const endAt = new Date(req.query.endAt);
    if (!(endAt > startAt)) throw new HttpError(422, calendarMessages.endBeforeStart);
    return { price: priceYen({ startAt, endAt, capacity: req.query.capacity }) };
  },

  async createPayment(req, reply) {
    const { method, paymentMethodId, items, expectedTotal } = req.body;
    const cart = { worldId: req.world.id, userId: req.auth.user.id, items, expectedTotal };
    if (method !== 'konbini' && !paymentMethodId)
      throw new HttpError(422, checkoutMessages.cardNotFound);
    const result =
      method === 'konbini'
        ? await checkoutKonbini(paymentDeps(req), cart)
        : await checkout(paymentDeps(req), { ...cart, paymentMethodId: paymentMethodId! });
    reply.code(result.status);
    return result.body;
  },

  async confirmPayment(req, reply) {
    const result = await confirm(paymentDeps(req), req.world.id, req.params.id);
    reply.code(result.status);
    return result.body;
  },

  async listWorldPayments(req) {
    const { page, perPage } = req.query;
    return listHistories(req.server.deps.database.db, { worldId: req.world.id }, page, perPage);
  },

  async listPaymentHistories(req) {
    const { page, perPage, worldId } = req.query;
    return listHistories(
      req.server.deps.database.db,
      { userId: req.auth.user.id, worldId },
      page,
      perPage,
    );
  },

  async listFixedPayments(req) {
    const { database, now } = req.server.deps;
    return listPlans(database.db, req.world.id, now());
  },

  async createFixedPayment(req, reply) {
    const { database, now } = req.server.deps;
    const result = await reserveWithPlan(
      database.db,
      { worldId: req.world.id, userId: req.auth.user.id, items: req.body.items },
      now(),
    );
    reply.code(201);
    return result;
  },

  async listInvoices(req) {
    const { page, perPage } = req.query;
    return listInvoices(req.server.deps.database.db, req.world.id, page, perPage);
  },

  async createInvoice(req, reply) {
    const { database, config, now, mailWritten } = req.server.deps;
    const invoice = await requestInvoice(
      database.db,
      {
        worldId: req.world.id,
        userId: req.auth.user.id,
        paymentId: req.body.paymentHistoryId,
        addressee: req.body.addressee,
        contactTo: config.contactTo,
      },
      now(),
    );
    mailWritten();
    reply.code(201);
    return invoice;
  },

  async listPaymentMethods(req) {
    return listMethods(paymentDeps(req), req.auth.user.id);
  },

  async createPaymentMethod(req, reply) {
    await limitAttempts(req, 'cards', req.auth.user.email);
    const method = await addMethod(paymentDeps(req), req.auth.user.id, req.body);
    reply.code(201);
    return method;
  },

  async getPaymentMethod(req) {
    return paymentMethodJson(await getMethod(paymentDeps(req), req.auth.user.id, req.params.id));
  },

  async updatePaymentMethod(req) {
    return makeDefault(paymentDeps(req), req.auth.user.id, req.params.id);
  },

  async deletePaymentMethod(req, reply) {
    await removeMethod(paymentDeps(req), req.auth.user.id, req.params.id);
    return reply.code(204).send();
  },

  async getCommerceDisclosure(req) {
    return req.server.deps.config.seller;
  },

  async getPaymentConfig(req) {
    const { payments } = req.server.deps;
    return { provider: payments.name, publishableKey: payments.publishableKey };
  },

  async createPaymentMethodSetup(req, reply) {
    const deps = paymentDeps(req);
    const clientSecret =
      deps.provider.name === 'local'
        ? null
        : await deps.provider.createSetup(await customerFor(deps, req.auth.user.id));
    reply.code(201);
    return { provider: deps.provider.name, clientSecret };
  },

  async createLocalCardToken(req, reply) {
    const provider = localProvider(req.server.deps.payments);
    await limitAttempts(req, 'cards', req.auth.user.email);
    try {
      const card = await provider.tokenize(req.body);
      reply.code(201);
      return {
        token: card.token,
        brand: card.brand,
        last4: card.last4,
        expMonth: card.expMonth,
        expYear: card.expYear,
      };
    } catch (err) {
      if (err instanceof PaymentRefusal) throw new HttpError(422, err.message);
      throw err;
    }
  },

  async authenticateLocalPayment(req) {
    const provider = localProvider(req.server.deps.payments);
    return {
      message: await provider.authenticate(req.params.id, req.auth.user.id, req.body.result),
    };
  },
};
