import type { Db } from '../db/connect';
import { contactMessages } from '../db/schema';
import { enqueueMail } from '../mail/outbox';
import { contactReceivedMail } from '../mail/templates';

type ContactInput = typeof contactMessages.$inferInsert;

/** Stores the message and, when a support address is configured, mails it there in the same transaction. */
export async function receiveContact(db: Db, input: ContactInput, contactTo: string | undefined) {
  await db.transaction(async (tx) => {
    await tx.insert(contactMessages).values(input);
    if (contactTo) {
      await enqueueMail(tx, {
        to: contactTo,
        ...contactReceivedMail({ ...input, subject: input.subject ?? '' }),
      });
    }
  });
  return {
    message: 'お問い合わせを受け付けました。内容を確認のうえ、担当者よりご連絡いたします。',
  };
}
