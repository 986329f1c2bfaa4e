// What every payment step shares: its dependencies, its messages, and how a provider outage is
// answered. A file of its own so that checkout, applyOutcome and refund import it, not each other.
import type { Db } from '../db/connect';
import { RuleError } from '../http/errors';
import type { PaymentProvider } from './provider';

/** What checkout needs: the database, the provider, the clock. */
export type PaymentDeps = {
  db: Db;
  provider: PaymentProvider;
  now: () => Date;
  /** For links in the payer's mails (a コンビニ払い voucher issued, paid or expired); no mail without it. */
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

/** A call to the provider; when it throws, the caller is answered 502 (the cause kept for logs). */
export async function atProvider<T>(
  call: () => Promise<T>,
  message: string = checkoutMessages.providerUnavailable,
): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw Object.assign(new RuleError('upstreamFailed', message), { cause: err });
  }
}
