// Checkout: hold the dates and record the payment (transaction 1), charge through the provider
// (no transaction open), apply the outcome (transaction 2). ADR 008.
import { and, asc, eq, gt, ne } from 'drizzle-orm';
import { formatYen } from '../../src/domain/price';
import { calendarDateJson, datesJson, type CalendarDateRow } from '../calendar/calendar';
import {
  assertFree,
  calendarMessages,
  checkCart,
  releaseExpiredHolds,
  type Slot,
  type SlotInput,
} from '../calendar/rules';
import type { Db } from '../db/connect';
import { calendarDates, paymentMethods, payments, users } from '../db/schema';
import { RuleError } from '../http/errors';
import { historiesById, paymentHistoryJson, type PaymentRow } from './history';
import { holdDates, reserveHeld, type Held } from './hold';
import { tellVoucherPayer } from './konbini-mail';
import type { ChargeOutcome, PaymentProvider, Voucher } from './provider';
import { lockWorld } from '../db/world-locks';

/** What checkout needs: the database, the provider, the clock. */
export type PaymentDeps = {
  db: Db;
  provider: PaymentProvider;
  now: () => Date;
  /** For links in the payer's mails (a コンビニ払い voucher paid or expired); no mail without it. */
  appUrl?: string;
  /** Tests only (config.crashPoint): the process kills itself there, as a power cut would. */
  crashPoint?: 'after-charge';
};

export const checkoutMessages = {
  cardNotFound: 'お支払いに使うカードが見つかりません。カードを選び直してください。',
  paymentNotFound: 'お支払いが見つかりません。',
  providerUnavailable:
    '決済サービスに接続できませんでした。時間をおいてもう一度お試しください（二重に請求されることはありません）。',
  lateAndTaken:
    '本人認証の完了までに日時の確保期限が過ぎ、その間にほかの予約が入ったため、お支払いを返金しました。別の日時を選んでください。',
  cancelledByOwner: 'お支払いの手続き中に日時の確保を取り消したため、お支払いを返金しました。',
  released: '日時の確保を取り消したため、お支払いを中止しました。',
} as const;

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

  let outcome: ChargeOutcome;
  try {
    outcome = await deps.provider.charge({
      customerId: held.customerId,
      providerPaymentMethodId: held.providerPaymentMethodId,
      amountYen: total,
      idempotencyKey: payment.id,
      description: `${worldName} のカレンダー予約 ${slots.length}件`,
      metadata: { paymentId: payment.id, worldId: input.worldId, worldName },
    });
  } catch (err) {
    // The outcome is unknown: the dates stay held until the hold expires; confirmPayment
    // charges again with the same key, which never charges twice.
    throw Object.assign(new RuleError('upstreamFailed', checkoutMessages.providerUnavailable), {
      cause: err,
    });
  }
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
    let outcome: ChargeOutcome;
    try {
      outcome = payment.providerPaymentId
        ? await deps.provider.retrieve(payment.providerPaymentId)
        : await chargeAgain(deps, payment);
    } catch (err) {
      throw Object.assign(new RuleError('upstreamFailed', checkoutMessages.providerUnavailable), {
        cause: err,
      });
    }
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

/**
 * For the provider's asynchronous notices (the Stripe webhook): finds the payment by the
 * provider's id and applies the outcome (retrieved when not given). Idempotent: a payment that
 * already reached succeeded, failed or refunded is not changed again, except that money taken
 * for a payment the product no longer wants is refunded. Answers the payment's status, or null
 * when no payment has that id.
 */
export async function settleProviderPayment(
  deps: PaymentDeps,
  providerPaymentId: string,
  outcome?: ChargeOutcome,
): Promise<PaymentRow['status'] | null> {
  const [payment] = await deps.db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.provider, deps.provider.name),
        eq(payments.providerPaymentId, providerPaymentId),
      ),
    );
  if (!payment) return null;
  const settled = await applyOutcome(
    deps,
    payment.id,
    outcome ?? (await deps.provider.retrieve(providerPaymentId)),
  );
  return settled.status;
}

/**
 * The second step, in one transaction with the world locked, then the payment row:
 * - requires_action: the payment waits for the payer; its dates stay held.
 * - failed: the dates are cancelled (free at once), the payment failed with the provider's message.
 * - succeeded: the dates are reserved, with the receipt. If the hold expired meanwhile, the dates
 *   are reserved again when still free; when someone else took the time, or the owner released
 *   the dates, the money is refunded.
 */
export async function applyOutcome(
  deps: PaymentDeps,
  paymentId: string,
  outcome: ChargeOutcome,
  /** Called in the transaction whenever the payment's row changes (reconciliation mails here). */
  onChange?: (tx: Db, row: PaymentRow) => Promise<void>,
): Promise<PaymentRow> {
  const [head] = await deps.db
    .select({ worldId: payments.worldId })
    .from(payments)
    .where(eq(payments.id, paymentId));
  if (!head) throw new RuleError('notFound', checkoutMessages.paymentNotFound);
  const { row, refundOwed } = await deps.db.transaction(async (tx) => {
    const now = deps.now();
    await lockWorld(tx, head.worldId);
    const [payment] = await tx
      .select()
      .from(payments)
      .where(eq(payments.id, paymentId))
      .for('update');
    const open = payment!.status === 'processing' || payment!.status === 'requires_action';
    const providerPaymentId = outcome.providerPaymentId ?? payment!.providerPaymentId;
    const done = (row: PaymentRow, refundOwed = false) => ({ row, refundOwed });
    const update = async (values: Partial<typeof payments.$inferInsert>) => {
      const [row] = await tx
        .update(payments)
        .set({ ...values, providerPaymentId, updatedAt: now })
        .where(eq(payments.id, paymentId))
        .returning();
      await onChange?.(tx, row!);
      // A voucher ends (paid at the store, or its deadline passed): the payer is told.
      if (payment!.status === 'requires_action' && deps.appUrl)
        await tellVoucherPayer(tx, deps.appUrl, row!);
      return row!;
    };
    const releaseDates = () =>
      tx
        .update(calendarDates)
        .set({ status: 'cancelled', holdExpiresAt: null, updatedAt: now })
        .where(and(eq(calendarDates.paymentId, paymentId), eq(calendarDates.status, 'pending')));
    // Money was taken for dates the payment no longer holds: recorded here (failed, cancelled_at),
    // refunded after the commit; a refund that fails then is retried by the next settle.
    const giveBack = async (message: string) => {
      await releaseDates();
      return done(
        await update({
          status: 'failed',
          failureMessage: message,
          cancelledAt: now,
          receiptUrl: null,
        }),
        true,
      );
    };

    if (outcome.status === 'awaiting_payment') {
      const { voucher } = outcome;
      return done(
        payment!.status === 'processing'
          ? await update({
              status: 'requires_action',
              voucherNumber: voucher.paymentNumber,
              voucherConfirmation: voucher.confirmationNumber,
              voucherExpiresAt: voucher.expiresAt,
              voucherUrl: voucher.url,
            })
          : payment!,
      );
    }
    if (outcome.status === 'requires_action') {
      return done(
        payment!.status === 'processing' ? await update({ status: 'requires_action' }) : payment!,
      );
    }
    if (outcome.status === 'refunded') {
      if (payment!.status === 'refunded') return done(payment!);
      // Refunded at the provider (Stripe's dashboard): the payer has the money back, so the dates
      // it paid for that have not started are given up; started or past ones stay as they were.
      await tx
        .update(calendarDates)
        .set({ status: 'cancelled', holdExpiresAt: null, updatedAt: now })
        .where(
          and(
            eq(calendarDates.paymentId, paymentId),
            ne(calendarDates.status, 'cancelled'),
            gt(calendarDates.startAt, now),
          ),
        );
      return done(await update({ status: 'refunded', cancelledAt: payment!.cancelledAt ?? now }));
    }
    if (outcome.status === 'failed') {
      if (!open) return done(payment!);
      await releaseDates();
      return done(await update({ status: 'failed', failureMessage: outcome.message }));
    }
    // succeeded
    if (payment!.status === 'succeeded' || payment!.status === 'refunded') return done(payment!);
    if (payment!.status === 'failed') {
      return giveBack(
        payment!.cancelledAt
          ? (payment!.failureMessage ?? checkoutMessages.cancelledByOwner)
          : checkoutMessages.cancelledByOwner,
      );
    }
    const dates = await tx
      .select()
      .from(calendarDates)
      .where(eq(calendarDates.paymentId, paymentId))
      .for('update');
    const held = (d: CalendarDateRow) =>
      d.status === 'pending' && d.holdExpiresAt !== null && d.holdExpiresAt > now;
    const lapsed = dates.filter((d) => !held(d));
    if (lapsed.length > 0) {
      await releaseExpiredHolds(tx, head.worldId, now);
      const free =
        lapsed.every((d) => d.startAt > now) &&
        (await assertFree(
          tx,
          head.worldId,
          lapsed,
          now,
          dates.map((d) => d.id),
        ).then(
          () => true,
          () => false,
        ));
      if (!free) return giveBack(checkoutMessages.lateAndTaken);
    }
    await tx
      .update(calendarDates)
      .set({ status: 'reserved', holdExpiresAt: null, updatedAt: now })
      .where(eq(calendarDates.paymentId, paymentId));
    return done(
      await update({ status: 'succeeded', receiptUrl: outcome.receiptUrl, failureMessage: null }),
    );
  });
  return refundOwed ? refund(deps, row) : row;
}

/**
 * Refunds a payment whose money the product no longer wants (cancelled_at set while the provider
 * holds the money), outside any transaction: the provider is another system, and PGlite runs one
 * query at a time. Idempotent at the provider; the status says refunded only once it is.
 */
async function refund(deps: PaymentDeps, payment: PaymentRow): Promise<PaymentRow> {
  if (!payment.providerPaymentId || payment.paymentType !== 'card' || payment.status === 'refunded')
    return payment;
  try {
    await deps.provider.refund(payment.providerPaymentId);
  } catch (err) {
    throw Object.assign(new RuleError('upstreamFailed', checkoutMessages.providerUnavailable), {
      cause: err,
    });
  }
  const [row] = await deps.db
    .update(payments)
    .set({ status: 'refunded', updatedAt: deps.now() })
    .where(eq(payments.id, payment.id))
    .returning();
  return row!;
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
