import { randomBytes } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { mails } from '../db/schema';
import { isGuestAddress } from './addresses';

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
  // A guest's uid (guest-…@guest.invalid) is not an address anyone reads: the account flows
  // that find a user by address (sign-up of a taken address, reset, resend) must not mail it.
  if (isGuestAddress(mail.to)) return;
  await db.insert(mails).values({
    id: monotonicUuidV7(),
    toAddress: mail.to,
    subject: mail.subject,
    textBody: mail.text,
    // now() is the transaction's start time, so several mails from one transaction would tie;
    // clock_timestamp() separates them (PGlite's clock only has milliseconds, hence the id too).
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
    // Ties in created_at (same millisecond) fall back to the time-ordered id.
    .orderBy(desc(mails.createdAt), desc(mails.id))
    .limit(clampLimit(limit));
  return rows;
}

// Callers pass a query-string number; bound it so a typo cannot ask for the whole table.
function clampLimit(limit: number): number {
  if (!Number.isFinite(limit)) return 50;
  return Math.max(1, Math.min(Math.floor(limit), 1000));
}

let lastMs = 0;
let sequence = 0;

/**
 * A UUIDv7 (RFC 9562) whose 12-bit rand_a field is a counter within the millisecond, so ids this
 * process generates sort in creation order even when the database clock cannot tell them apart.
 */
function monotonicUuidV7(): string {
  let ms = Date.now();
  if (ms <= lastMs) {
    ms = lastMs;
    sequence += 1;
    if (sequence > 0xfff) {
      // 4096 ids in one millisecond: borrow the next millisecond rather than wrap around.
      ms += 1;
      sequence = 0;
    }
  } else {
    sequence = 0;
  }
  lastMs = ms;
  const bytes = randomBytes(16);
  bytes.writeUIntBE(ms, 0, 6);
  bytes[6] = 0x70 | (sequence >> 8);
  bytes[7] = sequence & 0xff;
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
