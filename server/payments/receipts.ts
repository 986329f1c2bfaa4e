// Receipts as qualified invoices (適格請求書) of card payments; rules in docs/receipts.md.
import { and, eq, inArray } from 'drizzle-orm';
import {
  CONSUMPTION_TAX_PERCENT,
  includedTax,
  normaliseAddressee,
  receiptNumber,
} from '../../src/domain/receipt';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import {
  calendarDates,
  paymentMethods,
  paymentRefunds,
  payments,
  receiptAddressees,
  users,
} from '../db/schema';
import { RuleError } from '../http/errors';
import { memberRole } from '../worlds/access';
import { paidDates, paidDatesColumn } from './history';

export const receiptMessages = {
  notFound: '領収書が見つかりません。',
  payerOnly: '宛名を変更できるのは、お支払いをした方だけです。',
  addresseeRequired: 'addressee: 宛名を入力してください。',
  addresseeChangedOnce: '宛名はすでに変更されています。宛名の変更は1回だけです。',
  refundNotFound: '返金が見つかりません。',
} as const;

/**
 * The receipt of a card payment that moved money (succeeded, or refunded since), for the payer or
 * an owner of its world; 404 for anyone else, so payment ids cannot be probed.
 */
export async function getReceipt(
  db: Db,
  issuer: Config['invoiceIssuer'],
  paymentId: string,
  viewerId: string,
) {
  return (await readReceipt(db, issuer, paymentId, viewerId)).receipt;
}

async function readReceipt(
  db: Db,
  issuer: Config['invoiceIssuer'],
  paymentId: string,
  viewerId: string,
) {
  const [row] = await db
    .select({
      payment: payments,
      payerName: users.name,
      cardBrand: paymentMethods.brand,
      addressee: receiptAddressees.addressee,
      addresseeEditedAt: receiptAddressees.editedAt,
      dates: paidDatesColumn,
    })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .leftJoin(paymentMethods, eq(paymentMethods.id, payments.paymentMethodId))
    .leftJoin(receiptAddressees, eq(receiptAddressees.paymentId, payments.id))
    .where(
      and(
        eq(payments.id, paymentId),
        inArray(payments.paymentType, ['card', 'konbini']),
        inArray(payments.status, ['succeeded', 'refunded']),
      ),
    );
  if (!row) throw new RuleError('notFound', receiptMessages.notFound);
  const { payment } = row;
  const isPayer = payment.userId === viewerId;
  if (!isPayer && (await memberRole(db, payment.worldId, viewerId)) !== 'owner')
    throw new RuleError('notFound', receiptMessages.notFound);
  const receipt = {
    paymentId: payment.id,
    number: receiptNumber(payment.createdAt, payment.id),
    status:
      payment.status === 'refunded' || payment.cancelledAt
        ? ('refunded' as const)
        : ('paid' as const),
    issuer,
    qualified: issuer.registrationNumber !== null,
    addressee: row.addressee ?? row.payerName,
    addresseeEditedAt: row.addresseeEditedAt?.toISOString() ?? null,
    addresseeEditable: isPayer && row.addressee === null,
    paidAt: payment.createdAt.toISOString(),
    worldName: payment.worldName,
    // A voucher paid at a store has no card: cardLabel names the method (コンビニ払い).
    cardBrand: payment.paymentType === 'konbini' ? 'konbini' : row.cardBrand,
    cardLast4: payment.cardLast4,
    lines: paidDates(row.dates),
    taxRate: CONSUMPTION_TAX_PERCENT,
    total: payment.total,
    // The charged total, not the sum of the lines: the receipt states what was paid.
    tax: includedTax(payment.total),
  };
  return { receipt, isPayer };
}

export type ReceiptJson = Awaited<ReturnType<typeof getReceipt>>;

/** The payer replaces the addressee once; who and when are kept with it. */
export async function changeAddressee(
  db: Db,
  issuer: Config['invoiceIssuer'],
  input: { paymentId: string; userId: string; addressee: string },
  now: Date,
) {
  const { receipt, isPayer } = await readReceipt(db, issuer, input.paymentId, input.userId);
  if (!isPayer) throw new RuleError('forbidden', receiptMessages.payerOnly);
  if (!receipt.addresseeEditable)
    throw new RuleError('conflict', receiptMessages.addresseeChangedOnce);
  const addressee = normaliseAddressee(input.addressee);
  if (!addressee) throw new RuleError('invalid', receiptMessages.addresseeRequired);
  // Two changes at once: the primary key lets one in, the other is the second change.
  const [inserted] = await db
    .insert(receiptAddressees)
    .values({ paymentId: input.paymentId, addressee, editedBy: input.userId, editedAt: now })
    .onConflictDoNothing({ target: receiptAddressees.paymentId })
    .returning({ paymentId: receiptAddressees.paymentId });
  if (!inserted) throw new RuleError('conflict', receiptMessages.addresseeChangedOnce);
  return getReceipt(db, issuer, input.paymentId, input.userId);
}

/**
 * The document of one refund of a cancelled date (適格返還請求書 with a registration number,
 * docs/receipts.md): the receipt's readers, the receipt's addressee, the refund's own number.
 */
export async function getRefundDocument(
  db: Db,
  issuer: Config['invoiceIssuer'],
  ids: { paymentId: string; refundId: string },
  viewerId: string,
) {
  const { receipt } = await readReceipt(db, issuer, ids.paymentId, viewerId);
  const [row] = await db
    .select({ refund: paymentRefunds, date: calendarDates })
    .from(paymentRefunds)
    .innerJoin(calendarDates, eq(calendarDates.id, paymentRefunds.calendarDateId))
    .where(and(eq(paymentRefunds.id, ids.refundId), eq(paymentRefunds.paymentId, ids.paymentId)));
  if (!row) throw new RuleError('notFound', receiptMessages.refundNotFound);
  const { refund, date } = row;
  return {
    number: `R${receiptNumber(refund.createdAt, refund.id)}`,
    receiptNumber: receipt.number,
    issuer,
    qualified: receipt.qualified,
    addressee: receipt.addressee,
    paidAt: receipt.paidAt,
    refundedAt: refund.createdAt.toISOString(),
    worldName: receipt.worldName,
    cardBrand: receipt.cardBrand,
    cardLast4: receipt.cardLast4,
    line: {
      startAt: date.startAt.toISOString(),
      endAt: date.endAt.toISOString(),
      capacity: date.capacity,
      amount: refund.dateAmount,
    },
    percent: refund.percent,
    amount: refund.amount,
    taxRate: CONSUMPTION_TAX_PERCENT,
    // One rounding per document, as for the receipt.
    tax: includedTax(refund.amount),
  };
}

export type RefundDocumentJson = Awaited<ReturnType<typeof getRefundDocument>>;
