// Checkout: hold the dates and record the payment (transaction 1), charge through the provider
// (no transaction open), apply the outcome (transaction 2, apply-outcome.ts). ADR 008.
import { and, asc, eq, ne } from 'drizzle-orm';
import { formatYen } from '../../src/domain/price';
import { calendarDateJson, datesJson } from '../calendar/calendar';
import { calendarMessages, checkCart, type Slot, type SlotInput } from '../calendar/rules';
import type { Db } from '../db/connect';
import { calendarDates, paymentMethods, payments, users } from '../db/schema';
import { RuleError } from '../http/errors';
import { applyOutcome } from './apply-outcome';
import { historiesById, paymentHistoryJson, type PaymentRow } from './history';
import { holdDates, reserveHeld, type Held } from './hold';
import { atProvider, checkoutMessages, type PaymentDeps } from './payment-deps';
import type { ChargeOutcome, PaymentProvider, Voucher } from './provider';

export type CheckoutAnswer =
  | { status: 201; body: Awaited<ReturnType<typeof paymentResult>> }
  | {
      status: 202;
      body: {
        paymentId: string;
        status: 'requires_action';
        nextAction: {
          provider: PaymentProvider['name'];
          clientSecret: string;
          /** A コンビニ払い voucher waiting to be paid at a store. */
          voucher?: VoucherJson;
        };
      };
    };

type VoucherJson = {
  paymentNumber: string;
  confirmationNumber: string;
  expiresAt: string;
  url: string | null;
};

/** The user's customer at this provider, created on first use and remembered on the user. */
export async function customerFor(deps: PaymentDeps, userId: string): Promise<string> {
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new RuleError('notFound', checkoutMessages.cardNotFound);
  const known = user.paymentCustomerProvider === deps.provider.name ? user.paymentCustomerId : null;
  const customerId = await deps.provider.ensureCustomer({
    id: user.id,
    email: user.email,
    name: user.name,
    customerId: known,
  });
  if (customerId !== known) {
    await deps.db
      .update(users)
      .set({ paymentCustomerId: customerId, paymentCustomerProvider: deps.provider.name })
      .where(eq(users.id, userId));
  }
  return customerId;
}

type CartInput = {
  worldId: string;
  userId: string;
  items: SlotInput[];
  expectedTotal: number;
};

/**
 * Checks and prices the cart (422 when the total is not the one the user saw) and holds its
 * dates with the payment recorded (409 on an overlap); the payer's customer at the provider is
 * made first when there is none. `holdUntil` is a voucher's deadline (15 minutes otherwise).
 */
export async function holdCart(
  deps: PaymentDeps,
  input: CartInput & { paymentMethodId: string | null },
  holdUntil?: (slots: Slot[], now: Date) => Date,
) {
  const now = deps.now();
  const { slots, total } = checkCart(input.items, now);
  if (total !== input.expectedTotal)
    throw new RuleError(
      'invalid',
      `${calendarMessages.totalChanged}（最新の金額: ${formatYen(total)}）`,
    );
  const holdExpiresAt = holdUntil?.(slots, now);
  const hold = () =>
    holdDates(
      deps.db,
      deps.provider.name,
      { ...input, slots, total, now, holdExpiresAt },
      checkoutMessages.cardNotFound,
    );
  let held = await hold();
  if (!held) {
    // The first payment at this provider: its customer is made outside any transaction.
    await customerFor(deps, input.userId);
    held = await hold();
    if (!held) throw new RuleError('invalid', checkoutMessages.cardNotFound);
  }
  return { held, slots, total };
}

/**
 * createPayment by card: holds the cart (holdCart), charges with the payment's id as the
 * idempotency key, then applies the outcome.
 */
export async function checkout(
  deps: PaymentDeps,
  input: CartInput & { paymentMethodId: string },
): Promise<CheckoutAnswer> {
  const { held, slots, total } = await holdCart(deps, input);
  const { payment, worldName } = held;

  // When the provider fails the outcome is unknown: the dates stay held until the hold expires;
  // confirmPayment charges again with the same key, which never charges twice.
  const outcome = await atProvider(() =>
    deps.provider.charge({
      customerId: held.customerId,
      providerPaymentMethodId: held.providerPaymentMethodId,
      amountYen: total,
      idempotencyKey: payment.id,
      description: `${worldName} のカレンダー予約 ${slots.length}件`,
      metadata: { paymentId: payment.id, worldId: input.worldId, worldName },
    }),
  );
  // Charged, not yet recorded: reconciliation (reconcile.ts) settles what a crash here leaves.
  if (deps.crashPoint === 'after-charge') process.kill(process.pid, 'SIGKILL');
  if (outcome.status === 'succeeded') {
    // The usual case in one statement; anything unusual (or a deadlock with a cancellation
    // racing it) goes through applyOutcome below, which is idempotent.
    const reserved = await reserveHeld(deps.db, held, outcome, deps.now()).catch(() => null);
    if (reserved) return { status: 201, body: heldResult(reserved, deps.now()) };
  }
  await applyOutcome(deps, payment.id, outcome);
  return answer(deps, payment.id);
}

/** PaymentResult from rows in hand (checkout's fast path reads nothing back). */
function heldResult(held: Held, now: Date) {
  const dates = [...held.dates].sort((a, b) => a.startAt.getTime() - b.startAt.getTime());
  const history = paymentHistoryJson({
    payment: held.payment,
    worldName: held.worldName,
    userName: held.userName,
    dates,
  });
  return {
    paymentHistory: history,
    calendarDates: dates.map((d) => calendarDateJson(d, history, now)),
  };
}

/** confirmPayment: the outcome now (after the payer authenticated), applied like checkout's. */
export async function confirm(
  deps: PaymentDeps,
  worldId: string,
  paymentId: string,
): Promise<CheckoutAnswer> {
  const [payment] = await deps.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.id, paymentId),
        eq(payments.worldId, worldId),
        ne(payments.paymentType, 'fixed'),
      ),
    );
  if (!payment) throw new RuleError('notFound', checkoutMessages.paymentNotFound);
  if (
    (payment.status === 'processing' || payment.status === 'requires_action') &&
    payment.provider === deps.provider.name
  ) {
    const outcome = await atProvider(() =>
      payment.providerPaymentId
        ? deps.provider.retrieve(payment.providerPaymentId)
        : chargeAgain(deps, payment),
    );
    await applyOutcome(deps, payment.id, outcome);
  }
  return answer(deps, payment.id);
}

/** The first charge's outcome was never recorded (a crash or an outage): the same key again. */
async function chargeAgain(deps: PaymentDeps, payment: PaymentRow): Promise<ChargeOutcome> {
  // A voucher is never issued again here: the one issued with this key, or none.
  if (payment.paymentType === 'konbini')
    return (
      (await deps.provider.findCharge(payment.id)) ?? {
        status: 'failed',
        providerPaymentId: null,
        message: checkoutMessages.providerUnavailable,
      }
    );
  const [method] = await deps.db
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.id, payment.paymentMethodId!));
  if (!method)
    return { status: 'failed', providerPaymentId: null, message: checkoutMessages.cardNotFound };
  const count = (
    await deps.db
      .select({ id: calendarDates.id })
      .from(calendarDates)
      .where(eq(calendarDates.paymentId, payment.id))
  ).length;
  return deps.provider.charge({
    customerId: await customerFor(deps, payment.userId),
    providerPaymentMethodId: method.providerPaymentMethodId,
    amountYen: payment.total,
    idempotencyKey: payment.id,
    description: `${payment.worldName} のカレンダー予約 ${count}件`,
    metadata: { paymentId: payment.id, worldId: payment.worldId, worldName: payment.worldName },
  });
}

/** The answer for a payment as it now stands: 201 paid, 202 waiting, 422 refused. */
export async function answer(deps: PaymentDeps, paymentId: string): Promise<CheckoutAnswer> {
  const [payment] = await deps.db.select().from(payments).where(eq(payments.id, paymentId));
  if (payment!.status === 'succeeded')
    return { status: 201, body: await paymentResult(deps.db, paymentId, deps.now()) };
  if (payment!.status === 'requires_action' && payment!.providerPaymentId) {
    const outcome = await deps.provider.retrieve(payment!.providerPaymentId);
    if (outcome.status === 'requires_action' || outcome.status === 'awaiting_payment') {
      return {
        status: 202,
        body: {
          paymentId,
          status: 'requires_action',
          nextAction: {
            provider: deps.provider.name,
            clientSecret: outcome.clientSecret,
            ...(outcome.status === 'awaiting_payment' && {
              voucher: voucherJson(outcome.voucher),
            }),
          },
        },
      };
    }
    // Settled meanwhile (the payer answered, a webhook came): apply it and answer that.
    await applyOutcome(deps, paymentId, outcome);
    return answer(deps, paymentId);
  }
  throw new RuleError('invalid', payment!.failureMessage ?? checkoutMessages.providerUnavailable);
}

function voucherJson(voucher: Voucher): VoucherJson {
  return { ...voucher, expiresAt: voucher.expiresAt.toISOString() };
}

/** PaymentResult: the history and its dates. */
export async function paymentResult(db: Db, paymentId: string, now: Date) {
  const history = (await historiesById(db, [paymentId])).get(paymentId)!;
  const dates = await db
    .select()
    .from(calendarDates)
    .where(and(eq(calendarDates.paymentId, paymentId), ne(calendarDates.status, 'cancelled')))
    .orderBy(asc(calendarDates.startAt));
  return { paymentHistory: history, calendarDates: await datesJson(db, dates, now) };
}
