// The payer's mails when a コンビニ払い voucher ends (docs/product.md §4 Checkout).
import { eq } from 'drizzle-orm';
import { formatYen } from '../../src/domain/price';
import type { Db } from '../db/connect';
import { users } from '../db/schema';
import { enqueueMail } from '../mail/outbox';
import { base, lines, siteName } from '../mail/templates';
import { formatTokyo, paymentDateLines } from './format';
import type { PaymentRow } from './history';

/**
 * The payer's mail when a voucher ends (applyOutcome calls it in its transaction when a konbini
 * payment waiting at the store changes): paid and reserved, or released at the deadline.
 */
export async function tellVoucherPayer(tx: Db, appUrl: string, row: PaymentRow): Promise<void> {
  if (row.paymentType !== 'konbini' || row.status === 'requires_action') return;
  const [payer] = await tx
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, row.userId));
  if (!payer) return;
  const world = row.worldName.replace(/\s+/g, ' ');
  const dates = (await paymentDateLines(tx, row.id)).map((d) => `・${d}`);
  const paid = row.status === 'succeeded';
  await enqueueMail(tx, {
    to: payer.email,
    subject: paid
      ? `【${siteName}】「${world}」のコンビニ払いを確認し、予約が確定しました`
      : `【${siteName}】「${world}」のコンビニ払いの期限が過ぎ、日時の確保を解除しました`,
    text: paid
      ? lines(
          `「${world}」のコンビニでのお支払い（${formatYen(row.total)}）を確認し、次の日時の予約が確定しました。`,
          '',
          ...dates,
          '',
          'お支払いの履歴と領収書は下記のページでご確認いただけます。',
          `${base(appUrl)}/mypage/payments`,
        )
      : lines(
          `「${world}」のコンビニ払い（${formatYen(row.total)}）は、支払期限${row.voucherExpiresAt ? `（${formatTokyo(row.voucherExpiresAt)}）` : ''}までにお支払いが確認できなかったため取り消し、次の日時の確保を解除しました。請求はありません。`,
          '',
          ...dates,
          '',
          'ご予約には、もう一度お手続きください。',
        ),
  });
}
