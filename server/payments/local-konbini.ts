// The local provider's コンビニ払い: a voucher (payment number, confirmation number, deadline) is
// a row of its ledger (local_payments, method konbini) waiting in requires_action until the store
// is paid (the development outbox page's 「支払い済みにする」 plays the store) or the deadline passes.
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import { konbiniMessages } from '../../src/domain/konbini';
import { tokyoDateStamp } from '../../src/domain/receipt';
import type { Db } from '../db/connect';
import { localPayments } from '../db/schema';
import { RuleError } from '../http/errors';
import type { VoucherRequest } from './provider';

type LocalPaymentRow = typeof localPayments.$inferSelect;

const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');

/** Issues the voucher once per key; the same key again answers the first row. */
export async function issueLocalVoucher(
  db: Db,
  request: VoucherRequest,
  at: Date,
): Promise<LocalPaymentRow> {
  const [fresh] = await db
    .insert(localPayments)
    .values({
      id: randomUUID(),
      idempotencyKey: request.idempotencyKey,
      customerId: request.customerId,
      cardToken: null,
      method: 'konbini',
      konbiniNumber: digits(11),
      konbiniConfirmation: digits(4),
      expiresAt: request.expiresAt,
      amount: request.amountYen,
      status: 'requires_action',
      receiptId: randomBytes(16).toString('base64url'),
      receiptNumber: `${tokyoDateStamp(at)}-${randomBytes(4).toString('hex').toUpperCase()}`,
      description: request.description,
      metadata: JSON.stringify(request.metadata),
      createdAt: at,
      updatedAt: at,
    })
    .onConflictDoNothing()
    .returning();
  if (fresh) return fresh;
  const [seen] = await db
    .select()
    .from(localPayments)
    .where(eq(localPayments.idempotencyKey, request.idempotencyKey));
  return seen!;
}

/**
 * The store was paid: one conditional update, so two at once pay once (the other is 409). An
 * unknown voucher is 404, one past its deadline or cancelled 422; nothing changes then.
 */
export async function payLocalVoucher(db: Db, providerPaymentId: string, at: Date): Promise<void> {
  const [paid] = await db
    .update(localPayments)
    .set({ status: 'succeeded', updatedAt: at })
    .where(
      and(
        eq(localPayments.id, providerPaymentId),
        eq(localPayments.method, 'konbini'),
        eq(localPayments.status, 'requires_action'),
        gt(localPayments.expiresAt, at),
      ),
    )
    .returning({ id: localPayments.id });
  if (!paid) await refusal(db, providerPaymentId);
}

/** Development: the deadline passes now (the voucher can no longer be paid). */
export async function expireLocalVoucher(
  db: Db,
  providerPaymentId: string,
  at: Date,
): Promise<void> {
  const [expired] = await db
    .update(localPayments)
    .set({
      status: 'failed',
      failureMessage: konbiniMessages.expired,
      expiresAt: at,
      updatedAt: at,
    })
    .where(
      and(
        eq(localPayments.id, providerPaymentId),
        eq(localPayments.method, 'konbini'),
        eq(localPayments.status, 'requires_action'),
      ),
    )
    .returning({ id: localPayments.id });
  if (!expired) await refusal(db, providerPaymentId);
}

/** Why a voucher cannot change: unknown (404), paid already (409), expired or cancelled (422). */
async function refusal(db: Db, providerPaymentId: string): Promise<never> {
  const [row] = await db
    .select({ status: localPayments.status })
    .from(localPayments)
    .where(and(eq(localPayments.id, providerPaymentId), eq(localPayments.method, 'konbini')));
  if (!row) throw new RuleError('notFound', konbiniMessages.voucherNotFound);
  if (row.status === 'succeeded') throw new RuleError('conflict', konbiniMessages.alreadyPaid);
  throw new RuleError('invalid', konbiniMessages.voucherClosed);
}

/** The open vouchers, newest first: what the development outbox page offers to pay or expire. */
export async function openLocalVouchers(db: Db, at: Date) {
  return db
    .select()
    .from(localPayments)
    .where(
      and(
        eq(localPayments.method, 'konbini'),
        eq(localPayments.status, 'requires_action'),
        gt(localPayments.expiresAt, at),
      ),
    )
    .orderBy(sql`${localPayments.createdAt} desc`)
    .limit(50);
}
