import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { mails } from '../db/schema';

export type OutgoingMail = { to: string; subject: string; text: string };

export type StoredMail = {
  id: string;
  to: string;
  subject: string;
  text: string;
  createdAt: Date;
  sentAt: Date | null;
};

/**
 * Writes a mail to the outbox. Pass the transaction that makes the change the mail announces:
 * the mail then exists if and only if the change committed (no mail for a rolled-back sign-up,
 * no sign-up without its mail). Delivery happens later, see delivery.ts.
 */
export async function enqueueMail(db: Db, mail: OutgoingMail): Promise<void> {
  // Line breaks in an address or subject would let a caller inject headers; templates never
  // produce them, so one here is a bug worth failing loudly on.
  if (/[\r\n]/.test(mail.to) || /[\r\n]/.test(mail.subject)) {
    throw new Error('Mail recipient and subject must be single-line');
  }
  if (mail.to.trim() === '') throw new Error('Mail recipient is empty');
  await db.insert(mails).values({
    toAddress: mail.to,
    subject: mail.subject,
    textBody: mail.text,
    // now() is the transaction's start time, so several mails from one transaction would tie;
    // clock_timestamp() keeps "newest first" meaningful for them too.
    createdAt: sql`clock_timestamp()`,
  });
}

/** The most recent mails, newest first (the /dev/mails page and tests read mail here). */
export async function listMails(
  db: Db,
  { limit, to }: { limit: number; to?: string },
): Promise<StoredMail[]> {
  const rows = await db
    .select({
      id: mails.id,
      to: mails.toAddress,
      subject: mails.subject,
      text: mails.textBody,
      createdAt: mails.createdAt,
      sentAt: mails.sentAt,
    })
    .from(mails)
    .where(to === undefined ? undefined : eq(mails.toAddress, to))
    .orderBy(desc(mails.createdAt), desc(mails.id))
    .limit(clampLimit(limit));
  return rows;
}

// Callers pass a query-string number; bound it so a typo cannot ask for the whole table.
function clampLimit(limit: number): number {
  if (!Number.isFinite(limit)) return 50;
  return Math.max(1, Math.min(Math.floor(limit), 1000));
}
