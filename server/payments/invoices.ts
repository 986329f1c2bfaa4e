import { randomBytes } from 'node:crypto';
import { and, count, desc, eq } from 'drizzle-orm';
import { formatYen } from '../../src/domain/price';
import type { Db } from '../db/connect';
import { invoices, payments, users } from '../db/schema';
import { RuleError } from '../http/errors';
import { enqueueMail } from '../mail/outbox';
import { formatTokyo } from './format';

export const invoiceMessages = {
  paymentNotFound: 'お支払いが見つかりません。',
  notInvoiceable:
    '請求書を発行できるのは、お支払いが完了したカード決済（返金されていないもの）だけです。',
  duplicate: 'このお支払いの請求書はすでに発行されています。',
  addresseeRequired: 'addressee: 入力してください。',
} as const;

type InvoiceRow = typeof invoices.$inferSelect;

/** The document itself is prepared and sent by the operator, so pdfUrl stays null until then. */
function invoiceJson(i: InvoiceRow) {
  return {
    id: i.id,
    number: i.number,
    paymentHistoryId: i.paymentId,
    addressee: i.addressee,
    total: i.total,
    status: i.status,
    issuedAt: i.issuedAt.toISOString(),
    pdfUrl: null,
  };
}

export async function listInvoices(db: Db, worldId: string, page: number, perPage: number) {
  const where = eq(invoices.worldId, worldId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(invoices)
      .where(where)
      .orderBy(desc(invoices.issuedAt), desc(invoices.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(invoices).where(where),
  ]);
  return { items: rows.map(invoiceJson), page, perPage, total: total?.n ?? 0 };
}

/**
 * An invoice for a paid card payment of the world, addressed as the owner asks (宛名): numbered,
 * stored, and mailed in the same transaction to the operator (CONTACT_TO) who prepares the
 * document, with a copy to the requester. Card payments are already paid, so status "paid".
 * One per payment (409).
 */
export async function requestInvoice(
  db: Db,
  input: {
    worldId: string;
    userId: string;
    paymentId: string;
    addressee: string;
    contactTo: string | undefined;
  },
  now: Date,
) {
  const addressee = input.addressee.replace(/[\r\n]+/g, ' ').trim();
  if (!addressee) throw new RuleError('invalid', invoiceMessages.addresseeRequired);
  return db.transaction(async (tx) => {
    const [payment] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.id, input.paymentId), eq(payments.worldId, input.worldId)))
      .for('update');
    if (!payment) throw new RuleError('notFound', invoiceMessages.paymentNotFound);
    if (payment.status !== 'succeeded' || payment.paymentType !== 'card' || payment.cancelledAt) {
      throw new RuleError('invalid', invoiceMessages.notInvoiceable);
    }
    const number = `INV-${formatTokyo(now).slice(0, 7).replace('/', '')}-${randomBytes(4).toString('hex').toUpperCase()}`;
    const [invoice] = await tx
      .insert(invoices)
      .values({
        worldId: input.worldId,
        paymentId: payment.id,
        requestedBy: input.userId,
        number,
        addressee,
        total: payment.total,
        status: 'paid',
        issuedAt: now,
      })
      .onConflictDoNothing({ target: invoices.paymentId })
      .returning();
    if (!invoice) throw new RuleError('conflict', invoiceMessages.duplicate);
    const [requester] = await tx
      .select({ email: users.email, name: users.name })
      .from(users)
      .where(eq(users.id, input.userId));
    const text = [
      `請求書番号: ${number}`,
      `宛名: ${addressee} 様`,
      `金額: ${formatYen(payment.total)}（税込）`,
      `ワールド: ${payment.worldName}`,
      `お支払い日時: ${formatTokyo(payment.createdAt)}`,
      `お支払い番号: ${payment.id}`,
      `ご依頼者: ${requester?.name ?? ''} <${requester?.email ?? ''}>`,
    ].join('\n');
    if (input.contactTo) {
      await enqueueMail(tx, {
        to: input.contactTo,
        subject: `【Worlds】請求書の発行依頼 ${number}`,
        text: `請求書の発行依頼を受け付けました。書類を作成してご依頼者へ送付してください。\n\n${text}\n`,
      });
    }
    if (requester) {
      await enqueueMail(tx, {
        to: requester.email,
        subject: `【Worlds】請求書の発行を受け付けました ${number}`,
        text: `請求書の発行依頼を受け付けました。担当者が書類を作成し、このメールアドレスへお送りします。\n\n${text}\n\n――\nWorlds\n※このメールは送信専用のアドレスからお送りしています。\n`,
      });
    }
    return invoiceJson(invoice);
  });
}
