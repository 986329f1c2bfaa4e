// The payer's mails about a コンビニ払い voucher (docs/product.md §4 Checkout): issued, paid, or
// released at its deadline.
import { eq } from 'drizzle-orm';
import { formatYen } from '../../src/domain/price';
import type { Db } from '../db/connect';
import { users } from '../db/schema';
import { enqueueMail } from '../mail/outbox';
import { base, lines, siteName } from '../mail/templates';
import { formatTokyo, paymentDateLines } from './format';
import type { PaymentRow } from './history';

/**
 * The payer's mail when a konbini payment's voucher is issued (its numbers and deadline, to take
 * to the store), or when it ends: paid and reserved, or released at the deadline. applyOutcome
 * calls it in its transaction whenever a payment enters or leaves requires_action.
 */
export async function tellVoucherPayer(tx: Db, appUrl: string, row: PaymentRow): Promise<void> {
  if (row.paymentType !== 'konbini') return;
  const [payer] = await tx
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, row.userId));
  if (!payer) return;
  const world = row.worldName.replace(/\s+/g, ' ');
  const dates = (await paymentDateLines(tx, row.id)).map((d) => `・${d}`);
  const deadline = row.voucherExpiresAt ? formatTokyo(row.voucherExpiresAt) : '';
  const history = `${base(appUrl)}/mypage/payments`;
  if (row.status === 'requires_action') {
    await enqueueMail(tx, {
      to: payer.email,
      subject: `【${siteName}】「${world}」のコンビニ払いの払込票（支払期限 ${deadline}）`,
      text: lines(
        `「${world}」のコンビニ払いの払込票を発行しました。支払期限までに、コンビニの端末またはレジで次の番号をお伝えのうえお支払いください。`,
        '',
        `払込票番号: ${row.voucherNumber ?? ''}`,
        `確認番号: ${row.voucherConfirmation ?? ''}`,
        `支払期限: ${deadline}`,
        `お支払い金額: ${formatYen(row.total)}（税込）`,
        ...(row.voucherUrl ? [`払込票（店舗ごとのお支払い方法）: ${row.voucherUrl}`] : []),
        '',
        'お支払いが確認されると、次の日時の予約が確定し、メールでお知らせします。期限までにお支払いがないと、日時の確保は解除されます（請求はありません）。',
        '',
        ...dates,
        '',
        '払込票は下記のページでもう一度ご覧いただけます。',
        history,
      ),
    });
    return;
  }
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
          history,
        )
      : lines(
          `「${world}」のコンビニ払い（${formatYen(row.total)}）は、支払期限${deadline ? `（${deadline}）` : ''}までにお支払いが確認できなかったため取り消し、次の日時の確保を解除しました。請求はありません。`,
          '',
          ...dates,
          '',
          'ご予約には、もう一度お手続きください。',
        ),
  });
}
